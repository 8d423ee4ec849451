internal import CGtk

/// Scrolls a child larger than itself (GtkScrolledWindow).
@MainActor
open class ScrolledWindow: Container {
    /// When a scroll bar shows.
    public enum ScrollBarPolicy: Sendable {
        /// Shown only when the child is larger than the window in that direction.
        case automatic
        /// Always shown, even when there is nothing to scroll.
        case always
        /// Never shown, and the window does not scroll in that direction: it grows with its
        /// child instead.
        case never

        var gtk: GtkPolicyType {
            switch self {
            case .automatic: GTK_POLICY_AUTOMATIC
            case .always: GTK_POLICY_ALWAYS
            case .never: GTK_POLICY_NEVER
            }
        }
    }

    /// An empty scrolled window.
    public init() {
        super.init(owning: gtk_scrolled_window_new(nil, nil))
    }

    /// Sets when each scroll bar shows.
    public func setScrollBarPolicy(horizontal: ScrollBarPolicy, vertical: ScrollBarPolicy) {
        gtk_scrolled_window_set_policy(hub_scrolled_window(gtkWidget), horizontal.gtk, vertical.gtk)
    }

    /// Whether scroll bars float over the content and fade out (true) or take room beside it.
    public var usesOverlayScrollBars: Bool {
        get { gtk_scrolled_window_get_overlay_scrolling(hub_scrolled_window(gtkWidget)) != 0 }
        set { gtk_scrolled_window_set_overlay_scrolling(hub_scrolled_window(gtkWidget), newValue ? 1 : 0) }
    }

    /// How far the content is scrolled horizontally, in points.
    public var horizontalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_hadjustment(hub_scrolled_window(gtkWidget))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(hub_scrolled_window(gtkWidget)), newValue) }
    }

    /// How far the content is scrolled vertically, in points.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(hub_scrolled_window(gtkWidget))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(hub_scrolled_window(gtkWidget)), newValue) }
    }
}
