// GIO and GLib without GTK, for command-line tools (hublive) that need GLib's main loop and
// GFileMonitor but must run without a display and need not load GTK. The GTK side of the package
// has its own module, CGtk, over the same GLib headers: a Swift file should import one of the two,
// and the helpers here carry a hub_gio_ prefix so that they never collide with CGtk's hub_ ones.
#ifndef HUB_CGIO_SHIM_H
#define HUB_CGIO_SHIM_H

#include <gio/gio.h>
#include <glib-unix.h>

// GFileMonitor::changed (monitor, file, other file, event); g_signal_connect and G_CALLBACK are
// macros, so the connection is made here with the callback's real type.
typedef void (*HubGioFileMonitorCallback)(GFileMonitor *monitor, GFile *file, GFile *other_file,
                                          GFileMonitorEvent event, gpointer user_data);

static inline gulong hub_gio_connect_file_monitor_changed(GFileMonitor *monitor, HubGioFileMonitorCallback cb,
                                                          gpointer data) {
    return g_signal_connect_data(monitor, "changed", G_CALLBACK(cb), data, NULL, (GConnectFlags)0);
}

#endif
