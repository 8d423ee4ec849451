import GtkKit
import HubFramework

/// `default:activityIndicator` — a spinner, 44×44, spinning whenever it is on screen.
@MainActor
public final class ActivityIndicatorComponent: ComponentViewObserver {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth, .centered]
    public var view: Widget? { spinner }
    private var spinner: Spinner?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:activityIndicator`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let spinner = Spinner()
        spinner.addCSSClass("hub-activity-indicator")
        // Translators: what a screen reader says for a spinner shown while something loads.
        spinner.accessibleName = localized("Loading")
        spinner.show()
        self.spinner = spinner
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: 44, height: 44)
    }

    public func prepareViewForReuse() {}

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        spinner?.isSpinning = true
    }

    public func viewDidResize() {}

    public func viewWillAppear() {
        spinner?.isSpinning = true
    }

    /// True while the spinner animates.
    public var isSpinning: Bool { spinner?.isSpinning ?? false }
}
