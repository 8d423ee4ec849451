// libsoup 3, GNOME's HTTP library, for GtkKit's HTTP client (Sources/GtkKit/Network). A module of its
// own because its headers live under their own pkg-config name (libsoup-3.0); the Swift files that
// use it import this module and not CGtk, and its helpers carry a hub_soup_ prefix so that they
// never collide with CGtk's hub_ ones. In a whole-module (release) build the constants of GLib's enums
// (G_IO_ERROR_CANCELLED, …) are visible through only one of the two modules: a file that needs one
// and imports the other module reaches it through a helper of its own module's shim.
#ifndef HUB_CSOUP_SHIM_H
#define HUB_CSOUP_SHIM_H

#include <libsoup/soup.h>
#include <string.h>

// G_IO_ERROR, G_TLS_ERROR, G_RESOLVER_ERROR and SOUP_SESSION_ERROR are macros over functions.
static inline GQuark hub_soup_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark hub_soup_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark hub_soup_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
static inline GQuark hub_soup_session_error_quark(void) { return SOUP_SESSION_ERROR; }

// The connection limits are construct-only properties, and soup_session_new_with_options is variadic.
static inline SoupSession *hub_soup_session_new(int max_conns, int max_conns_per_host) {
    return soup_session_new_with_options("max-conns", max_conns, "max-conns-per-host", max_conns_per_host, NULL);
}

// A message's progress before its response (SoupHTTPClient reports where a transfer waits):
// "network-event" is emitted while the message opens a connection of its own, "wrote-headers" once
// its request is on the wire. g_signal_connect and G_CALLBACK are macros.
typedef void (*HubSoupMessageCallback)(SoupMessage *message, gpointer data);
typedef void (*HubSoupNetworkEventCallback)(SoupMessage *message, GSocketClientEvent event, GIOStream *connection,
                                            gpointer data);

static inline gulong hub_soup_message_on_wrote_headers(SoupMessage *message, HubSoupMessageCallback callback,
                                                       gpointer data) {
    return g_signal_connect_data(message, "wrote-headers", G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

static inline gulong hub_soup_message_on_network_event(SoupMessage *message, HubSoupNetworkEventCallback callback,
                                                       gpointer data) {
    return g_signal_connect_data(message, "network-event", G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

// libsoup refuses response headers over 100 KiB with G_IO_ERROR_PARTIAL_INPUT, the code of a
// connection cut short, told apart only by its message: "Header too big", in the locale's words
// (libsoup translates it in its own gettext domain, so the same lookup gives the same text).
static inline gboolean hub_soup_error_is_header_too_big(const GError *error) {
    if (error == NULL || error->domain != G_IO_ERROR || error->code != G_IO_ERROR_PARTIAL_INPUT
        || error->message == NULL) {
        return FALSE;
    }
    return strcmp(error->message, "Header too big") == 0
        || strcmp(error->message, g_dgettext("libsoup-3.0", "Header too big")) == 0;
}

#endif
