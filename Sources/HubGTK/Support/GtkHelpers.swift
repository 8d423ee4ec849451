import CGtk

/// Small conveniences over the C API that every GTK file needs.
@MainActor
public enum Gtk {
    /// Adds a CSS class to a widget's style context.
    public static func addClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }

    /// Removes a CSS class from a widget's style context.
    public static func removeClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
    }

    /// True when the widget has the CSS class.
    public static func hasClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    /// A button showing a symbolic icon, with a tooltip that also serves as its accessible name.
    public static func iconButton(_ iconName: String, tooltip: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)!
        gtk_widget_set_tooltip_text(button, tooltip)
        setAccessibleName(button, tooltip)
        return button
    }

    /// Sets the name assistive technologies read for a widget.
    public static func setAccessibleName(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        if let accessible = gtk_widget_get_accessible(widget) {
            atk_object_set_name(accessible, name)
        }
    }

    /// The text of an entry.
    public static func entryText(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let text = gtk_entry_get_text(hub_entry(entry)) else { return "" }
        return String(cString: text)
    }

    /// The text of a label.
    public static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let text = gtk_label_get_text(hub_label(label)) else { return "" }
        return String(cString: text)
    }

    /// The children of a container, in GTK's order.
    public static func children(of container: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        guard let list = gtk_container_get_children(hub_container(container)) else { return result }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data { result.append(hub_widget(data)) }
            node = current.pointee.next
        }
        g_list_free(list)
        return result
    }

    /// Loads a CSS file for the whole screen at application priority. Returns an error message on failure.
    @discardableResult
    public static func loadCSS(path: String) -> String? {
        let provider = gtk_css_provider_new()!
        var error: UnsafeMutablePointer<GError>? = nil
        gtk_css_provider_load_from_path(provider, path, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            g_object_unref(provider)
            return message
        }
        gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), hub_style_provider(provider),
                                                  UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
        return nil
    }

    /// Draws a widget (normally a window) into a PNG file; `crop` (in the widget's coordinates)
    /// keeps only that rectangle. Returns false when nothing could be written.
    @discardableResult
    public static func writePNG(of widget: UnsafeMutablePointer<GtkWidget>, to path: String,
                                crop: (x: Int32, y: Int32, width: Int32, height: Int32)? = nil) -> Bool
    {
        let width = crop?.width ?? gtk_widget_get_allocated_width(widget)
        let height = crop?.height ?? gtk_widget_get_allocated_height(widget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        else { return false }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        if let crop { cairo_translate(cr, -Double(crop.x), -Double(crop.y)) }
        gtk_widget_draw(widget, cr)
        cairo_destroy(cr)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }
}
