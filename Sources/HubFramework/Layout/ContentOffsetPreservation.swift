/// Keeps what the user is looking at in place when components are inserted or removed above it.
///
/// After an update, the GTK layer asks once for the content offset to apply (a one-shot correction,
/// like the original layout's target content offset; docs/layout.md, "Keeping the content offset"):
/// the current offset moves down by the height of every component inserted above the topmost
/// visible one, and up by the height of every component deleted at or above it, then is clamped to
/// the scrollable range. Later scrolls use the offset the user chooses: call this
/// only right after the update that `insertedIndexes` and `deletedIndexes` describe.
public enum ContentOffsetPreservation {
    /// The content offset to apply after an update.
    ///
    /// - Parameters:
    ///   - proposedOffset: the offset the container would use on its own; returned unchanged when
    ///     there is no previous layout or no diff.
    ///   - previousLayout: the layout before the update (nil when there was none).
    ///   - newLayout: the layout after the update.
    ///   - diff: the update, as indexes of inserted components (in the new list) and of deleted
    ///     components (in the old list); nil when the update had no diff. Indexes out of bounds are
    ///     ignored.
    ///   - currentOffset: the content offset before the update.
    ///   - topVisibleIndex: the smallest index (in the old list) of the visible body components, nil
    ///     when none is visible (then 0 is used). `ComponentLayout.firstIndex(intersecting:)` with the
    ///     visible rectangle answers it.
    ///   - contentInset: the container's content insets (the offset can go up to `-top`).
    ///   - viewHeight: the height of the scrolling view.
    public static func targetContentOffset(
        proposedOffset: Point,
        previousLayout: ComponentLayout?,
        newLayout: ComponentLayout,
        diff: (insertedIndexes: [Int], deletedIndexes: [Int])?,
        currentOffset: Point,
        topVisibleIndex: Int?,
        contentInset: EdgeInsets,
        viewHeight: Double
    ) -> Point {
        guard let previousLayout, let diff else {
            return proposedOffset
        }
        var offset = currentOffset
        let top = topVisibleIndex ?? 0
        for index in diff.insertedIndexes where index < top && index >= 0 && index < newLayout.count {
            offset.y += newLayout.frame(at: index).height
        }
        for index in diff.deletedIndexes where index <= top && index >= 0 && index < previousLayout.count {
            offset.y -= previousLayout.frame(at: index).height
        }
        offset.y = max(-contentInset.top, offset.y)
        let highest = max(newLayout.contentSize.height + contentInset.bottom - viewHeight, -contentInset.top)
        offset.y = min(highest, offset.y)
        return offset
    }
}
