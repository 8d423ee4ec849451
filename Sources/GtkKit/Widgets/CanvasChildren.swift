internal import CGtk
import HubFramework

/// The widgets on a `ScrollCanvas`'s `GtkLayout` and where each one is in content coordinates. The
/// layout is only as tall as the viewport, so a child sits at its content y minus the content
/// offset, and moves each time the offset does. A class, not a value: placing a widget calls into
/// GTK, whose signals may reach the canvas (a child removed from the layout is forgotten at once)
/// while a placement is under way.
@MainActor
final class CanvasChildren {
    /// The layout the children are placed in.
    private let layout: UnsafeMutablePointer<GtkWidget>
    /// Each child's origin in content coordinates.
    private var origins: [UnsafeMutablePointer<GtkWidget>: Point] = [:]

    /// No children yet, in `layout`.
    init(layout: UnsafeMutablePointer<GtkWidget>) {
        self.layout = layout
    }

    /// Puts `child` in the layout at `origin`, in content coordinates, for `geometry`'s offset.
    func add(_ child: UnsafeMutablePointer<GtkWidget>, at origin: Point, in geometry: ScrollGeometry) {
        origins[child] = origin
        gtk_layout_put(hub_layout(layout), child, Int32(origin.x.rounded()), geometry.viewY(origin.y))
    }

    /// Moves `child` to `origin` (adding it if it is not in the layout).
    func move(_ child: UnsafeMutablePointer<GtkWidget>, to origin: Point, in geometry: ScrollGeometry) {
        guard let old = origins[child] else { return add(child, at: origin, in: geometry) }
        origins[child] = origin
        if old != origin {
            gtk_layout_move(hub_layout(layout), child, Int32(origin.x.rounded()), geometry.viewY(origin.y))
        }
    }

    /// The content-coordinate origin of `child`, if it is in the layout.
    func origin(of child: UnsafeMutablePointer<GtkWidget>) -> Point? { origins[child] }

    /// Forgets `child`, which left the layout.
    func forget(_ child: UnsafeMutablePointer<GtkWidget>) {
        origins[child] = nil
    }

    /// Moves every child to where `geometry`'s offset puts it.
    func reposition(in geometry: ScrollGeometry) {
        for (child, origin) in origins {
            gtk_layout_move(hub_layout(layout), child, Int32(origin.x.rounded()), geometry.viewY(origin.y))
        }
    }

    /// Gives every visible child its allocation at its place, as GtkLayout's own allocation pass
    /// would.
    func allocate(in geometry: ScrollGeometry) {
        for (child, origin) in origins where gtk_widget_get_visible(child) != 0 {
            var requisition = GtkRequisition()
            gtk_widget_get_preferred_size(child, &requisition, nil)
            var allocation = GtkAllocation(x: Int32(origin.x.rounded()), y: geometry.viewY(origin.y),
                                           width: requisition.width, height: requisition.height)
            gtk_widget_size_allocate(child, &allocation)
        }
    }
}
