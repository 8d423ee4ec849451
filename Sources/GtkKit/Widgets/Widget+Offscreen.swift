internal import CGtk
import HubFramework

extension Widget {
    /// Lays the widget out alone in an off-screen window at `size` (in points) and draws it into an
    /// image: a picture of a component without showing it on screen (the showcase's snapshots).
    ///
    /// Runs the main context briefly, at most two seconds, while the window lays out. The widget
    /// must not be in a container; it is destroyed with the off-screen window afterwards, so it is
    /// drawn once and not reused. Nil when `size` is empty or GTK could not draw.
    public func renderOffscreen(size: Size) -> PixbufImage? {
        let width = Int32(size.width.rounded())
        let height = Int32(size.height.rounded())
        guard width > 0, height > 0, GtkRuntime.initialize() else { return nil }
        let window = gtk_offscreen_window_new()!
        gtk_widget_set_size_request(gtkWidget, width, height)
        gtk_container_add(hub_container(window), gtkWidget)
        gtk_widget_show(gtkWidget)
        gtk_widget_show(window)
        GtkRuntime.iterate(until: {
            gtk_widget_get_allocated_width(gtkWidget) >= width && gtk_widget_get_allocated_height(gtkWidget) >= height
        }, timeout: 2)
        GtkRuntime.drainEvents()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        gtk_widget_draw(window, cr)
        cairo_destroy(cr)
        let pixbuf = gdk_pixbuf_get_from_surface(surface, 0, 0, width, height)
        cairo_surface_destroy(surface)
        gtk_widget_destroy(window)
        return pixbuf.map { PixbufImage(takingOwnershipOf: $0) }
    }
}
