internal import CGtk

/// Lays its children out in a row or a column (GtkBox).
///
/// ```swift
/// let texts = Box(.vertical, spacing: 2)
/// texts.append(title)
/// texts.append(subtitle)
/// ```
@MainActor
open class Box: Container {
    /// A box laying out its children along `orientation`, `spacing` points apart.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(owning: gtk_box_new(orientation.gtkOrientation, Int32(spacing)))
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// Space between children, in points.
    public var spacing: Int {
        get { Int(gtk_box_get_spacing(hub_box(gtkWidget))) }
        set { gtk_box_set_spacing(hub_box(gtkWidget), Int32(newValue)) }
    }

    /// Whether every child gets the same size.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(hub_box(gtkWidget)) != 0 }
        set { gtk_box_set_homogeneous(hub_box(gtkWidget), newValue ? 1 : 0) }
    }

    /// Adds `child` after the others.
    /// - Parameters:
    ///   - child: the widget to add; the box keeps it alive.
    ///   - expand: the child shares the box's extra space with the other expanding children.
    ///   - fill: an expanding child fills the space it gets (rather than being centred in it).
    ///   - padding: extra space on both sides of the child, in points.
    public func append(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        adopt(child)
        gtk_box_pack_start(hub_box(gtkWidget), child.gtkWidget, expand ? 1 : 0, fill ? 1 : 0, UInt32(padding))
    }

    /// Adds `child` at the far end of the box (right or bottom), after those already there.
    public func appendAtEnd(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        adopt(child)
        gtk_box_pack_end(hub_box(gtkWidget), child.gtkWidget, expand ? 1 : 0, fill ? 1 : 0, UInt32(padding))
    }

    /// Moves `child` to `position` among the box's children (0 is the first).
    public func reorder(_ child: Widget, to position: Int) {
        gtk_box_reorder_child(hub_box(gtkWidget), child.gtkWidget, Int32(position))
    }
}
