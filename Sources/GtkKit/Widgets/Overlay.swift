internal import CGtk

/// Shows one main child with other widgets floating above it (GtkOverlay). Floating widgets are
/// placed by their ``Widget/horizontalAlignment`` and ``Widget/verticalAlignment``.
@MainActor
open class Overlay: Container {
    /// An empty overlay.
    public init() {
        super.init(owning: gtk_overlay_new())
    }

    /// Floats `child` above the main child.
    public func addOverlay(_ child: Widget) {
        adopt(child)
        gtk_overlay_add_overlay(hub_overlay(gtkWidget), child.gtkWidget)
    }

    /// Floats `child` above the main child; with `passesInputThrough`, a click or a scroll on
    /// `child` goes to what is below it, as if it were not there: for a hint drawn over a field,
    /// such as a text view's placeholder.
    ///
    /// ```swift
    /// overlay.addOverlay(placeholder, passesInputThrough: true)
    /// ```
    public func addOverlay(_ child: Widget, passesInputThrough: Bool) {
        addOverlay(child)
        gtk_overlay_set_overlay_pass_through(hub_overlay(gtkWidget), child.gtkWidget, passesInputThrough ? 1 : 0)
    }
}
