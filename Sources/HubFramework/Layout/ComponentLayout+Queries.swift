// Questions asked of a finished layout: which components are in a rectangle, which one is under a
// point, and where to scroll to show one.
//
// Rows are monotone in y: a row starts at or below the bottom of the tallest component of the row
// above (the vertical gap is never negative). So the rows that can meet a rectangle are found with a
// binary search on the rows' bottoms, followed by a walk that stops at the first row starting at or
// below the rectangle: O(log n + k), where k counts the components on the rows that were walked.

extension ComponentLayout {
    /// Calls `body` with the index of every body component whose frame intersects `rect` (as
    /// `Rect.intersects` decides), in increasing order. Allocation-free.
    public func forEachIndex(intersecting viewRect: Rect, _ body: (Int) throws -> Void) rethrows {
        guard !rowStarts.isEmpty else { return }
        // The flow is stored left to right: the rectangle is mirrored into it instead of every frame.
        let rect = placed(viewRect)
        var row = firstRow(endingBelow: rect.minY)
        let rowCount = rowStarts.count
        while row < rowCount {
            let members = rowMembers(row)
            if rowMinY(row, members: members) >= rect.maxY {
                break
            }
            for index in members
            where xs[index] < rect.maxX && rect.minX < xs[index] + widths[index]
                && ys[index] < rect.maxY && rect.minY < ys[index] + heights[index]
            {
                try body(index)
            }
            row += 1
        }
    }

    /// The indexes of the body components whose frames intersect `rect`, in increasing order.
    public func indexes(intersecting rect: Rect) -> [Int] {
        var result: [Int] = []
        forEachIndex(intersecting: rect) { result.append($0) }
        return result
    }

    /// The smallest index of a body component whose frame intersects `rect` (for example the
    /// topmost visible component, for `ContentOffsetPreservation`), or nil.
    public func firstIndex(intersecting rect: Rect) -> Int? {
        firstIndex(onRowsFrom: rect.minY, until: { $0 >= rect.maxY }) { frame(at: $0).intersects(rect) }
    }

    /// The index of the body component whose frame contains `point` (in content coordinates), or nil.
    /// When frames overlap, the one with the smallest index wins.
    public func index(at point: Point) -> Int? {
        firstIndex(onRowsFrom: point.y, until: { $0 > point.y }) { frame(at: $0).contains(point) }
    }

    /// The first index that `matches` accepts, walking the rows from the first that ends below `y`
    /// and stopping, with nil, at the first row whose top `isPast` says is past what is looked for.
    private func firstIndex(onRowsFrom y: Double, until isPast: (Double) -> Bool, where matches: (Int) -> Bool)
        -> Int?
    {
        guard !rowStarts.isEmpty else { return nil }
        var row = firstRow(endingBelow: y)
        let rowCount = rowStarts.count
        while row < rowCount {
            let members = rowMembers(row)
            if isPast(rowMinY(row, members: members)) {
                return nil
            }
            for index in members where matches(index) {
                return index
            }
            row += 1
        }
        return nil
    }

    /// The content offset that shows the body component at `index` at `scrollPosition` in a view
    /// `viewHeight` high (what HubGTK's scroll handlers answer unless they override it, so the rule of
    /// `DefaultViewControllerScrollHandler`): its top edge at the top of the view (`.top`, the
    /// default), its middle in the middle (`.centeredVertically`) or its bottom edge at the bottom
    /// (`.bottom`); clamped so the view neither scrolls above the top inset nor past the end of the
    /// content, and floored. An index out of bounds counts as a zero frame.
    public func contentOffset(
        forDisplayingComponentAt index: Int,
        scrollPosition: ScrollPosition,
        contentInset: EdgeInsets,
        viewHeight: Double
    ) -> Point {
        let frame = frame(at: index)
        var target: Double
        if scrollPosition.contains(.centeredVertically) {
            target = frame.midY - viewHeight / 2
        } else if scrollPosition.contains(.bottom) {
            target = frame.maxY - viewHeight
        } else {
            target = frame.minY
        }
        target = max(-contentInset.top, min(contentSize.height - viewHeight, target))
        return Point(x: 0, y: target.rounded(.down))
    }

    // MARK: Helpers

    /// The first row whose bottom is below `y` (rows' bottoms never decrease).
    func firstRow(endingBelow y: Double) -> Int {
        var low = 0
        var high = rowMaxYs.count
        while low < high {
            let middle = (low + high) / 2
            if rowMaxYs[middle] > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    func rowMembers(_ row: Int) -> Range<Int> {
        let start = Int(rowStarts[row])
        let end = row + 1 < rowStarts.count ? Int(rowStarts[row + 1]) : xs.count
        return start..<end
    }

    /// The top of a row. Rows after the first share one y; components on the first row may each have
    /// their own top margin.
    private func rowMinY(_ row: Int, members: Range<Int>) -> Double {
        if row > 0 {
            return ys[members.lowerBound]
        }
        var minY = Double.infinity
        for index in members {
            minY = min(minY, ys[index])
        }
        return minY
    }
}
