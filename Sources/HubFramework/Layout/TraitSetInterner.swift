/// Gives each distinct set of layout traits a small integer id (0, 1, 2, … in order of first sight).
///
/// The layout pass interns the traits of every component once; from then on every margin question
/// is answered by indexing tables with these ids instead of hashing sets.
struct TraitSetInterner: Sendable {
    /// The interned sets, indexed by id.
    private(set) var sets: [Set<LayoutTrait>] = []
    private var idsBySet: [Set<LayoutTrait>: UInt32] = [:]
    /// The most recently interned set and its id. Consecutive components usually share their traits,
    /// and a set returned from the same storage compares equal by reference, without hashing.
    private var lastSet: Set<LayoutTrait> = []
    private var lastID: UInt32 = .max

    var count: Int { sets.count }

    mutating func id(for traits: Set<LayoutTrait>) -> UInt32 {
        if lastID != .max, traits == lastSet {
            return lastID
        }
        let id: UInt32
        if let known = idsBySet[traits] {
            id = known
        } else {
            precondition(sets.count < Int(UInt32.max), "Too many distinct sets of layout traits")
            id = UInt32(sets.count)
            sets.append(traits)
            idsBySet[traits] = id
        }
        // Keep the canonical (stored) instance, so that later components returning it match by reference.
        lastSet = sets[Int(id)]
        lastID = id
        return id
    }

    func traits(for id: UInt32) -> Set<LayoutTrait> {
        sets[Int(id)]
    }
}
