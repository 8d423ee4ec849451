import GtkKit
import HubFramework

/// The view's scroll handler and the offsets scrolling in code aims for. The scroll handler's API
/// takes the view controller, which each call is given; nothing here moves the canvas: the view
/// controller, the canvas's delegate, does that, and asks this object where to.
@MainActor
final class Scrolling {
    private let scrollHandler: any ViewControllerScrollHandler
    /// The offset last set through `scroll(to:)`: content offset observers are not told it again
    /// when their component appears there.
    private(set) var lastProgrammaticContentOffset: Point = .zero

    init(scrollHandler: any ViewControllerScrollHandler) {
        self.scrollHandler = scrollHandler
    }

    /// Whether the scroll handler wants the scrollbar.
    func showsScrollIndicators(in controller: ViewController) -> Bool {
        scrollHandler.shouldShowScrollIndicators(in: controller)
    }

    /// The content moved: the scroll handler hears of it.
    func didScroll(in controller: ViewController, to offset: Point) {
        scrollHandler.scrollViewDidScroll(in: controller, contentOffset: offset)
    }

    /// A scroll gesture begins in `rect` (the visible content).
    func willBeginScrolling(in controller: ViewController, currentContentRect rect: Rect) {
        scrollHandler.scrollingWillStart(in: controller, currentContentRect: rect)
    }

    /// A scroll gesture ends: where momentum should bring the offset (the handler may change it).
    func targetOffset(in controller: ViewController, velocity: Double, current: Double, proposed: Double) -> Double {
        scrollHandler.targetContentOffset(
            forScrollEndingIn: controller, velocity: Point(x: 0, y: velocity),
            currentContentOffset: Point(x: 0, y: current), proposedContentOffset: Point(x: 0, y: proposed)).y
    }

    /// The content stopped moving in `rect`.
    func didEndScrolling(in controller: ViewController, currentContentRect rect: Rect) {
        scrollHandler.scrollingDidEnd(in: controller, currentContentRect: rect)
    }

    /// The scroll handler's offset for showing the body component at `index` at `scrollPosition`.
    func contentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition, contentSize: Size,
                       in controller: ViewController) -> Point
    {
        scrollHandler.contentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition,
                                    contentSize: contentSize, in: controller)
    }

    /// An offset set in code (clamped to the content): observers are not told it again.
    func noteProgrammaticScroll(to offset: Double) {
        lastProgrammaticContentOffset = Point(x: 0, y: offset)
    }
}
