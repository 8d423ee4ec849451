// The layout pass (described step by step in docs/layout.md, "How a view is laid out") and its
// incremental forms.
//
// Every entry point ends in `flow`, which lays components out from the start of a row to the end of
// the list. A full layout starts at row 0. An incremental update starts at the row where the change
// can first have an effect, replays the row break that started that row (the break depends only on
// earlier, unchanged components), and stops early when it starts a row at a component that also
// started a row in the old layout, after the changed range: from there on, every row keeps its old
// members and x positions, so only y positions can change, and they are recomputed without measuring
// anything (or kept as they are when the first of those rows did not move).

extension ComponentLayout {
    // MARK: Public entry points

    /// Lays out the components appended since the last layout, `count..<measuring.bodyComponentCount`.
    ///
    /// Only the new components are measured, plus the components of the old last row, which the new
    /// ones may join (and which is re-centered). The rest of the layout is untouched.
    ///
    /// - Returns: the indexes whose frames were computed or may have changed.
    @discardableResult
    public mutating func appendBodyComponents<Measuring: LayoutMeasuring>(measuring: Measuring) -> Range<Int> {
        let oldCount = count
        let newCount = measuring.bodyComponentCount
        precondition(
            newCount >= oldCount,
            "appendBodyComponents: the measuring has \(newCount) body components, fewer than the \(oldCount) laid out")
        return relayout(replacing: oldCount..<oldCount, withCount: newCount - oldCount, measuring: measuring)
    }

    /// Lays out again after the size or traits of the components at `indexes` changed.
    ///
    /// Re-flows from the row of the first changed component (or the row above it, when it starts a
    /// row and might now fit there) until a row starts where it used to start, after the last changed
    /// component; the rows below are then only moved vertically, without being measured again.
    ///
    /// - Returns: the indexes whose frames may have changed (empty when `indexes` is empty).
    @discardableResult
    public mutating func invalidateBodyComponents<Measuring: LayoutMeasuring>(
        at indexes: some Sequence<Int>,
        measuring: Measuring
    ) -> Range<Int> {
        var lowest = Int.max
        var highest = Int.min
        for index in indexes {
            precondition(
                index >= 0 && index < count,
                "invalidateBodyComponents: index \(index) is out of bounds (\(count) components)")
            lowest = min(lowest, index)
            highest = max(highest, index)
        }
        guard lowest <= highest else { return count..<count }
        return relayout(replacing: lowest..<(highest + 1), withCount: highest + 1 - lowest, measuring: measuring)
    }

    /// Lays out again after body components were inserted, deleted or reloaded, as described by a
    /// diff: `deletedIndexes` and `reloadedIndexes` are indexes in the old list, `insertedIndexes` in
    /// the new list (the collection-view convention). The span from the first to the last change is
    /// measured again; the components after it are only moved, as for `invalidateBodyComponents`.
    ///
    /// Falls back to a full layout when the indexes do not describe a change from `count` components
    /// to `measuring.bodyComponentCount` components.
    ///
    /// - Returns: the indexes (in the new list) whose frames may have changed.
    @discardableResult
    public mutating func update<Measuring: LayoutMeasuring>(
        insertedIndexes: [Int],
        deletedIndexes: [Int],
        reloadedIndexes: [Int] = [],
        measuring: Measuring
    ) -> Range<Int> {
        let oldCount = count
        let newCount = measuring.bodyComponentCount
        let delta = insertedIndexes.count - deletedIndexes.count
        let valid =
            newCount == oldCount + delta
            && deletedIndexes.allSatisfy { $0 >= 0 && $0 < oldCount }
            && reloadedIndexes.allSatisfy { $0 >= 0 && $0 < oldCount }
            && insertedIndexes.allSatisfy { $0 >= 0 && $0 < newCount }
            && Set(deletedIndexes).count == deletedIndexes.count
            && Set(insertedIndexes).count == insertedIndexes.count
        guard valid else {
            layOutEverything(measuring: measuring)
            return 0..<count
        }
        let changes = insertedIndexes + deletedIndexes + reloadedIndexes
        guard let first = changes.min() else {
            return count..<count
        }
        // Before `first`, old and new indexes agree. After `oldEnd` (old) / `oldEnd + delta` (new),
        // every component is unchanged and its new index is its old index plus `delta`.
        var oldEnd = first
        if let last = deletedIndexes.max() { oldEnd = max(oldEnd, last + 1) }
        if let last = reloadedIndexes.max() { oldEnd = max(oldEnd, last + 1) }
        if let last = insertedIndexes.max() { oldEnd = max(oldEnd, last + 1 - delta) }
        guard oldEnd <= oldCount, oldEnd + delta <= newCount, oldEnd + delta >= first else {
            layOutEverything(measuring: measuring)
            return 0..<count
        }
        return relayout(replacing: first..<oldEnd, withCount: oldEnd + delta - first, measuring: measuring)
    }

    /// Keeps only the rows before the one holding `index`: what a change at `index` cannot move. The
    /// components of those rows keep their frames; the rest is dropped, to be laid out again with
    /// ``appendBodyComponents(measuring:)`` (all at once, or a step at a time for a long list).
    ///
    /// A change that moves most of a long list (a filter that hides half a million rows) is cheaper
    /// this way: the rows that must be laid out again are laid out from the new list, instead of
    /// being replaced in place and then all measured.
    ///
    /// - Returns: how many components are kept (the first index to lay out again).
    @discardableResult
    package mutating func truncate(keepingRowsBefore index: Int) -> Int {
        guard index < count else { return count }
        let row = index <= 0 ? 0 : row(containing: index)
        let kept = row == 0 ? 0 : Int(rowStarts[row])
        // The arrays are usually shared with the layout the view still shows (kept to preserve the
        // content offset): removing the tail of a shared array copies all of it first, so the kept
        // part is copied instead.
        func keep<Element>(_ array: inout [Element], _ count: Int) {
            array = Array(array[..<count])
        }
        keep(&xs, kept)
        keep(&ys, kept)
        keep(&widths, kept)
        keep(&heights, kept)
        keep(&traitIDs, kept)
        keep(&rowStarts, row)
        keep(&rowMaxYs, row)
        if let last = rowMaxYs.last, let start = rowStarts.last {
            contentSize = Size(width: containerSize.width, height: last + max(bottomMargin(ofRow: Int(start)..<kept), 0))
        } else {
            contentSize = Size(width: containerSize.width, height: 0)
        }
        return kept
    }

    /// Lays out again after the header changed (appeared, disappeared, or changed its preferred size
    /// or traits). Only the first row is measured again; the other rows are moved.
    ///
    /// - Returns: the indexes whose frames may have changed.
    @discardableResult
    public mutating func invalidateHeader<Measuring: LayoutMeasuring>(measuring: Measuring) -> Range<Int> {
        precondition(
            measuring.bodyComponentCount == count,
            "invalidateHeader: the measuring has \(measuring.bodyComponentCount) body components, not \(count)")
        measureHeader(measuring)
        return relayout(replacing: 0..<0, withCount: 0, measuring: measuring)
    }

    /// Lays everything out again for a new container size (every width may change, and preferred
    /// sizes are asked for a container size).
    public mutating func resize<Measuring: LayoutMeasuring>(to containerSize: Size, measuring: Measuring) {
        self.containerSize = containerSize
        layOutEverything(measuring: measuring)
    }

    /// Lays everything out again with the same container size, for example after a new view model.
    public mutating func layOutAgain<Measuring: LayoutMeasuring>(measuring: Measuring) {
        layOutEverything(measuring: measuring)
    }

    // MARK: Engine

    mutating func layOutEverything<Measuring: LayoutMeasuring>(measuring: Measuring) {
        measureHeader(measuring)
        let newCount = measuring.bodyComponentCount
        precondition(newCount >= 0 && newCount < Int(Int32.max), "Cannot lay out \(newCount) body components")
        xs = [Double](repeating: 0, count: newCount)
        ys = [Double](repeating: 0, count: newCount)
        widths = [Double](repeating: 0, count: newCount)
        heights = [Double](repeating: 0, count: newCount)
        traitIDs = [UInt32](repeating: 0, count: newCount)
        rowStarts = []
        rowMaxYs = []
        flow(resumeRow: 0, start: 0, oldContentHeight: 0, rejoinFrom: .max, delta: 0, measuring: measuring)
    }

    mutating func measureHeader<Measuring: LayoutMeasuring>(_ measuring: Measuring) {
        if let traits = measuring.headerLayoutTraits {
            memo.setHeader(memo.id(for: traits))
            flowHeaderFrame = Rect(origin: .zero, size: measuring.preferredHeaderSize(containerSize: containerSize))
        } else {
            memo.setHeader(nil)
            flowHeaderFrame = nil
        }
    }

    /// Replaces the components `oldRange` by `newCount` components (already in `measuring`) and lays
    /// out what may have changed.
    mutating func relayout<Measuring: LayoutMeasuring>(
        replacing oldRange: Range<Int>,
        withCount newCount: Int,
        measuring: Measuring
    ) -> Range<Int> {
        let oldCount = count
        precondition(
            oldRange.lowerBound >= 0 && oldRange.upperBound <= oldCount && newCount >= 0,
            "Invalid change \(oldRange) → \(newCount) components for a layout of \(oldCount)")
        let total = oldCount - oldRange.count + newCount
        precondition(
            measuring.bodyComponentCount == total,
            "The measuring has \(measuring.bodyComponentCount) body components; expected \(total)")
        precondition(total < Int(Int32.max), "Cannot lay out \(total) body components")

        // The row to resume at: the row of the first change, or the one above when the change starts
        // a row (its first component may now fit on the row above).
        let first = oldRange.lowerBound
        var resumeRow = 0
        if oldCount > 0 {
            resumeRow = row(containing: min(first, oldCount - 1))
            if first < oldCount, Int(rowStarts[resumeRow]) == first {
                resumeRow -= 1
            }
            resumeRow = max(resumeRow, 0)
        }
        let start = resumeRow == 0 ? 0 : Int(rowStarts[resumeRow])

        if !(oldRange.isEmpty && newCount == 0) {
            xs.replaceSubrange(oldRange, with: repeatElement(0, count: newCount))
            ys.replaceSubrange(oldRange, with: repeatElement(0, count: newCount))
            widths.replaceSubrange(oldRange, with: repeatElement(0, count: newCount))
            heights.replaceSubrange(oldRange, with: repeatElement(0, count: newCount))
            traitIDs.replaceSubrange(oldRange, with: repeatElement(0, count: newCount))
        }
        return flow(
            resumeRow: resumeRow, start: start, oldContentHeight: contentSize.height,
            rejoinFrom: first + newCount, delta: newCount - oldRange.count,
            measuring: measuring)
    }

    /// The top margin of a component on the first row.
    private mutating func topRowMargin(_ id: UInt32) -> Double {
        guard let headerFrame = flowHeaderFrame, memo.headerID != nil else {
            return memo.edgeMargin(id, .top)
        }
        return addsHeaderMargin ? headerFrame.height + memo.headerMargin(id) : 0
    }

    /// Lays out components `start..<count`.
    ///
    /// On entry, the per-component arrays hold the new list (the frames of unchanged components after
    /// the change are still the old ones) and `rowStarts`/`rowMaxYs` still describe the old layout.
    ///
    /// - Parameters:
    ///   - resumeRow: the row `start` begins. Rows `0..<resumeRow` are final; when `resumeRow > 0`,
    ///     `start` is known to start a row, so its row break is replayed.
    ///   - rejoinFrom: the first new index after the changed range.
    ///   - delta: new index minus old index, for components at or after `rejoinFrom`.
    /// - Returns: the indexes whose frames were computed or moved.
    @discardableResult
    private mutating func flow<Measuring: LayoutMeasuring>(
        resumeRow: Int,
        start: Int,
        oldContentHeight: Double,
        rejoinFrom: Int,
        delta: Int,
        measuring: Measuring
    ) -> Range<Int> {
        let total = xs.count
        let containerSize = self.containerSize
        let width = containerSize.width
        let oldRowCount = rowStarts.count

        var rowStart: Int  // first index of the open row; == index when the row is still empty
        var rowMaxY: Double
        var inTopRow: Bool
        var replayBreak: Bool
        if resumeRow == 0 {
            rowStart = 0
            rowMaxY = 0
            inTopRow = true
            replayBreak = false
        } else {
            rowStart = Int(rowStarts[resumeRow - 1])
            rowMaxY = rowMaxYs[resumeRow - 1]
            inTopRow = false
            replayBreak = true
        }
        var currentX = 0.0
        var currentY = 0.0
        var rowFirstX = 0.0
        var newRowStarts: [Int32] = []
        var newRowMaxYs: [Double] = []
        var oldRow = resumeRow  // cursor into the old rows, to find where the flow can rejoin them

        var index = start
        while index < total {
            let id = memo.id(for: measuring.layoutTraits(forBodyComponentAt: index))
            let preferred = measuring.preferredSize(forBodyComponentAt: index, containerSize: containerSize)
            var frameWidth = min(preferred.width, width)
            let frameHeight = preferred.height
            let rowIsEmpty = rowStart == index

            var top = inTopRow ? topRowMargin(id) : 0
            let right = memo.edgeMargin(id, .right)
            var x = 0.0
            if !replayBreak {
                let left =
                    rowIsEmpty
                    ? memo.edgeMargin(id, .left)
                    : memo.horizontalMargin(id, preceding: traitIDs[index - 1])
                x = currentX + left
            }
            let y: Double
            if replayBreak || x + frameWidth + right > width {
                // A new row.
                if !rowIsEmpty {
                    if !replayBreak {
                        closeRow(
                            rowStart..<index, firstX: rowFirstX, lastX: currentX, maxY: rowMaxY,
                            starts: &newRowStarts, maxYs: &newRowMaxYs)
                    }
                    top = verticalGap(id, below: rowStart..<index)
                }
                replayBreak = false
                x = memo.edgeMargin(id, .left)
                let rowY = rowMaxY + top

                if !rowIsEmpty, index >= rejoinFrom {
                    let oldIndex = index - delta
                    while oldRow < oldRowCount, Int(rowStarts[oldRow]) < oldIndex {
                        oldRow += 1
                    }
                    // The old row must not have been the old first row, whose components may each have
                    // had their own top margin.
                    if oldRow > 0, oldRow < oldRowCount, Int(rowStarts[oldRow]) == oldIndex {
                        rowStarts.replaceSubrange(resumeRow..<oldRow, with: newRowStarts)
                        rowMaxYs.replaceSubrange(resumeRow..<oldRow, with: newRowMaxYs)
                        return rejoin(
                            atRow: resumeRow + newRowStarts.count, rowY: rowY, previousRow: rowStart..<index,
                            delta: delta, oldContentHeight: oldContentHeight, flowStart: start)
                    }
                }

                y = rowY
                inTopRow = false
                rowStart = index
                currentY = y
                rowMaxY = y + frameHeight
            } else {
                y = currentY + top
            }

            // Keep the right margin free.
            let overflow = x + frameWidth + right - width
            if overflow > 0 {
                frameWidth -= overflow
            }
            currentX = x + frameWidth
            rowMaxY = max(rowMaxY, y + frameHeight)
            xs[index] = x
            ys[index] = y
            widths[index] = frameWidth
            heights[index] = frameHeight
            traitIDs[index] = id
            if index == rowStart {
                rowFirstX = x
            }
            index += 1
        }

        if total > 0 {
            closeRow(
                rowStart..<total, firstX: rowFirstX, lastX: currentX, maxY: rowMaxY,
                starts: &newRowStarts, maxYs: &newRowMaxYs)
            contentSize = Size(width: width, height: rowMaxY + max(bottomMargin(ofRow: rowStart..<total), 0))
        } else {
            contentSize = Size(width: width, height: 0)
        }
        if resumeRow == 0 {
            rowStarts = newRowStarts
            rowMaxYs = newRowMaxYs
        } else {
            rowStarts.replaceSubrange(resumeRow..., with: newRowStarts)
            rowMaxYs.replaceSubrange(resumeRow..., with: newRowMaxYs)
        }
        return start..<total
    }

    /// Centers (or otherwise offsets) a completed row, and records it.
    private mutating func closeRow(
        _ members: Range<Int>, firstX: Double, lastX: Double, maxY: Double,
        starts: inout [Int32], maxYs: inout [Double]
    ) {
        let offset = memo.rowOffset(
            ids: traitIDs[members], leading: firstX, trailing: containerSize.width - lastX)
        if !LayoutMath.isZero(offset) {
            for member in members {
                xs[member] += offset
            }
        }
        starts.append(Int32(truncatingIfNeeded: members.lowerBound))
        maxYs.append(maxY)
    }

    /// The space between a row and the next row, which starts with a component of trait set `id`:
    /// the largest vertical margin between that component and any member of the row above.
    private mutating func verticalGap(_ id: UInt32, below members: Range<Int>) -> Double {
        var gap = 0.0
        for member in members {
            gap = max(gap, memo.verticalMargin(id, preceding: traitIDs[member]))
        }
        return gap
    }

    private mutating func bottomMargin(ofRow members: Range<Int>) -> Double {
        var bottom = -Double.infinity
        for member in members {
            bottom = max(bottom, memo.edgeMargin(traitIDs[member], .bottom))
        }
        return bottom
    }

    /// Finishes a flow that starts row `row` at a component that also started a row in the old
    /// layout: rows `row...` (still the old rows, with old start indexes) keep their members and x
    /// positions. When the row's y did not change, nothing below it did; otherwise each row's y is
    /// recomputed exactly as the full pass would, without measuring.
    private mutating func rejoin(
        atRow row: Int,
        rowY: Double,
        previousRow: Range<Int>,
        delta: Int,
        oldContentHeight: Double,
        flowStart: Int
    ) -> Range<Int> {
        let total = xs.count
        let rowCount = rowStarts.count
        if delta != 0 {
            let shift = Int32(truncatingIfNeeded: delta)
            for index in row..<rowCount {
                rowStarts[index] += shift
            }
        }
        let firstIndex = Int(rowStarts[row])
        if rowY == ys[firstIndex] {
            contentSize = Size(width: containerSize.width, height: oldContentHeight)
            return flowStart..<firstIndex
        }

        var previous = previousRow
        var rowMaxY = 0.0
        var y = rowY
        for index in row..<rowCount {
            let members = rowMembers(index)
            if index != row {
                y = rowMaxY + verticalGap(traitIDs[members.lowerBound], below: previous)
            }
            var maxY = y + heights[members.lowerBound]
            for member in members {
                ys[member] = y
                maxY = max(maxY, y + heights[member])
            }
            rowMaxYs[index] = maxY
            rowMaxY = maxY
            previous = members
        }
        contentSize = Size(width: containerSize.width, height: rowMaxY + max(bottomMargin(ofRow: previous), 0))
        return flowStart..<total
    }
}
