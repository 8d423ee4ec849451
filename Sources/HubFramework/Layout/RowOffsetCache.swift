/// Remembers the layout manager's row offsets (`horizontalOffset(forRowTraits:…)`).
///
/// A row offset depends on the row's trait sets and on two continuous values, so it cannot be kept in
/// a table indexed by ids. Rows repeat, though (a grid has the same row thousands of times), so this
/// direct-mapped cache keeps recent answers keyed by the exact inputs: up to eight trait ids below 255
/// packed into one word, the member count, and the bit patterns of both offsets. A row that does not
/// fit the key is simply not cached. Answers are exact because the layout manager is pure.
struct RowOffsetCache: Sendable {
    private struct Entry: Sendable {
        var packedIDs: UInt64
        var count: Int
        var leading: UInt64
        var trailing: UInt64
        var value: Double
    }

    private static let slotCount = 256
    private var entries: [Entry?] = Array(repeating: nil, count: RowOffsetCache.slotCount)

    /// The longest row that can be keyed.
    static let maximumCount = 8
    /// Ids must be below this to be packed.
    static let idLimit: UInt32 = 255

    /// A key for the row, or nil when the row cannot be cached.
    struct Key: Sendable {
        var packedIDs: UInt64
        var count: Int
        var leading: UInt64
        var trailing: UInt64
        var slot: Int
    }

    static func key(ids: ArraySlice<UInt32>, leading: Double, trailing: Double) -> Key? {
        guard ids.count <= maximumCount else { return nil }
        var packed: UInt64 = 0
        for id in ids {
            guard id < idLimit else { return nil }
            packed = packed << 8 | UInt64(id + 1)
        }
        let leadingBits = leading.bitPattern
        let trailingBits = trailing.bitPattern
        var mix = packed &* 0x9E37_79B9_7F4A_7C15
        mix ^= leadingBits &* 0xC2B2_AE3D_27D4_EB4F
        mix ^= trailingBits &* 0x1656_67B1_9E37_79F9
        mix ^= mix >> 29
        let slot = Int(truncatingIfNeeded: mix & UInt64(slotCount - 1))
        return Key(packedIDs: packed, count: ids.count, leading: leadingBits, trailing: trailingBits, slot: slot)
    }

    func value(for key: Key) -> Double? {
        guard let entry = entries[key.slot],
            entry.packedIDs == key.packedIDs, entry.count == key.count,
            entry.leading == key.leading, entry.trailing == key.trailing
        else { return nil }
        return entry.value
    }

    mutating func store(_ value: Double, for key: Key) {
        entries[key.slot] = Entry(
            packedIDs: key.packedIDs, count: key.count, leading: key.leading, trailing: key.trailing, value: value)
    }
}
