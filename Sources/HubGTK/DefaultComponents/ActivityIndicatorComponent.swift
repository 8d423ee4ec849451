import CGtk
import HubFramework

/// `default:activityIndicator` — a spinner, 44×44, spinning whenever it is on screen.
@MainActor
public final class ActivityIndicatorComponent: ComponentViewObserver {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth, .centered]
    public private(set) var view: Widget?

    public init() {}

    public func loadView() {
        let spinner = gtk_spinner_new()!
        Gtk.addClass(spinner, "hub-activity-indicator")
        Gtk.setAccessibleName(spinner, "Loading")
        gtk_widget_show(spinner)
        view = spinner
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: 44, height: 44)
    }

    public func prepareViewForReuse() {}

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        if let view { gtk_spinner_start(hub_spinner(view)) }
    }

    public func viewDidResize() {}

    public func viewWillAppear() {
        if let view { gtk_spinner_start(hub_spinner(view)) }
    }

    /// True while the spinner animates (GtkSpinner marks itself "checked" while active).
    public var isSpinning: Bool {
        guard let view else { return false }
        return gtk_widget_get_state_flags(view).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0
    }
}
