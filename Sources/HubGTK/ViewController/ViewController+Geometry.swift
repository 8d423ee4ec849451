import GtkKit
import HubFramework

/// Where body components are, and scrolling to them: the API for apps and scroll handlers.
extension ViewController {
    /// The frame of the body component at `index` (content coordinates), `.zero` when out of bounds.
    public func frame(ofBodyComponentAt index: Int) -> Rect {
        layout?.frame(at: index) ?? .zero
    }

    /// The body component under `point` (view coordinates), or nil.
    public func indexOfBodyComponent(at point: Point) -> Int? {
        layout?.index(at: Point(x: point.x, y: point.y + canvas.contentOffset))
    }

    /// The current content offset.
    public var contentOffset: Point { Point(x: 0, y: canvas.contentOffset) }

    /// Scrolls to `offset` (clamped to the content). While a large body is still being laid out (a
    /// few milliseconds per main-loop turn), an offset beyond what is laid out yet is reached once
    /// the layout gets there, unless the user scrolls first.
    public func scroll(to offset: Point, animated: Bool = false) {
        // Beyond the content laid out so far: as far as it goes now, the rest once the layout gets there.
        pendingScroll = isLayoutComplete || offset.y <= canvas.maximumOffset ? nil : .offset(offset.y)
        lastProgrammaticContentOffset = Point(x: 0, y: min(max(0, offset.y), canvas.maximumOffset))
        canvas.setContentOffset(offset.y, animated: animated)
    }

    /// Scrolls to `offset` once the content reaches that far (or is all laid out, when it is
    /// shorter): for a view made again to stand for one that was let go, such as a page far back
    /// in an app's history. Scrolling before then cancels it.
    public func scrollWhenLoaded(to offset: Point) {
        pendingScroll = .offset(max(0, offset.y))
        if let viewModel = lastRenderedViewModel { continueLayoutIfIncomplete(of: viewModel) }
    }

    /// The offset that shows the body component at `index` at `scrollPosition`: its top edge at the
    /// top of the view (`.top`), its middle in the middle (`.centeredVertically`) or its bottom edge at
    /// the bottom (`.bottom`), clamped to the content. Scroll handlers without a rule of their own use it.
    public func defaultContentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition) -> Point {
        layout?.contentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition, contentInset: .zero,
                              viewHeight: canvas.viewportSize.height) ?? .zero
    }

    /// Scrolls a component into view; for children (`indexPath` longer than 1) asks each parent
    /// to scroll to the next child. `completion` is called with each level's index path. A body
    /// component that a large body's layout has not reached yet is scrolled to once it has (unless
    /// the user scrolls first); its children are not.
    public func scrollToComponent(ofType type: ComponentType, indexPath: [Int], scrollPosition: ScrollPosition,
                                  animated: Bool, completion: (@MainActor ([Int]) -> Void)? = nil)
    {
        guard let first = indexPath.first, let viewModel else { return }
        var root: ComponentWrapper?
        switch type {
        case .body:
            guard first < viewModel.bodyComponentModels.count else { return }
            let pending = PendingScroll.component(first, scrollPosition)
            if let layout, !pending.isReachable(in: layout, isComplete: isLayoutComplete,
                                                viewportHeight: canvas.viewportSize.height)
            {
                // Not laid out yet (a large body is laid out a few milliseconds per main-loop turn):
                // the view scrolls there when it is.
                pendingScroll = pending
                completion?([first])
                return
            }
            let offset = scrollHandler.contentOffset(
                forDisplayingComponentAt: first, scrollPosition: scrollPosition, contentSize: layout?.contentSize ?? .zero, in: self)
            scroll(to: offset, animated: false)
            root = visibleWrappers[first]
        case .header:
            root = headerWrapper
        case .overlay:
            root = overlayWrappers.indices.contains(first) ? overlayWrappers[first] : nil
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
