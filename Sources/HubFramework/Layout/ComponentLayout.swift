/// The frames of a view's body components, its header frame and its content size.
///
/// A `ComponentLayout` is the toolkit-free result of the layout pass: it is computed from the container
/// size, a `LayoutMeasuring` (traits and preferred sizes by index) and a `ComponentLayoutManager`.
/// Components flow left to right into rows; a component that does not fit (its width plus its right
/// margin past the container's width) starts a new row below the tallest component of the row above.
/// See docs/layout.md for the full rules.
///
/// It is a value: copies are independent, and it can be sent to another thread. The mutating methods
/// update it incrementally:
///
/// * `appendBodyComponents(measuring:)` lays out only the new components (plus the old last row, which
///   they may join or re-center);
/// * `invalidateBodyComponents(at:measuring:)`, after a component's size or traits changed, re-flows
///   from that component's row until the rows fall back into their old places, then only moves the
///   remaining rows vertically, without measuring them again;
/// * `update(insertedIndexes:deletedIndexes:reloadedIndexes:measuring:)` does the same for a diff;
/// * `resize(to:measuring:)` (a new width) and `invalidateHeader(measuring:)` lay out again.
///
/// Storage: frames are kept as four arrays of `Double` (x, y, width, height), plus one 32-bit trait
/// set id per component and, per row, its first index (32 bits) and its bottom edge (a `Double`):
/// at most 48 bytes per component (`layoutDataByteCount`).
public struct ComponentLayout: Sendable {
    /// The size of the container the components were laid out in.
    public internal(set) var containerSize: Size
    /// The size of the scrollable content: the container's width, and the bottom of the last row plus
    /// its bottom margin.
    public internal(set) var contentSize: Size = .zero
    /// The direction rows flow in. The layout is computed left to right; right to left, every frame
    /// this layout gives (``frame(at:)``, ``frames``, ``headerFrame``, the queries by rectangle and
    /// point) is mirrored across the container's width, which costs nothing to switch.
    public var direction: LayoutDirection = .leftToRight
    /// The header's frame: at the top, at the start of the reading direction, with its preferred
    /// size. Nil when the view has no header. The header is not part of the scrolling content; with
    /// `addsHeaderMargin` the first row starts below its preferred height.
    public var headerFrame: Rect? { flowHeaderFrame.map(placed) }
    /// The header's frame left to right, as the flow computes it.
    var flowHeaderFrame: Rect?
    /// Whether components on the first row keep the header's preferred height (plus the layout
    /// manager's margin to the header) free above them. When false, a view with a header starts its
    /// first row at y = 0.
    public let addsHeaderMargin: Bool

    var memo: LayoutManagerMemo

    // Per component (struct of arrays).
    var xs: [Double] = []
    var ys: [Double] = []
    var widths: [Double] = []
    var heights: [Double] = []
    var traitIDs: [UInt32] = []

    // Per row: the index of its first component, and the bottom of its tallest component.
    // Both are monotone, which makes rectangle queries a binary search followed by a walk.
    var rowStarts: [Int32] = []
    var rowMaxYs: [Double] = []

    /// Lays out every body component.
    ///
    /// - Parameters:
    ///   - containerSize: the size of the scrolling container (its width bounds the rows).
    ///   - measuring: answers traits and preferred sizes, for the header and each body index.
    ///   - layoutManager: turns traits into margins. It must be pure (see `ComponentLayoutManager`).
    ///   - addsHeaderMargin: whether the first row starts below the header (the view controller's
    ///     "automatically manage top content inset", true by default).
    public init<Measuring: LayoutMeasuring>(
        containerSize: Size,
        measuring: Measuring,
        layoutManager: any ComponentLayoutManager,
        addsHeaderMargin: Bool = true
    ) {
        self.containerSize = containerSize
        self.addsHeaderMargin = addsHeaderMargin
        memo = LayoutManagerMemo(manager: layoutManager)
        layOutEverything(measuring: measuring)
    }

    /// The layout manager this layout asks (and whose answers it remembers).
    public var layoutManager: any ComponentLayoutManager { memo.manager }

    /// The number of body components laid out.
    public var count: Int { xs.count }

    /// The frame of the body component at `index`, or `Rect.zero` when the index is out of bounds.
    public func frame(at index: Int) -> Rect {
        guard index >= 0, index < xs.count else { return .zero }
        return placed(Rect(x: xs[index], y: ys[index], width: widths[index], height: heights[index]))
    }

    /// Every body component's frame, in model order.
    public var frames: [Rect] {
        (0..<xs.count).map { placed(Rect(x: xs[$0], y: ys[$0], width: widths[$0], height: heights[$0])) }
    }

    /// A rectangle of the left-to-right flow where `direction` puts it (mirrored across the
    /// container's width right to left); also maps a rectangle of the view back to the flow, since a
    /// mirror is its own inverse.
    func placed(_ rect: Rect) -> Rect {
        guard direction == .rightToLeft else { return rect }
        return Rect(x: containerSize.width - rect.minX - rect.width, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The number of rows.
    public var rowCount: Int { rowStarts.count }

    /// The indexes of the components on row `row` (rows are numbered from the top, from 0).
    public func indexes(inRow row: Int) -> Range<Int> {
        precondition(row >= 0 && row < rowStarts.count, "Row \(row) is out of bounds (\(rowStarts.count) rows)")
        return rowMembers(row)
    }

    /// The row the component at `index` is on. O(log rows).
    public func row(containing index: Int) -> Int {
        precondition(index >= 0 && index < xs.count, "Index \(index) is out of bounds (\(xs.count) components)")
        // The last row whose start is <= index.
        var low = 0
        var high = rowStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(rowStarts[middle]) <= index { low = middle } else { high = middle }
        }
        return low
    }

    /// The layout traits the component at `index` was laid out with.
    public func layoutTraits(at index: Int) -> Set<LayoutTrait> {
        precondition(index >= 0 && index < xs.count, "Index \(index) is out of bounds (\(xs.count) components)")
        return memo.traits(for: traitIDs[index])
    }

    /// Bytes used by the per-component and per-row layout data (frames, trait ids and row bookkeeping),
    /// counting the elements stored. Divide by `count` for the bytes per component (at most 48).
    public var layoutDataByteCount: Int {
        xs.count * (4 * MemoryLayout<Double>.stride + MemoryLayout<UInt32>.stride)
            + rowStarts.count * (MemoryLayout<Int32>.stride + MemoryLayout<Double>.stride)
    }

    /// Bytes reserved by the layout data, counting the arrays' spare capacity, plus the memo tables.
    public var layoutDataCapacityByteCount: Int {
        (xs.capacity + ys.capacity + widths.capacity + heights.capacity) * MemoryLayout<Double>.stride
            + traitIDs.capacity * MemoryLayout<UInt32>.stride
            + rowStarts.capacity * MemoryLayout<Int32>.stride
            + rowMaxYs.capacity * MemoryLayout<Double>.stride
            + memo.byteCount
    }
}
