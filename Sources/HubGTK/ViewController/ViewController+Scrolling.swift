import GtkKit
import HubFramework

/// Scrolling: the canvas reports viewport changes and scroll gestures; the controller updates the
/// visible components, tells the scroll handler and the content offset observers, relays out when
/// the width changed, and asks for the next page when the end of the content comes near.
extension ViewController: ScrollCanvasDelegate {
    package func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas) {
        if needsRender || (layout != nil && layout?.containerSize.width != canvas.viewportSize.width) {
            relayoutForNewSize()
            return
        }
        cancelGesture()  // content moved under the pointer: a press in progress is no longer a click
        updateVisibleCells()
        let offset = Point(x: 0, y: canvas.contentOffset)
        scrollHandler.scrollViewDidScroll(in: self, contentOffset: offset)
        notifyContentOffsetObservers(offset)
        // An observer may have taken the focus away (the search bar leaves its entry when the view
        // scrolls), leaving the window with none: the list takes it, so the next key still scrolls.
        if canvas.windowHasNoFocus { canvas.focusContent() }
        loadNextPageIfNearEnd()
        updateImpressions()
    }

    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {
        pendingScroll = nil  // the user scrolls: a scroll still waiting for the layout is dropped
        cancelComponentSelection()
        scrollHandler.scrollingWillStart(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double)
    {
        let proposed = Point(x: 0, y: target)
        let chosen = scrollHandler.targetContentOffset(
            forScrollEndingIn: self, velocity: Point(x: 0, y: velocity), currentContentOffset: Point(x: 0, y: canvas.contentOffset),
            proposedContentOffset: proposed)
        target = chosen.y
        if let layout, target >= layout.contentSize.height - canvas.viewportSize.height, !loader.isLoading {
            loader.loadNextPage()
            updateLoadingState()
        }
    }

    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {
        scrollHandler.scrollingDidEnd(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool {
        delegate?.viewControllerShouldStartScrolling(self) ?? true
    }

    private var currentContentRect: Rect {
        let height = min(canvas.viewportSize.height, (layout?.contentSize.height ?? 0) - canvas.contentOffset)
        return Rect(x: 0, y: canvas.contentOffset, width: canvas.viewportSize.width, height: max(0, height))
    }

    /// Desktop scrolling has no "end of drag" for wheels and scrollbars, so the next page is also
    /// requested whenever the bottom of the content comes within one viewport of the visible area.
    private func loadNextPageIfNearEnd() {
        guard let layout, !loader.isLoading, loader.previouslyLoadedViewModel != nil else { return }
        let remaining = layout.contentSize.height - (canvas.contentOffset + canvas.viewportSize.height)
        if remaining < canvas.viewportSize.height {
            loader.loadNextPage()
            updateLoadingState()
        }
    }

    func notifyContentOffsetObservers(_ offset: Point) {
        for wrapper in observerWrappers() where wrapper.isContentOffsetObserver {
            wrapper.updateView(forChangedContentOffset: offset)
        }
    }
}
