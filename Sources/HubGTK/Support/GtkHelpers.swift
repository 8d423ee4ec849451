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
}
