/// Gives each distinct set of layout traits a small integer id (0, 1, 2, … in order of first sight).
///
/// The layout pass interns the traits of every component once; from then on every margin question
/// is answered by indexing tables with these ids instead of hashing sets.
///
/// Most measurers return a few stored sets over and over (one per kind of component). Such a set is
/// recognised by the identity of its storage, without hashing: a native `Set` is a single reference to
/// its storage, and storage shared with a set kept here can never change its contents (copy on
/// write), so two sets with the same storage reference are equal. Other sets are found by hashing.
struct TraitSetInterner: Sendable {
    /// The interned sets, indexed by id. Keeping them alive keeps their storage references unique.
    private(set) var sets: [Set<LayoutTrait>] = []
    private var idsBySet: [Set<LayoutTrait>: UInt32] = [:]
    /// Storage references of the first `identityLimit` interned sets, and of recently seen equal sets.
    private var identities: [(reference: UInt, id: UInt32, set: Set<LayoutTrait>)] = []
    private static let identityLimit = 16
    private static let identityComparable = MemoryLayout<Set<LayoutTrait>>.size == MemoryLayout<UInt>.size

    var count: Int { sets.count }

    @inline(__always)
    private static func reference(of traits: Set<LayoutTrait>) -> UInt {
        unsafeBitCast(traits, to: UInt.self)
    }

    mutating func id(for traits: Set<LayoutTrait>) -> UInt32 {
        if Self.identityComparable {
            let reference = Self.reference(of: traits)
            for entry in identities where entry.reference == reference {
                return entry.id
            }
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
        if Self.identityComparable, identities.count < Self.identityLimit {
            // Remember this storage (kept alive by the entry) so the next time it is a reference check.
            identities.append((Self.reference(of: traits), id, traits))
        }
        return id
    }

    func traits(for id: UInt32) -> Set<LayoutTrait> {
        sets[Int(id)]
    }
}
