internal import CGtk

/// The widgets a `ScrollCanvas` is made of, besides its scrollbar: the `GtkLayout` the children are
/// placed in, exactly the size of the viewport; the `GtkOverlay` above it for widgets that do not
/// scroll; and the box that holds the overlay beside the scrollbar, the widget to put in a window.
/// Each is held by our own reference until ``release()``.
@MainActor
struct ScrollCanvasWidgets {
    /// The widget to put in a window: the overlay beside the scrollbar.
    let box: UnsafeMutablePointer<GtkWidget>
    /// The overlay above the layout, for widgets that do not scroll.
    let overlay: UnsafeMutablePointer<GtkWidget>
    /// The `GtkLayout` the children are placed in.
    let layout: UnsafeMutablePointer<GtkWidget>

    /// The layout in the overlay, and the overlay beside `scrollbar` in the box.
    init(scrollbar: UnsafeMutablePointer<GtkWidget>) {
        // A GtkLayout and a GtkOverlay whose accessibles list their children in reading order
        // (recycled cells and the floating header are otherwise read in the order they were added).
        layout = hub_canvas_layout_new()
        gtk_widget_set_hexpand(layout, 1)
        gtk_widget_set_vexpand(layout, 1)
        gtk_widget_set_can_focus(layout, 1)
        gtk_widget_add_events(layout, Int32(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue
                                            | GDK_BUTTON_PRESS_MASK.rawValue | GDK_KEY_PRESS_MASK.rawValue))
        Gtk.addClass(layout, "hub-canvas")
        // The content surface is the list assistive technologies see (its cells are list items).
        gtk_widget_set_name(layout, "collectionView")
        if let accessible = gtk_widget_get_accessible(layout) { atk_object_set_role(accessible, ATK_ROLE_LIST) }

        overlay = hub_canvas_overlay_new()
        gtk_container_add(hub_container(overlay), layout)
        gtk_widget_set_hexpand(overlay, 1)
        gtk_widget_set_vexpand(overlay, 1)

        box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        // Hold our own references so the handlers can be disconnected safely in `tearDown`,
        // even when a window destroyed the widgets first.
        for owned in [box, overlay, layout] { g_object_ref_sink(owned) }
        gtk_container_add(hub_container(box), overlay)
        gtk_container_add(hub_container(box), scrollbar)
        Gtk.addClass(box, "hub-scroll-canvas")
    }

    /// Drops our references (after the canvas destroyed the box).
    func release() {
        for owned in [layout, overlay, box] { g_object_unref(owned) }
    }
}
