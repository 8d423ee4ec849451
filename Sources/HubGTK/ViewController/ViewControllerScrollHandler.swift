import HubFramework

/// Customises how a feature's views scroll. Register one with a feature; every method has a default.
@MainActor
public protocol ViewControllerScrollHandler: AnyObject {
    /// Whether the scrollbar shows. Default true.
    func shouldShowScrollIndicators(in viewController: ViewController) -> Bool
    /// Called on every scroll with the new content offset.
    func scrollViewDidScroll(in viewController: ViewController, contentOffset: Point)
    /// A scroll gesture starts; `contentRect` is the visible part of the content.
    func scrollingWillStart(in viewController: ViewController, currentContentRect: Rect)
    /// Scrolling stopped.
    func scrollingDidEnd(in viewController: ViewController, currentContentRect: Rect)
    /// Where momentum should bring the content; return `proposedContentOffset` to keep it.
    func targetContentOffset(forScrollEndingIn viewController: ViewController, velocity: Point,
                             currentContentOffset: Point, proposedContentOffset: Point) -> Point
    /// The content offset that shows the body component at `index` at `scrollPosition`.
    func contentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition,
                       contentSize: Size, in viewController: ViewController) -> Point
}

extension ViewControllerScrollHandler {
    public func shouldShowScrollIndicators(in viewController: ViewController) -> Bool { true }
    public func scrollViewDidScroll(in viewController: ViewController, contentOffset: Point) {}
    public func scrollingWillStart(in viewController: ViewController, currentContentRect: Rect) {}
    public func scrollingDidEnd(in viewController: ViewController, currentContentRect: Rect) {}
    public func targetContentOffset(forScrollEndingIn viewController: ViewController, velocity: Point,
                                    currentContentOffset: Point, proposedContentOffset: Point)
        -> Point { proposedContentOffset }
    public func contentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition,
                              contentSize: Size, in viewController: ViewController) -> Point
    {
        viewController.defaultContentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition)
    }
}

/// The scroll handler used when a feature has none: every default.
@MainActor
public final class DefaultViewControllerScrollHandler: ViewControllerScrollHandler {
    /// Creates the handler; a view controller created without a scroll handler makes its own.
    public init() {}
}
