import HubFramework

/// Where a view scrolls once its layout reaches far enough.
///
/// A large body is laid out a few milliseconds per main-loop turn, so a scroll asked for before the
/// layout gets there (an offset beyond the content laid out so far, a component not laid out yet,
/// the place a discarded view was at) waits for it instead of stopping short. The user scrolling
/// cancels it.
enum PendingScroll: Equatable {
    /// A content offset.
    case offset(Double)
    /// The body component at an index, shown at a scroll position.
    case component(Int, ScrollPosition)

    /// Whether `layout` reaches far enough to scroll to this target: all of the body is laid out
    /// (`isComplete`), or enough of it below the target to fill a viewport of `viewportHeight`, so
    /// that the offset is not clamped by content still to come.
    func isReachable(in layout: ComponentLayout, isComplete: Bool, viewportHeight: Double) -> Bool {
        if isComplete { return true }
        switch self {
        case .offset(let offset):
            return layout.contentSize.height >= offset + viewportHeight
        case .component(let index, _):
            return index < layout.count && layout.contentSize.height >= layout.frame(at: index).maxY + viewportHeight
        }
    }
}
