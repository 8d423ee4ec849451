import GtkKit
import HubFramework

/// Hosts one view controller in any container, and drives its appearance from the screen.
///
/// A ``ViewController`` is told when its view appears and disappears (``ViewController/viewWillAppear()``
/// and ``ViewController/viewDidDisappear()``): it loads its content when it appears and stops when it
/// goes. A host makes those calls for you, from GTK: the view *appears* when its widget becomes
/// mapped (shown, in shown containers, in a shown window) and *disappears* when it stops being
/// mapped (hidden, taken out of its container, its window closed). Add ``widget`` to any
/// ``/GtkKit/Container``, next to widgets of your own:
///
/// ```swift
/// let controller = try hub.viewControllerFactory.createViewController(forViewURI: uri)
/// let host = ViewHost(viewController: controller)
/// host.onTitleChange = { [weak window] title in window?.title = title }
/// sidebar.append(host.widget, expand: true)   // appears once the window is shown
/// ```
///
/// The host owns the controller: releasing the host (or calling ``tearDown()``) takes the widget out
/// of its container and tears the controller down. Keep the host for as long as the view is shown.
@MainActor
public final class ViewHost {
    /// The hosted view controller.
    public let viewController: ViewController
    /// Follows the hosted controller (content updates, loading, selection…). The host is the
    /// controller's delegate itself, to follow its title, and passes every call on to this one.
    public weak var delegate: (any ViewControllerDelegate)?
    /// Called with the view's ``title`` each time it changes while the view is shown, starting with
    /// its first appearance. Set while the view is shown, it is called at once with the current title.
    public var onTitleChange: (@MainActor (String) -> Void)? {
        didSet {
            reportedTitle = nil
            reportTitleIfChanged()
        }
    }
    /// True between the view's appearance and its disappearance (while ``widget`` is mapped).
    public private(set) var isViewVisible = false

    /// Receives the controller's delegate calls: a separate object, so that the host's own API is
    /// not the whole delegate protocol.
    private let forwarder = DelegateForwarder()
    private var reportedTitle: String?
    private var isTornDown = false

    /// Hosts `viewController`, which the host now owns and whose delegate it becomes (set
    /// ``delegate`` to follow the controller yourself). When the controller's view is already on
    /// screen, it appears at once.
    public init(viewController: ViewController) {
        self.viewController = viewController
        forwarder.host = self
        viewController.delegate = forwarder
        // The widget keeps these handlers as long as it lives; they capture the host weakly, so a
        // released host leaves them doing nothing.
        viewController.view.onMap { [weak self] in self?.viewDidMap() }
        viewController.view.onUnmap { [weak self] in self?.viewDidUnmap() }
        if viewController.view.isMapped { viewDidMap() }
    }

    isolated deinit {
        tearDown()
    }

    /// The widget to add to a container: the controller's view.
    public var widget: Widget { viewController.view }

    /// The view's title: the navigation title of its view model, or else its feature's title.
    public var title: String {
        viewController.navigationItem.title ?? viewController.featureInfo.title
    }

    /// Takes the widget out of its container and tears the controller down (the view disappears
    /// first when it was shown). Releasing the host does the same; afterwards the host does nothing.
    public func tearDown() {
        guard !isTornDown else { return }
        if isViewVisible {
            isViewVisible = false
            viewController.viewDidDisappear()
        }
        // Flagged before the widget leaves its container, whose unmap must not reach the controller.
        isTornDown = true
        widget.removeFromParent()
        viewController.tearDown()
        if viewController.delegate === forwarder { viewController.delegate = nil }
    }

    private func viewDidMap() {
        guard !isTornDown, !isViewVisible else { return }
        isViewVisible = true
        viewController.viewWillAppear()
        reportTitleIfChanged()
    }

    private func viewDidUnmap() {
        guard !isTornDown, isViewVisible else { return }
        isViewVisible = false
        viewController.viewDidDisappear()
    }

    fileprivate func reportTitleIfChanged() {
        guard isViewVisible, let onTitleChange else { return }
        let title = self.title
        guard title != reportedTitle else { return }
        reportedTitle = title
        onTitleChange(title)
    }
}

/// The hosted controller's delegate: notes title changes for its host and passes every call on to
/// the host's ``ViewHost/delegate``.
@MainActor
private final class DelegateForwarder: ViewControllerDelegate {
    weak var host: ViewHost?
    private var next: (any ViewControllerDelegate)? { host?.delegate }

    func viewController(_ viewController: ViewController, willUpdateWith viewModel: ViewModel) {
        next?.viewController(viewController, willUpdateWith: viewModel)
    }

    func viewControllerDidUpdate(_ viewController: ViewController) {
        // The title first, so that a delegate reading the window title sees the new one.
        host?.reportTitleIfChanged()
        next?.viewControllerDidUpdate(viewController)
    }

    func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {
        next?.viewController(viewController, didFailToUpdateWith: error)
    }

    func viewControllerDidFinishRendering(_ viewController: ViewController) {
        next?.viewControllerDidFinishRendering(viewController)
    }

    func viewControllerShouldStartScrolling(_ viewController: ViewController) -> Bool {
        next?.viewControllerShouldStartScrolling(viewController) ?? true
    }

    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, willAppearIn view: Widget)
    {
        next?.viewController(viewController, componentWith: model, layoutTraits: layoutTraits, willAppearIn: view)
    }

    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, didDisappearFrom view: Widget)
    {
        next?.viewController(viewController, componentWith: model, layoutTraits: layoutTraits,
                             didDisappearFrom: view)
    }

    func viewController(_ viewController: ViewController, willReuseComponentWith view: Widget) {
        next?.viewController(viewController, willReuseComponentWith: view)
    }

    func viewController(_ viewController: ViewController, componentSelectedWith model: ComponentModel) {
        next?.viewController(viewController, componentSelectedWith: model)
    }

    func viewController(_ viewController: ViewController, didPerformActionWith context: ActionContext) {
        next?.viewController(viewController, didPerformActionWith: context)
    }

    func viewControllerShouldAutomaticallyManageTopContentInset(_ viewController: ViewController) -> Bool {
        next?.viewControllerShouldAutomaticallyManageTopContentInset(viewController) ?? true
    }

    func viewController(_ viewController: ViewController, centerPointForOverlayComponentAt proposed: Point)
        -> Point
    {
        next?.viewController(viewController, centerPointForOverlayComponentAt: proposed) ?? proposed
    }

    func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool) {
        next?.viewController(viewController, loadingStateDidChange: isLoading)
    }
}
