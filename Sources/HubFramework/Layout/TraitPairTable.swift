/// A layout manager's answers for pairs of components, by their trait-set ids (the component and the
/// one before it): a square table while the ids fit its width, a dictionary beyond. A `Double.nan`
/// in the table marks a pair not asked yet.
///
/// ``LayoutManagerMemo`` keeps one for horizontal and one for vertical margins: the table answers
/// the common case (a view has a few kinds of components) without hashing.
struct TraitPairTable: Sendable {
    /// The table's width: ids below it have a square of the table, the others the dictionary.
    private(set) var stride = 0
    /// By `id * stride + preceding`.
    private var table: [Double] = []
    /// By `id << 32 | preceding`.
    private var large: [UInt64: Double] = [:]

    /// Bytes the table and the dictionary hold.
    var byteCount: Int {
        table.capacity * MemoryLayout<Double>.stride
            + large.capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<Double>.stride)
    }

    /// The answer known for `id` after `preceding`, or nil.
    func value(_ id: UInt32, preceding: UInt32) -> Double? {
        if Int(id) < stride && Int(preceding) < stride {
            let known = table[Int(id) &* stride &+ Int(preceding)]
            return known.isNaN ? nil : known
        }
        return large[UInt64(id) << 32 | UInt64(preceding)]
    }

    /// Keeps `value` as the answer for `id` after `preceding`.
    mutating func store(_ value: Double, _ id: UInt32, preceding: UInt32) {
        if Int(id) < stride && Int(preceding) < stride {
            table[Int(id) &* stride &+ Int(preceding)] = value
        } else {
            large[UInt64(id) << 32 | UInt64(preceding)] = value
        }
    }

    /// Makes the table `newStride` wide, keeping the answers it has (those in the dictionary stay
    /// there: a pair is looked up where it was stored).
    mutating func restride(to newStride: Int) {
        var result = [Double](repeating: .nan, count: newStride * newStride)
        for row in 0..<stride {
            for column in 0..<stride {
                result[row * newStride + column] = table[row * stride + column]
            }
        }
        table = result
        stride = newStride
    }
}
