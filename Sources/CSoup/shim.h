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

// A cookie jar kept in an SQLite file, holding at most `maximum` cookies: a cookie that makes one too
// many is deleted right after it was added, so that a server setting thousands of cookies cannot grow
// the file or every request's Cookie header without end. The jar emits "changed" while it holds its
// lock, so the count is taken from an idle callback on the same (the client's) thread.
typedef struct {
    SoupCookieJar *jar;
    SoupCookie *cookie;
    guint maximum;
} HubSoupCookieCheck;

static inline gboolean hub_soup_cookie_jar_check(gpointer data) {
    HubSoupCookieCheck *check = (HubSoupCookieCheck *)data;
    GSList *all = soup_cookie_jar_all_cookies(check->jar);
    guint count = g_slist_length(all);
    g_slist_free_full(all, (GDestroyNotify)soup_cookie_free);
    if (count > check->maximum) soup_cookie_jar_delete_cookie(check->jar, check->cookie);
    g_object_unref(check->jar);
    soup_cookie_free(check->cookie);
    g_free(check);
    return G_SOURCE_REMOVE;
}

static inline void hub_soup_cookie_jar_changed(SoupCookieJar *jar, SoupCookie *old_cookie, SoupCookie *new_cookie,
                                               gpointer data) {
    if (old_cookie != NULL || new_cookie == NULL) return;
    HubSoupCookieCheck *check = g_new0(HubSoupCookieCheck, 1);
    check->jar = (SoupCookieJar *)g_object_ref(jar);
    check->cookie = soup_cookie_copy(new_cookie);
    check->maximum = GPOINTER_TO_UINT(data);
    GSource *source = g_idle_source_new();
    g_source_set_callback(source, hub_soup_cookie_jar_check, check, NULL);
    g_source_attach(source, g_main_context_get_thread_default());
    g_source_unref(source);
}

static inline SoupCookieJar *hub_soup_cookie_jar_db_new(const char *path, guint maximum) {
    SoupCookieJar *jar = soup_cookie_jar_db_new(path, FALSE);
    soup_cookie_jar_set_accept_policy(jar, SOUP_COOKIE_JAR_ACCEPT_ALWAYS);
    g_signal_connect_data(jar, "changed", G_CALLBACK(hub_soup_cookie_jar_changed), GUINT_TO_POINTER(maximum), NULL,
                          (GConnectFlags)0);
    return jar;
}

#endif
