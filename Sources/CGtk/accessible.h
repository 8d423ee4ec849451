// What assistive technologies see of a view: three GTK widget subclasses with accessibles of
// their own, for the two things GTK's stock accessibles cannot do.
//
// - Reading order. GTK lists a container's children in the order they were added. The view's
//   cells are recycled and moved (a cell that scrolled off the top comes back at the bottom) and
//   the header floats in an overlay added after the list, so that order says nothing about where
//   things are. `HubCanvasLayout` (the list of cells) and `HubCanvasOverlay` (the list with the
//   header and overlays above it) report their children top to bottom, then left to right, by
//   their allocations; at the same place the floating child comes before the overlay's main child.
// - A default action. A cell is an event box, which offers assistive technologies nothing to do.
//   `HubCell`'s accessible has one action, "activate", which emits the cell's `activate` signal
//   (as Enter does) from an idle callback, so that the client's call returns at once. It also
//   reports the component model's identifier as the attribute `id`, for tools and tests.
//
// Everything is `static` in a header (the system-library target compiles no C file): every Swift
// module that uses a function gets its own copy, so each type is registered only if GLib does not
// know its name yet.
#ifndef HUB_CGTK_ACCESSIBLE_H
#define HUB_CGTK_ACCESSIBLE_H

#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include <string.h>

// The type called `name`: registered the first time, as a subclass of `parent` with `class_init`
// (and the interface `interface` with `interface_init`, unless `interface` is 0), and looked up by
// name after that, since every Swift module that uses these functions has its own copy of them.
static inline GType hub_type_register_once(const char *name, GType parent, guint class_size, GClassInitFunc class_init,
                                           guint instance_size, GType interface,
                                           GInterfaceInitFunc interface_init) {
    GType type = g_type_from_name(name);
    if (type != 0) return type;
    type = g_type_register_static_simple(parent, name, class_size, class_init, instance_size, NULL, 0);
    if (interface != 0) {
        const GInterfaceInfo info = { interface_init, NULL, NULL };
        g_type_add_interface_static(type, interface, &info);
    }
    return type;
}

// MARK: - Reading order

static inline gint hub_reading_order_compare(gconstpointer a, gconstpointer b, gpointer container) {
    GtkWidget *first = GTK_WIDGET(a);
    GtkWidget *second = GTK_WIDGET(b);
    GtkAllocation fa, sa;
    gtk_widget_get_allocation(first, &fa);
    gtk_widget_get_allocation(second, &sa);
    if (fa.y != sa.y) return fa.y < sa.y ? -1 : 1;
    if (fa.x != sa.x) return fa.x < sa.x ? -1 : 1;
    // Same corner: a child floating over the main one (a header over the list) is read first.
    GtkWidget *main_child = GTK_IS_BIN(container) ? gtk_bin_get_child(GTK_BIN(container)) : NULL;
    if (first == main_child) return 1;
    if (second == main_child) return -1;
    return 0;
}

/// The container's children (not its internal ones) in reading order; free the list, not the widgets.
static inline GList *hub_children_in_reading_order(GtkWidget *container) {
    GList *children = gtk_container_get_children(GTK_CONTAINER(container));
    return g_list_sort_with_data(children, hub_reading_order_compare, container);
}

// MARK: - The ordered container accessible

typedef struct { GtkContainerAccessible parent; } HubOrderedAccessible;
typedef struct { GtkContainerAccessibleClass parent_class; } HubOrderedAccessibleClass;

static gint hub_ordered_accessible_get_n_children(AtkObject *object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return 0;
    GList *children = gtk_container_get_children(GTK_CONTAINER(widget));
    gint count = (gint)g_list_length(children);
    g_list_free(children);
    return count;
}

static AtkObject *hub_ordered_accessible_ref_child(AtkObject *object, gint index) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL || index < 0) return NULL;
    GList *children = hub_children_in_reading_order(widget);
    GtkWidget *child = g_list_nth_data(children, (guint)index);
    g_list_free(children);
    if (child == NULL) return NULL;
    AtkObject *accessible = gtk_widget_get_accessible(child);
    return accessible ? g_object_ref(accessible) : NULL;
}

static void hub_ordered_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_n_children = hub_ordered_accessible_get_n_children;
    atk_class->ref_child = hub_ordered_accessible_ref_child;
}

static inline GType hub_ordered_accessible_get_type(void) {
    return hub_type_register_once("HubOrderedAccessible", GTK_TYPE_CONTAINER_ACCESSIBLE,
                                  sizeof(HubOrderedAccessibleClass), hub_ordered_accessible_class_init,
                                  sizeof(HubOrderedAccessible), 0, NULL);
}

/// The position of `widget` among its parent's children in reading order, or -1 when the parent
/// does not order its children (GTK's own answer applies then).
static inline gint hub_index_in_reading_order(GtkWidget *widget) {
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (parent == NULL) return -1;
    AtkObject *parent_accessible = gtk_widget_get_accessible(parent);
    if (parent_accessible == NULL || !G_TYPE_CHECK_INSTANCE_TYPE(parent_accessible, hub_ordered_accessible_get_type()))
        return -1;
    GList *children = hub_children_in_reading_order(parent);
    gint index = g_list_index(children, widget);
    g_list_free(children);
    return index;
}

// MARK: - The canvas's list and overlay

typedef struct { GtkLayout parent; } HubCanvasLayout;
typedef struct { GtkLayoutClass parent_class; } HubCanvasLayoutClass;
typedef struct { GtkOverlay parent; } HubCanvasOverlay;
typedef struct { GtkOverlayClass parent_class; } HubCanvasOverlayClass;

static void hub_ordered_widget_class_init(gpointer klass, gpointer data) {
    (void)data;
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(klass), hub_ordered_accessible_get_type());
}

static inline GType hub_canvas_layout_get_type(void) {
    return hub_type_register_once("HubCanvasLayout", GTK_TYPE_LAYOUT, sizeof(HubCanvasLayoutClass),
                                  hub_ordered_widget_class_init, sizeof(HubCanvasLayout), 0, NULL);
}

static inline GType hub_canvas_overlay_get_type(void) {
    return hub_type_register_once("HubCanvasOverlay", GTK_TYPE_OVERLAY, sizeof(HubCanvasOverlayClass),
                                  hub_ordered_widget_class_init, sizeof(HubCanvasOverlay), 0, NULL);
}

/// A GtkLayout (no adjustments) whose accessible lists its children in reading order.
static inline GtkWidget *hub_canvas_layout_new(void) {
    return GTK_WIDGET(g_object_new(hub_canvas_layout_get_type(), NULL));
}

/// A GtkOverlay whose accessible lists its children in reading order.
static inline GtkWidget *hub_canvas_overlay_new(void) {
    return GTK_WIDGET(g_object_new(hub_canvas_overlay_get_type(), NULL));
}

// MARK: - The cell and its accessible

typedef struct { GtkEventBox parent; } HubCell;
typedef struct { GtkEventBoxClass parent_class; } HubCellClass;
typedef struct { GtkContainerAccessible parent; } HubCellAccessible;
typedef struct { GtkContainerAccessibleClass parent_class; } HubCellAccessibleClass;

#define HUB_CELL_ID_KEY "hub-cell-id"

static gboolean hub_cell_activate_idle(gpointer data) {
    GtkWidget *widget = GTK_WIDGET(data);
    if (gtk_widget_get_parent(widget) != NULL) gtk_widget_activate(widget);
    return G_SOURCE_REMOVE;
}

static gboolean hub_cell_accessible_do_action(AtkAction *action, gint index) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(action));
    if (index != 0 || widget == NULL || !gtk_widget_is_sensitive(widget) || !gtk_widget_get_visible(widget))
        return FALSE;
    // Later, from the main loop: selecting may open a view, and the client is waiting for the answer.
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, hub_cell_activate_idle, g_object_ref(widget), g_object_unref);
    return TRUE;
}

static gint hub_cell_accessible_get_n_actions(AtkAction *action) { (void)action; return 1; }

static const gchar *hub_cell_accessible_get_name(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "activate" : NULL;
}

static const gchar *hub_cell_accessible_get_localized_name(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "Activate" : NULL;
}

static const gchar *hub_cell_accessible_get_description(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "Selects the component, as a click or Enter does" : NULL;
}

static void hub_cell_accessible_action_init(gpointer iface, gpointer data) {
    (void)data;
    AtkActionIface *action = iface;
    action->do_action = hub_cell_accessible_do_action;
    action->get_n_actions = hub_cell_accessible_get_n_actions;
    action->get_name = hub_cell_accessible_get_name;
    action->get_localized_name = hub_cell_accessible_get_localized_name;
    action->get_description = hub_cell_accessible_get_description;
}

static gint hub_cell_accessible_get_index_in_parent(AtkObject *object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    gint index = widget ? hub_index_in_reading_order(widget) : -1;
    if (index >= 0) return index;
    AtkObjectClass *parent_class = g_type_class_peek(GTK_TYPE_CONTAINER_ACCESSIBLE);
    return parent_class->get_index_in_parent(object);
}

static AtkAttributeSet *hub_cell_accessible_get_attributes(AtkObject *object) {
    AtkObjectClass *parent_class = g_type_class_peek(GTK_TYPE_CONTAINER_ACCESSIBLE);
    AtkAttributeSet *attributes = parent_class->get_attributes ? parent_class->get_attributes(object) : NULL;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    const gchar *identifier = widget ? g_object_get_data(G_OBJECT(widget), HUB_CELL_ID_KEY) : NULL;
    if (identifier != NULL) {
        AtkAttribute *attribute = g_new(AtkAttribute, 1);
        attribute->name = g_strdup("id");
        attribute->value = g_strdup(identifier);
        attributes = g_slist_append(attributes, attribute);
    }
    return attributes;
}

static void hub_cell_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_index_in_parent = hub_cell_accessible_get_index_in_parent;
    atk_class->get_attributes = hub_cell_accessible_get_attributes;
}

static inline GType hub_cell_accessible_get_type(void) {
    return hub_type_register_once("HubCellAccessible", GTK_TYPE_CONTAINER_ACCESSIBLE, sizeof(HubCellAccessibleClass),
                                  hub_cell_accessible_class_init, sizeof(HubCellAccessible), ATK_TYPE_ACTION,
                                  hub_cell_accessible_action_init);
}

static void hub_cell_class_init(gpointer klass, gpointer data) {
    (void)data;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->activate_signal = g_signal_new("activate", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_FIRST | G_SIGNAL_ACTION, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);
    gtk_widget_class_set_accessible_type(widget_class, hub_cell_accessible_get_type());
    gtk_widget_class_set_accessible_role(widget_class, ATK_ROLE_LIST_ITEM);
}

static inline GType hub_cell_get_type(void) {
    return hub_type_register_once("HubCell", GTK_TYPE_EVENT_BOX, sizeof(HubCellClass), hub_cell_class_init,
                                  sizeof(HubCell), 0, NULL);
}

/// An event box with an `activate` signal and the accessible described above.
static inline GtkWidget *hub_cell_new(void) {
    return GTK_WIDGET(g_object_new(hub_cell_get_type(), NULL));
}

/// The model identifier the cell's accessible reports as its `id` attribute (NULL: none).
static inline void hub_cell_set_identifier(GtkWidget *cell, const char *identifier) {
    g_object_set_data_full(G_OBJECT(cell), HUB_CELL_ID_KEY, identifier ? g_strdup(identifier) : NULL, g_free);
}

#endif
