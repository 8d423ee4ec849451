// The framework's GResource bundle, compiled from data/resources by tools/resources.sh and linked
// in (resources.c). Plain C without GLib's headers: GtkKit hands the bytes to GLib.
#ifndef CHUBRESOURCES_H
#define CHUBRESOURCES_H

// The compiled bundle (glib-compile-resources' format), aligned to 8, valid for the process's life.
const unsigned char *hub_framework_resources_data(void);
// Its length in bytes.
unsigned long hub_framework_resources_size(void);

#endif
