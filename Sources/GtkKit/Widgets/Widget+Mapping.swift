internal import CGtk

/// Whether a widget is on screen, in GTK's terms: a widget is *mapped* while it is shown, every
/// container above it is shown, and its window is shown. Hiding it or any of those, taking it out
/// of its container, or closing the window *unmaps* it.
extension Widget {
    /// True while the widget is mapped: shown, inside shown containers, in a shown window.
    public var isMapped: Bool { gtk_widget_get_mapped(gtkWidget) != 0 }

    /// Called each time the widget becomes mapped (see ``isMapped``). GTK maps a widget as soon as
    /// the last of those conditions holds, before it is drawn.
    public func onMap(_ handler: @escaping @MainActor () -> Void) {
        retain(GSignal.connect(gtkWidget, "map", handler))
    }

    /// Called each time the widget stops being mapped (see ``isMapped``): it was hidden, taken out
    /// of its container, or a container or window above it was hidden or destroyed.
    public func onUnmap(_ handler: @escaping @MainActor () -> Void) {
        retain(GSignal.connect(gtkWidget, "unmap", handler))
    }
}
