internal import CGtk

/// The direction in which a box lays out its children.
public enum Orientation: Sendable {
    /// Side by side, in reading order.
    case horizontal
    /// Top to bottom.
    case vertical

    var gtkOrientation: GtkOrientation {
        self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }
}
