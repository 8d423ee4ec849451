internal import CGtk

/// Where a widget sits in the space its parent gives it, along one axis.
public enum Alignment: Sendable {
    /// Takes all the space.
    case fill
    /// At the start (left or top; right in right-to-left text).
    case start
    /// At the end.
    case end
    /// Centred.
    case center
    /// On the text baseline (vertical alignment in boxes of labels).
    case baseline

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        case GTK_ALIGN_BASELINE: self = .baseline
        default: self = .fill
        }
    }

    var gtkAlign: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }
}
