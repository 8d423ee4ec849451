internal import CGtk

/// Small conveniences over the C API for GtkKit's own code and the tests that hold raw widgets
/// (everything else uses the typed widgets).
@MainActor
enum Gtk {
    /// Adds a CSS class to a widget's style context.
    static func addClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }

    /// Removes a CSS class from a widget's style context.
    static func removeClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
    }

    /// True when the widget has the CSS class.
    static func hasClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    /// The text of an entry.
    static func entryText(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let text = gtk_entry_get_text(hub_entry(entry)) else { return "" }
        return String(cString: text)
    }

    /// The text of a label.
    static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let text = gtk_label_get_text(hub_label(label)) else { return "" }
        return String(cString: text)
    }

    /// The children of a container, in GTK's order.
    static func children(of container: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
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
