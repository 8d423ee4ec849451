/// Asks a pure layout manager each question at most once per combination of trait-set ids.
///
/// Content-edge and header margins are kept per id; horizontal and vertical margins in a
/// `TraitPairTable` each (square tables indexed by component id and preceding id while there are
/// fewer than `tableLimit` distinct sets, dictionaries beyond that); row offsets in a
/// `RowOffsetCache`. `Double.nan` marks an unknown answer (a manager answering NaN is simply asked
/// again).
struct LayoutManagerMemo: Sendable {
    let manager: any ComponentLayoutManager
    private(set) var interner = TraitSetInterner()

    private var edgeMargins: [Double] = []  // 4 per id, indexed by id * 4 + edge.rawValue
    private var headerMargins: [Double] = []  // per id, for `headerID`
    private(set) var headerID: UInt32?

    private static let tableLimit = 128
    private var horizontal = TraitPairTable()
    private var vertical = TraitPairTable()
    private var rowOffsets = RowOffsetCache()

    init(manager: any ComponentLayoutManager) {
        self.manager = manager
    }

    /// Bytes held by the memo tables (independent of the number of components).
    var byteCount: Int {
        (edgeMargins.capacity + headerMargins.capacity) * MemoryLayout<Double>.stride
            + horizontal.byteCount + vertical.byteCount + interner.count * 64
    }

    // MARK: Interning

    mutating func id(for traits: Set<LayoutTrait>) -> UInt32 {
        let before = interner.count
        let id = interner.id(for: traits)
        if interner.count != before {
            grow(to: interner.count)
        }
        return id
    }

    func traits(for id: UInt32) -> Set<LayoutTrait> {
        interner.traits(for: id)
    }

    private mutating func grow(to count: Int) {
        edgeMargins.append(contentsOf: repeatElement(.nan, count: count * 4 - edgeMargins.count))
        headerMargins.append(contentsOf: repeatElement(.nan, count: count - headerMargins.count))
        let stride = horizontal.stride
        guard count > stride, stride < Self.tableLimit else { return }
        let newStride = min(Self.tableLimit, max(8, stride * 2, count))
        horizontal.restride(to: newStride)
        vertical.restride(to: newStride)
    }

    // MARK: Questions

    mutating func edgeMargin(_ id: UInt32, _ edge: ContentEdge) -> Double {
        let slot = Int(id) &* 4 &+ edge.rawValue
        let known = edgeMargins[slot]
        if !known.isNaN { return known }
        let value = manager.margin(forTraits: traits(for: id), toContentEdge: edge)
        edgeMargins[slot] = value
        return value
    }

    /// Sets the header whose margins `headerMargin(_:)` answers; nil for no header.
    mutating func setHeader(_ id: UInt32?) {
        guard id != headerID else { return }
        headerID = id
        for index in headerMargins.indices {
            headerMargins[index] = .nan
        }
    }

    mutating func headerMargin(_ id: UInt32) -> Double {
        guard let headerID else { return 0 }
        let known = headerMargins[Int(id)]
        if !known.isNaN { return known }
        let value = manager.verticalMarginBetween(traits: traits(for: id), headerTraits: traits(for: headerID))
        headerMargins[Int(id)] = value
        return value
    }

    mutating func horizontalMargin(_ id: UInt32, preceding: UInt32) -> Double {
        if let known = horizontal.value(id, preceding: preceding) { return known }
        let value = manager.horizontalMargin(forTraits: traits(for: id), precedingTraits: traits(for: preceding))
        horizontal.store(value, id, preceding: preceding)
        return value
    }

    mutating func verticalMargin(_ id: UInt32, preceding: UInt32) -> Double {
        if let known = vertical.value(id, preceding: preceding) { return known }
        let value = manager.verticalMargin(forTraits: traits(for: id), precedingTraits: traits(for: preceding))
        vertical.store(value, id, preceding: preceding)
        return value
    }

    mutating func rowOffset(ids: ArraySlice<UInt32>, leading: Double, trailing: Double) -> Double {
        let key = RowOffsetCache.key(ids: ids, leading: leading, trailing: trailing)
        if let key, let known = rowOffsets.value(for: key) {
            return known
        }
        let value = manager.horizontalOffset(
            forRowTraits: ids.map { traits(for: $0) },
            firstComponentLeadingOffset: leading,
            lastComponentTrailingOffset: trailing)
        if let key {
            rowOffsets.store(value, for: key)
        }
        return value
    }
}
