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
}
