// The C side of HubFramework for GTK: the only file that knows about GTK's macros, casts,
// variadic functions and libdispatch's main-queue SPI. Everything here is `static inline`
// so that the system-library target needs no compiled C sources.
#ifndef HUB_CGTK_SHIM_H
#define HUB_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <gdk/gdk.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <cairo.h>
#include <sys/eventfd.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <libintl.h>

#include "accessible.h"

// MARK: - GLib enum constants

// GIO's error code for a cancelled operation. HubGTK imports libsoup's module (CSoup) too, over the
// same GLib headers; in a whole-module (release) build the constants of GLib's enums end up visible
// through only one of the two modules, so Swift files that import CGtk reach them through here.
static inline gint hub_io_error_cancelled(void) { return G_IO_ERROR_CANCELLED; }

// MARK: - Casts (the GTK_WIDGET() family of macros does not import)

static inline GtkWidget *hub_widget(void *p) { return GTK_WIDGET(p); }
static inline GtkContainer *hub_container(void *p) { return GTK_CONTAINER(p); }
static inline GtkWindow *hub_window(void *p) { return GTK_WINDOW(p); }
static inline GtkBox *hub_box(void *p) { return GTK_BOX(p); }
static inline GtkLayout *hub_layout(void *p) { return GTK_LAYOUT(p); }
static inline GtkOverlay *hub_overlay(void *p) { return GTK_OVERLAY(p); }
static inline GtkLabel *hub_label(void *p) { return GTK_LABEL(p); }
static inline GtkImage *hub_image(void *p) { return GTK_IMAGE(p); }
static inline GtkEntry *hub_entry(void *p) { return GTK_ENTRY(p); }
static inline GtkSearchBar *hub_search_bar(void *p) { return GTK_SEARCH_BAR(p); }
static inline GtkEditable *hub_editable(void *p) { return GTK_EDITABLE(p); }
static inline GtkButton *hub_button(void *p) { return GTK_BUTTON(p); }
static inline GtkHeaderBar *hub_header_bar(void *p) { return GTK_HEADER_BAR(p); }
static inline GtkSpinner *hub_spinner(void *p) { return GTK_SPINNER(p); }
static inline GtkTextView *hub_text_view(void *p) { return GTK_TEXT_VIEW(p); }
static inline GtkSwitch *hub_switch(void *p) { return GTK_SWITCH(p); }
static inline GtkToggleButton *hub_toggle_button(void *p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkComboBox *hub_combo_box(void *p) { return GTK_COMBO_BOX(p); }
static inline GtkComboBoxText *hub_combo_box_text(void *p) { return GTK_COMBO_BOX_TEXT(p); }
static inline GtkRange *hub_range(void *p) { return GTK_RANGE(p); }
static inline GtkScale *hub_scale(void *p) { return GTK_SCALE(p); }
static inline GtkSpinButton *hub_spin_button(void *p) { return GTK_SPIN_BUTTON(p); }
static inline GtkEventBox *hub_event_box(void *p) { return GTK_EVENT_BOX(p); }
static inline GtkStyleProvider *hub_style_provider(void *p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkScrolledWindow *hub_scrolled_window(void *p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkDialog *hub_dialog(void *p) { return GTK_DIALOG(p); }
static inline GtkTreeModel *hub_tree_model(void *p) { return GTK_TREE_MODEL(p); }
static inline GApplication *hub_g_application(void *p) { return G_APPLICATION(p); }
static inline GActionMap *hub_action_map(void *p) { return G_ACTION_MAP(p); }
static inline GApplicationCommandLine *hub_application_command_line(void *p) { return G_APPLICATION_COMMAND_LINE(p); }
static inline GAction *hub_action(void *p) { return G_ACTION(p); }
static inline GActionGroup *hub_action_group(void *p) { return G_ACTION_GROUP(p); }
static inline GSocketListener *hub_socket_listener(void *p) { return G_SOCKET_LISTENER(p); }
static inline GIOStream *hub_io_stream(void *p) { return G_IO_STREAM(p); }
static inline GSocketConnection *hub_socket_connection(void *p) { return G_SOCKET_CONNECTION(p); }
static inline GInetSocketAddress *hub_inet_socket_address(void *p) { return G_INET_SOCKET_ADDRESS(p); }
static inline GtkMenuButton *hub_menu_button(void *p) { return GTK_MENU_BUTTON(p); }
static inline GtkAboutDialog *hub_about_dialog(void *p) { return GTK_ABOUT_DIALOG(p); }
static inline GtkFileChooser *hub_file_chooser(void *p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *hub_native_dialog(void *p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkApplicationWindow *hub_application_window(void *p) { return GTK_APPLICATION_WINDOW(p); }
static inline GMenuModel *hub_menu_model(void *p) { return G_MENU_MODEL(p); }
static inline gboolean hub_is_container(void *p) { return p != NULL && GTK_IS_CONTAINER(p); }
static inline gboolean hub_is_inet_socket_address(void *p) { return p != NULL && G_IS_INET_SOCKET_ADDRESS(p); }

// MARK: - Signals
//
// GtkKit connects every signal with a GClosure of its own (Sources/GtkKit/Internal/GSignal.swift),
// so no callback type is declared here; disconnecting checks first, since a handler may already be
// gone with its instance.

static inline void hub_signal_disconnect(gpointer instance, gulong handler) {
    if (instance != NULL && handler != 0 && g_signal_handler_is_connected(instance, handler)) {
        g_signal_handler_disconnect(instance, handler);
    }
}

// MARK: - Variadic functions

// A modal dialog with its buttons in a header bar, as GNOME dialogs are; buttons are added after.
static inline GtkWidget *hub_dialog_new(const char *title, GtkWindow *parent) {
    return gtk_dialog_new_with_buttons(title, parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT
                                                          | GTK_DIALOG_USE_HEADER_BAR, NULL, NULL);
}

// GApplicationCommandLine's print functions are printf-like; the text goes through "%s" so that
// a `%` in it is printed as is. (g_application_command_line_print_literal needs GLib 2.80.)
static inline void hub_command_line_print(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_print(command_line, "%s", text);
}

static inline void hub_command_line_printerr(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_printerr(command_line, "%s", text);
}

static inline GtkListStore *hub_list_store_new_string(void) {
    return gtk_list_store_new(1, G_TYPE_STRING);
}

static inline void hub_list_store_append_string(GtkListStore *store, const char *value) {
    GtkTreeIter iter;
    gtk_list_store_append(store, &iter);
    gtk_list_store_set(store, &iter, 0, value, -1);
}

// The text cells of a combo box end with "…" when the box is narrower than an option, rather than
// making the box as wide as its longest option (a cell's property, set through variadic g_object_set).
static inline void hub_combo_box_ellipsize_cells(GtkComboBox *combo) {
    GList *cells = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(combo));
    for (GList *node = cells; node != NULL; node = node->next) {
        if (GTK_IS_CELL_RENDERER_TEXT(node->data)) g_object_set(node->data, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
    }
    g_list_free(cells);
}

// The parts of a keyboard shortcuts window (GtkShortcutsWindow), which GTK has no constructors
// for: they are made with their properties (g_object_new is variadic), as a GtkBuilder file would
// make them, and shown, since the window shows only its visible children.
static inline GtkWidget *hub_shortcuts_window_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_SHORTCUTS_WINDOW, "modal", TRUE, NULL));
}

static inline GtkWidget *hub_shortcuts_section_new(const char *name) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_SHORTCUTS_SECTION, "section-name", name, "visible", TRUE, NULL));
}

static inline GtkWidget *hub_shortcuts_group_new(const char *title) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_SHORTCUTS_GROUP, "title", title, "visible", TRUE, NULL));
}

// `accelerator` is one or more of GTK's accelerators, separated by spaces ("F5 <Primary>r").
static inline GtkWidget *hub_shortcuts_shortcut_new(const char *title, const char *accelerator) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_SHORTCUTS_SHORTCUT, "title", title, "accelerator", accelerator,
                                   "visible", TRUE, NULL));
}

// What a shortcut of a shortcuts window says (g_object_get is variadic): its title and accelerator,
// for the tests that read the window back. Both are the caller's to free.
static inline void hub_shortcuts_shortcut_get(GtkWidget *shortcut, gchar **title, gchar **accelerator) {
    g_object_get(shortcut, "title", title, "accelerator", accelerator, NULL);
}

// The object `id` of a GtkBuilder when it is a `type` (or a subtype), else NULL: GtkKit's typed
// accessors hand out a widget of the class they promise or nothing. The builder keeps the reference.
static inline gpointer hub_builder_object(GtkBuilder *builder, const char *id, GType type) {
    GObject *object = gtk_builder_get_object(builder, id);
    return object != NULL && g_type_is_a(G_OBJECT_TYPE(object), type) ? object : NULL;
}

typedef struct {
    GType type;
    GPtrArray *found;
} HubDescendantSearch;

static void hub_collect_descendants(GtkWidget *widget, gpointer data) {
    HubDescendantSearch *search = data;
    if (g_type_is_a(G_OBJECT_TYPE(widget), search->type)) g_ptr_array_add(search->found, widget);
    if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), hub_collect_descendants, search);
}

// The widgets of `type` inside `root` (internal children included: a shortcuts section keeps its
// groups in pages of its own), in the tree's order, without references of their own. Free the array
// with g_ptr_array_unref. (gtk_container_forall takes a C callback, written here rather than in Swift.)
static inline GPtrArray *hub_descendants_of_type(GtkWidget *root, GType type) {
    HubDescendantSearch search = { type, g_ptr_array_new() };
    if (GTK_IS_CONTAINER(root)) gtk_container_forall(GTK_CONTAINER(root), hub_collect_descendants, &search);
    return search.found;
}

// The action a shortcut of a shortcuts window lists the keys of ("app.quit"), or NULL; the
// caller's to free. GTK fills the keys in itself only for a window that is an application window's
// help overlay, which the shell's is not, so the shell reads the action and sets the keys.
static inline gchar *hub_shortcuts_shortcut_get_action(GtkWidget *shortcut) {
    gchar *action = NULL;
    g_object_get(shortcut, "action-name", &action, NULL);
    return action;
}

static inline void hub_shortcuts_shortcut_set_accelerator(GtkWidget *shortcut, const char *accelerator) {
    g_object_set(shortcut, "accelerator", accelerator, NULL);
}

// A recent-files list kept in a file of the caller's (the desktop's own is gtk_recent_manager_get_default's).
static inline GtkRecentManager *hub_recent_manager_new_for_file(const char *filename) {
    return GTK_RECENT_MANAGER(g_object_new(GTK_TYPE_RECENT_MANAGER, "filename", filename, NULL));
}

// Makes `widget` a place to drop files on: it accepts URI lists (what file managers drag), copied,
// and GTK asks for the data and finishes the drag itself (GTK_DEST_DEFAULT_ALL).
static inline void hub_drag_dest_set_uri_list(GtkWidget *widget) {
    gtk_drag_dest_set(widget, GTK_DEST_DEFAULT_ALL, NULL, 0, GDK_ACTION_COPY);
    gtk_drag_dest_add_uri_targets(widget);
}

// MARK: - Theme

// Whether GTK draws the app dark: the app asked for its theme's dark variant
// (gtk-application-prefer-dark-theme), or the theme itself is a dark one (Adwaita-dark,
// HighContrastInverse). g_object_get is variadic, hence here.
static inline gboolean hub_settings_draws_dark(void) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL) return FALSE;
    gboolean prefer = FALSE;
    gchar *name = NULL;
    g_object_get(settings, "gtk-application-prefer-dark-theme", &prefer, "gtk-theme-name", &name, NULL);
    gboolean dark = prefer
        || (name != NULL && (g_str_has_suffix(name, "-dark") || g_str_has_suffix(name, "-Dark")
                             || g_strcmp0(name, "HighContrastInverse") == 0));
    g_free(name);
    return dark;
}

static inline gpointer hub_default_settings(void) { return gtk_settings_get_default(); }

// A boolean or string property of the default GtkSettings (gtk-enable-animations,
// gtk-application-prefer-dark-theme, gtk-theme-name), read and set through the variadic
// g_object_get and g_object_set. Without a display there are no settings: reads give `fallback` or
// NULL, writes do nothing. The string read is the caller's to g_free.
static inline gboolean hub_settings_get_boolean(const char *name, gboolean fallback) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL) return fallback;
    gboolean value = fallback;
    g_object_get(settings, name, &value, NULL);
    return value;
}

static inline void hub_settings_set_boolean(const char *name, gboolean value) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings != NULL) g_object_set(settings, name, value, NULL);
}

static inline gchar *hub_settings_get_string(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL) return NULL;
    gchar *value = NULL;
    g_object_get(settings, name, &value, NULL);
    return value;
}

static inline void hub_settings_set_string(const char *name, const char *value) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings != NULL) g_object_set(settings, name, value, NULL);
}

// Gives a property back to the desktop (XSETTINGS, settings.ini) after the app set it.
static inline void hub_settings_reset(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings != NULL) gtk_settings_reset_property(settings, name);
}

// MARK: - The settings portal (org.freedesktop.portal.Settings)

// The parameters of the portal's Read and ReadOne: (namespace, key). g_variant_new is variadic.
static inline GVariant *hub_variant_new_string_pair(const char *first, const char *second) {
    return g_variant_new("(ss)", first, second);
}

// The unsigned 32-bit number `value` holds, unwrapping the variants around it (ReadOne answers
// (v), the first version's Read a variant in that variant): TRUE and *out set when it is one (or a
// signed one of 0 or more, which some portals send), FALSE for anything else.
static inline gboolean hub_variant_unwrap_uint32(GVariant *value, guint32 *out) {
    GVariant *current = g_variant_ref(value);
    while (g_variant_is_of_type(current, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(current);
        g_variant_unref(current);
        current = inner;
    }
    gboolean found = FALSE;
    if (g_variant_is_of_type(current, G_VARIANT_TYPE_UINT32)) {
        *out = g_variant_get_uint32(current);
        found = TRUE;
    } else if (g_variant_is_of_type(current, G_VARIANT_TYPE_INT32) && g_variant_get_int32(current) >= 0) {
        *out = (guint32)g_variant_get_int32(current);
        found = TRUE;
    }
    g_variant_unref(current);
    return found;
}

// The answer of Read or ReadOne, (v): its number, as hub_variant_unwrap_uint32.
static inline gboolean hub_portal_reply_uint32(GVariant *reply, guint32 *out) {
    if (reply == NULL || !g_variant_is_of_type(reply, G_VARIANT_TYPE("(v)"))) return FALSE;
    GVariant *value = g_variant_get_child_value(reply, 0);
    gboolean found = hub_variant_unwrap_uint32(value, out);
    g_variant_unref(value);
    return found;
}

// SettingChanged's (namespace, key, value): the two names (the caller's to g_free) and the number.
static inline gboolean hub_portal_setting_changed(GVariant *parameters, gchar **namespace_, gchar **key, guint32 *out) {
    if (parameters == NULL || !g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return FALSE;
    GVariant *value = NULL;
    g_variant_get(parameters, "(ss@v)", namespace_, key, &value);
    gboolean found = hub_variant_unwrap_uint32(value, out);
    g_variant_unref(value);
    return found;
}

// MARK: - Events

static inline GdkEventButton *hub_event_button(GdkEvent *event) { return (GdkEventButton *)event; }
static inline GdkEventMotion *hub_event_motion(GdkEvent *event) { return (GdkEventMotion *)event; }
static inline GdkEventScroll *hub_event_scroll(GdkEvent *event) { return (GdkEventScroll *)event; }
static inline GdkEventKey *hub_event_key(GdkEvent *event) { return (GdkEventKey *)event; }

// Synthesised events, for tests and for keyboard-driven scrolling.

// Where a synthesised event comes from: the default seat's pointer, its keyboard, or no device.
typedef enum { HUB_EVENT_DEVICE_NONE, HUB_EVENT_DEVICE_POINTER, HUB_EVENT_DEVICE_KEYBOARD } HubEventDevice;

// A new event of `type` for `window` (which it holds a reference to, as GDK frees it with the
// event), marked as sent rather than read from the display, from `device`.
static inline GdkEvent *hub_event_new_sent(GdkEventType type, GdkWindow *window, HubEventDevice device) {
    GdkEvent *event = gdk_event_new(type);
    event->any.window = window != NULL ? g_object_ref(window) : NULL;
    event->any.send_event = TRUE;
    GdkSeat *seat = device != HUB_EVENT_DEVICE_NONE ? gdk_display_get_default_seat(gdk_display_get_default()) : NULL;
    if (seat != NULL) {
        gdk_event_set_device(event, device == HUB_EVENT_DEVICE_KEYBOARD ? gdk_seat_get_keyboard(seat)
                                                                         : gdk_seat_get_pointer(seat));
    }
    return event;
}

static inline GdkEvent *hub_event_new_scroll(GdkWindow *window, GdkScrollDirection direction, gdouble dx, gdouble dy,
                                             guint32 time, gboolean is_stop) {
    GdkEvent *event = hub_event_new_sent(GDK_SCROLL, window, HUB_EVENT_DEVICE_POINTER);
    event->scroll.direction = direction;
    event->scroll.delta_x = dx;
    event->scroll.delta_y = dy;
    event->scroll.time = time;
    event->scroll.is_stop = is_stop ? 1 : 0;
    return event;
}

static inline GdkEvent *hub_event_new_key(GdkWindow *window, guint keyval, guint state) {
    GdkEvent *event = hub_event_new_sent(GDK_KEY_PRESS, window, HUB_EVENT_DEVICE_KEYBOARD);
    event->key.keyval = keyval;
    event->key.state = state;
    event->key.time = GDK_CURRENT_TIME;
    return event;
}

// A window gaining or losing the keyboard focus of the display, as the X server reports it (GTK
// sends focus-in and focus-out events to a window's focus widget only while the window has it).
static inline GdkEvent *hub_event_new_focus(GdkWindow *window, gboolean in) {
    GdkEvent *event = hub_event_new_sent(GDK_FOCUS_CHANGE, window, HUB_EVENT_DEVICE_NONE);
    event->focus_change.in = in ? 1 : 0;
    return event;
}

static inline GdkEvent *hub_event_new_button(GdkWindow *window, GdkEventType type, guint button, gdouble x, gdouble y,
                                             guint32 time) {
    GdkEvent *event = hub_event_new_sent(type, window, HUB_EVENT_DEVICE_POINTER);
    event->button.button = button;
    event->button.x = x;
    event->button.y = y;
    event->button.time = time;
    return event;
}

static inline GdkEvent *hub_event_new_motion(GdkWindow *window, gdouble x, gdouble y, guint state, guint32 time) {
    GdkEvent *event = hub_event_new_sent(GDK_MOTION_NOTIFY, window, HUB_EVENT_DEVICE_POINTER);
    event->motion.x = x;
    event->motion.y = y;
    event->motion.state = state;
    event->motion.time = time;
    return event;
}

// MARK: - Bounded image decoding
//
// Decodes encoded image bytes with a GdkPixbufLoader whose `size-prepared` handler asks the decoder
// for the smallest size that still covers the target (JPEG then decodes at 1/2, 1/4 or 1/8 scale,
// SVG renders at that size) and refuses images whose decoding would need a buffer larger than
// `max_pixels`: a 20,000×20,000 PNG is rejected after its header, before any pixel is stored.
// Thread-safe (gdk-pixbuf only, no GTK): runs on worker threads.

typedef struct {
    gint target_width;      // <= 0: natural size
    gint target_height;
    guint64 max_pixels;     // largest buffer, in pixels, a decoder may allocate
    gboolean too_large;
    gint source_width;
    gint source_height;
} HubDecodeState;

static void hub_decode_size_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer user_data) {
    HubDecodeState *state = (HubDecodeState *)user_data;
    state->source_width = width;
    state->source_height = height;
    if (width <= 0 || height <= 0) {
        state->too_large = TRUE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    gint want_width = width, want_height = height;
    if (state->target_width > 0 && state->target_height > 0) {
        double scale = MAX((double)state->target_width / width, (double)state->target_height / height);
        if (scale < 1.0) {
            want_width = MAX(1, (gint)ceil(width * scale));
            want_height = MAX(1, (gint)ceil(height * scale));
        }
    }
    guint64 decoded = (guint64)width * (guint64)height;
    GdkPixbufFormat *format = gdk_pixbuf_loader_get_format(loader);
    if (format != NULL) {
        gchar *name = gdk_pixbuf_format_get_name(format);
        if (gdk_pixbuf_format_is_scalable(format)) {
            decoded = (guint64)want_width * (guint64)want_height;
        } else if (name != NULL && strcmp(name, "jpeg") == 0) {
            // libjpeg picks the largest 1/denominator (up to 8) whose output still covers the request.
            gint denominator = 1;
            while (denominator < 8 && (width + 2 * denominator - 1) / (2 * denominator) >= want_width
                   && (height + 2 * denominator - 1) / (2 * denominator) >= want_height) {
                denominator *= 2;
            }
            decoded = (guint64)((width + denominator - 1) / denominator)
                      * (guint64)((height + denominator - 1) / denominator);
        }
        g_free(name);
    }
    if (decoded > state->max_pixels || (guint64)want_width * (guint64)want_height > state->max_pixels) {
        state->too_large = TRUE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);  // PNG, JPEG, GIF… stop with an error at a zero size
        return;
    }
    if (want_width != width || want_height != height) {
        gdk_pixbuf_loader_set_size(loader, want_width, want_height);
    }
}

// Returns a new reference, or NULL with `*too_large` or `*error` set. Feeds the bytes in 64 KiB
// chunks so that a refused image stops after its header.
static inline GdkPixbuf *hub_pixbuf_decode_bounded(const guchar *data, gsize length, gint target_width,
                                                   gint target_height, guint64 max_pixels, gboolean *too_large,
                                                   gint *source_width, gint *source_height, GError **error) {
    HubDecodeState state = { target_width, target_height, max_pixels, FALSE, 0, 0 };
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(hub_decode_size_prepared), &state);
    gboolean write_failed = FALSE;
    gsize offset = 0;
    const gsize chunk = 64 * 1024;
    while (offset < length && !state.too_large) {
        gsize count = MIN(chunk, length - offset);
        if (!gdk_pixbuf_loader_write(loader, data + offset, count, error)) {
            write_failed = TRUE;  // the loader closed itself
            break;
        }
        offset += count;
    }
    GdkPixbuf *result = NULL;
    if (state.too_large) {
        if (error != NULL && *error != NULL) g_clear_error(error);
        if (!write_failed) gdk_pixbuf_loader_close(loader, NULL);
    } else if (!write_failed && gdk_pixbuf_loader_close(loader, error)) {
        GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
        if (pixbuf != NULL) {
            // JPEG EXIF orientation: the image is shown the way the camera was held.
            result = gdk_pixbuf_apply_embedded_orientation(pixbuf);
        }
    }
    if (too_large != NULL) *too_large = state.too_large;
    if (source_width != NULL) *source_width = state.source_width;
    if (source_height != NULL) *source_height = state.source_height;
    g_object_unref(loader);
    return result;
}

// A new `width`×`height` pixbuf showing `source` scaled to cover it (aspect ratio kept, centred,
// the overflow cropped). Returns a new reference to `source` when it already has that size.
static inline GdkPixbuf *hub_pixbuf_scale_to_cover(GdkPixbuf *source, gint width, gint height) {
    gint source_width = gdk_pixbuf_get_width(source);
    gint source_height = gdk_pixbuf_get_height(source);
    if (width <= 0 || height <= 0 || (source_width == width && source_height == height)) {
        return g_object_ref(source);
    }
    double scale = MAX((double)width / source_width, (double)height / source_height);
    double offset_x = (source_width * scale - width) / 2.0;
    double offset_y = (source_height * scale - height) / 2.0;
    GdkPixbuf *result = gdk_pixbuf_new(GDK_COLORSPACE_RGB, gdk_pixbuf_get_has_alpha(source), 8, width, height);
    if (result == NULL) return NULL;
    gdk_pixbuf_scale(source, result, 0, 0, width, height, -offset_x, -offset_y, scale, scale, GDK_INTERP_BILINEAR);
    return result;
}

// MARK: - libdispatch main queue bridge
//
// GTK's main loop does not drain libdispatch's main queue. libdispatch exposes the main
// queue's wake-up eventfd through an SPI that CoreFoundation uses on Linux; watching it with
// a GLib unix-fd source runs DispatchQueue.main blocks and @MainActor jobs without polling.

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean hub_dispatch_main_queue_ready(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition;
    (void)user_data;
    eventfd_t value = 0;
    // Clear the eventfd first so a wake-up that arrives while we drain is not lost.
    (void)eventfd_read(fd, &value);
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

static inline guint hub_install_dispatch_main_queue_bridge(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) {
        return 0;
    }
    return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, hub_dispatch_main_queue_ready, NULL, NULL);
}

#endif
