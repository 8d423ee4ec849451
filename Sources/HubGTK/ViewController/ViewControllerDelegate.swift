import GtkKit
import HubFramework

/// Follows what a view controller does. Every method has a default that does nothing.
@MainActor
public protocol ViewControllerDelegate: AnyObject {
    /// A new view model is about to be rendered.
    func viewController(_ viewController: ViewController, willUpdateWith viewModel: ViewModel)
    /// The new view model is rendered.
    func viewControllerDidUpdate(_ viewController: ViewController)
    /// Loading failed; the view keeps its previous content (and shows the error when it had none).
    func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error)
    /// A render pass finished.
    func viewControllerDidFinishRendering(_ viewController: ViewController)
    /// Return false to keep the content from scrolling.
    func viewControllerShouldStartScrolling(_ viewController: ViewController) -> Bool
    /// A component's widget is about to appear.
    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, willAppearIn view: Widget)
    /// A component's widget went out of view.
    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, didDisappearFrom view: Widget)
    /// A component's widget is being put back in the reuse pool.
    func viewController(_ viewController: ViewController, willReuseComponentWith view: Widget)
    /// A component was selected (its selection was handled).
    func viewController(_ viewController: ViewController, componentSelectedWith model: ComponentModel)
    /// An action was performed in the view (handled or not).
    func viewController(_ viewController: ViewController, didPerformActionWith context: ActionContext)
    /// Whether the body starts below the header (the "top content inset"). Default true.
    func viewControllerShouldAutomaticallyManageTopContentInset(_ viewController: ViewController) -> Bool
    /// Where overlay components are centred; return `proposed` to keep the default. The point reads
    /// left to right: in a view laid out right to left (``ViewController/layoutDirection``) it is
    /// mirrored across the view, as the layout manager's frames are.
    func viewController(_ viewController: ViewController, centerPointForOverlayComponentAt proposed: Point) -> Point
    /// The view's loading state changed (a chain started or finished running).
    func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool)
}

extension ViewControllerDelegate {
    public func viewController(_ viewController: ViewController, willUpdateWith viewModel: ViewModel) {}
    public func viewControllerDidUpdate(_ viewController: ViewController) {}
    public func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {}
    public func viewControllerDidFinishRendering(_ viewController: ViewController) {}
    public func viewControllerShouldStartScrolling(_ viewController: ViewController) -> Bool { true }
    public func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                               layoutTraits: Set<LayoutTrait>, willAppearIn view: Widget) {}
    public func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                               layoutTraits: Set<LayoutTrait>, didDisappearFrom view: Widget) {}
    public func viewController(_ viewController: ViewController, willReuseComponentWith view: Widget) {}
    public func viewController(_ viewController: ViewController, componentSelectedWith model: ComponentModel) {}
    public func viewController(_ viewController: ViewController, didPerformActionWith context: ActionContext) {}
    public func viewControllerShouldAutomaticallyManageTopContentInset(_ viewController: ViewController) -> Bool {
        true
    }
    public func viewController(_ viewController: ViewController, centerPointForOverlayComponentAt proposed: Point)
        -> Point { proposed }
    public func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool) {}
}
