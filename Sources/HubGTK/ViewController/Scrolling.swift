import GtkKit
import HubFramework

/// Scrolling: it owns the canvas the body scrolls on, and is its delegate. The canvas reports
/// viewport changes and scroll gestures; the visible components are updated, the scroll handler and
/// the content offset observers are told, the layout is redone when the width changed, and the next
/// page is asked for when the end of the content comes near. Scrolls asked for in code (to an
/// offset, to a component) go through here too, and wait for a large body's layout when it has not
/// reached that far yet.
@MainActor
final class Scrolling: ScrollCanvasDelegate {
    private unowned let controller: ViewController
    /// The scrolling surface the body lives on.
    let canvas: ScrollCanvas
    /// The controller's root widget: the canvas's.
    var view: Widget { canvas.view }
    private let scrollHandler: any ViewControllerScrollHandler
    /// The offset last set through `scroll(to:)`: content offset observers are not told it again
    /// when their component appears there.
    private(set) var lastProgrammaticContentOffset: Point = .zero

    init(controller: ViewController, scrollHandler: any ViewControllerScrollHandler) {
        self.controller = controller
        self.scrollHandler = scrollHandler
        canvas = ScrollCanvas()
        canvas.delegate = self
    }

    private var layout: ComponentLayout? { controller.layout }

    /// Whether the scroll handler wants the scrollbar.
    var showsScrollIndicators: Bool { scrollHandler.shouldShowScrollIndicators(in: controller) }

    // MARK: ScrollCanvasDelegate

    package func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas) {
        if controller.renderer.needsRelayout(forViewportWidth: canvas.viewportSize.width) {
            controller.renderer.relayoutForNewSize()
            return
        }
        controller.input.cancelGesture()  // content moved under the pointer: a press in progress is no longer a click
        controller.recycler.updateVisibleCells()
        let offset = Point(x: 0, y: canvas.contentOffset)
        scrollHandler.scrollViewDidScroll(in: controller, contentOffset: offset)
        notifyContentOffsetObservers(offset)
        // An observer may have taken the focus away (the search bar leaves its entry when the view
        // scrolls), leaving the window with none: the list takes it, so the next key still scrolls.
        if canvas.windowHasNoFocus { canvas.focusContent() }
        loadNextPageIfNearEnd()
        controller.updateImpressions()
    }

    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {
        controller.bodyLayout.scrollWhenLaidOut(nil)  // the user scrolls: a scroll still waiting for the layout is dropped
        controller.input.cancelComponentSelection()
        scrollHandler.scrollingWillStart(in: controller, currentContentRect: currentContentRect)
    }

    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double)
    {
        let proposed = Point(x: 0, y: target)
        let chosen = scrollHandler.targetContentOffset(
            forScrollEndingIn: controller, velocity: Point(x: 0, y: velocity),
            currentContentOffset: Point(x: 0, y: canvas.contentOffset), proposedContentOffset: proposed)
        target = chosen.y
        if let layout, target >= layout.contentSize.height - canvas.viewportSize.height, !controller.content.isLoaderBusy {
            controller.content.loadNextPage()
        }
    }

    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {
        scrollHandler.scrollingDidEnd(in: controller, currentContentRect: currentContentRect)
    }

    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool {
        controller.delegate?.viewControllerShouldStartScrolling(controller) ?? true
    }

    private var currentContentRect: Rect {
        let height = min(canvas.viewportSize.height, (layout?.contentSize.height ?? 0) - canvas.contentOffset)
        return Rect(x: 0, y: canvas.contentOffset, width: canvas.viewportSize.width, height: max(0, height))
    }

    /// Desktop scrolling has no "end of drag" for wheels and scrollbars, so the next page is also
    /// requested whenever the bottom of the content comes within one viewport of the visible area.
    private func loadNextPageIfNearEnd() {
        guard let layout, !controller.content.isLoaderBusy, controller.content.hasLoadedContent else { return }
        let remaining = layout.contentSize.height - (canvas.contentOffset + canvas.viewportSize.height)
        if remaining < canvas.viewportSize.height {
            controller.content.loadNextPage()
        }
    }

    private func notifyContentOffsetObservers(_ offset: Point) {
        for wrapper in controller.observerWrappers() where wrapper.isContentOffsetObserver {
            wrapper.updateView(forChangedContentOffset: offset)
        }
    }

    // MARK: Scrolling in code

    /// See ``ViewController/scroll(to:animated:)``.
    func scroll(to offset: Point, animated: Bool = false) {
        // Beyond the content laid out so far: as far as it goes now, the rest once the layout gets there.
        let isComplete = controller.renderer.isLayoutComplete
        controller.bodyLayout.scrollWhenLaidOut(isComplete || offset.y <= canvas.maximumOffset ? nil : .offset(offset.y))
        lastProgrammaticContentOffset = Point(x: 0, y: min(max(0, offset.y), canvas.maximumOffset))
        canvas.setContentOffset(offset.y, animated: animated)
    }

    /// See ``ViewController/scrollWhenLoaded(to:)``.
    func scrollWhenLoaded(to offset: Point) {
        controller.bodyLayout.scrollWhenLaidOut(.offset(max(0, offset.y)))
        if let viewModel = controller.renderer.lastRenderedViewModel {
            controller.bodyLayout.continueIfIncomplete(of: viewModel)
        }
    }

    /// The scroll handler's offset for showing the body component at `index` at `scrollPosition`.
    func contentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition, contentSize: Size) -> Point {
        scrollHandler.contentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition,
                                    contentSize: contentSize, in: controller)
    }

    /// See ``ViewController/scrollToComponent(ofType:indexPath:scrollPosition:animated:completion:)``.
    func scrollToComponent(ofType type: ComponentType, indexPath: [Int], scrollPosition: ScrollPosition,
                           animated: Bool, completion: (@MainActor ([Int]) -> Void)?)
    {
        guard let first = indexPath.first, let viewModel = controller.viewModel else { return }
        var root: ComponentWrapper?
        switch type {
        case .body:
            guard first < viewModel.bodyComponentModels.count else { return }
            let pending = PendingScroll.component(first, scrollPosition)
            if let layout, !pending.isReachable(in: layout, isComplete: controller.renderer.isLayoutComplete,
                                                viewportHeight: canvas.viewportSize.height)
            {
                // Not laid out yet (a large body is laid out a few milliseconds per main-loop turn):
                // the view scrolls there when it is.
                controller.bodyLayout.scrollWhenLaidOut(pending)
                completion?([first])
                return
            }
            let offset = contentOffset(forDisplayingComponentAt: first, scrollPosition: scrollPosition,
                                       contentSize: layout?.contentSize ?? .zero)
            scroll(to: offset, animated: false)
            root = controller.recycler.placedWrappers[first]
        case .header:
            root = controller.floating.header
        case .overlay:
            let overlays = controller.floating.overlays
            root = overlays.indices.contains(first) ? overlays[first] : nil
        }
        completion?([first])
        var wrapper = root
        var path = [first]
        for childIndex in indexPath.dropFirst() {
            guard let current = wrapper else { return }
            path.append(childIndex)
            let reached = path
            current.scrollToComponent(at: childIndex, position: scrollPosition, animated: animated) {
                completion?(reached)
            }
            wrapper = current.visibleChildComponent(at: childIndex)
        }
    }
}
