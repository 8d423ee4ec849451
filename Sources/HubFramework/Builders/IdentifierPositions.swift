import Foundation

/// Where each identifier of a ``ComponentModelBuilderList`` is: a table of positions, found by the
/// hash of the identifier's UTF-8 bytes, that keeps no identifier of its own.
///
/// A list read from a long document used to key a `[String: Int]` by every row's identifier: a
/// `String` made for each row to be hashed, 24 bytes a slot, and a probe somewhere in tens of
/// megabytes at a million rows. Here a slot is eight bytes: the position, and 32 bits of the hash
/// that rule out almost every other slot without looking at its identifier. The identifiers stay
/// where the list keeps them (a builder's `modelIdentifier`, a plain row's bytes in the arena), and
/// the list compares them when the hash bits agree.
///
/// Identifiers are the same when they are equal as Swift `String`s, as everywhere else in the
/// framework (a model's children, patches, the view's state): two Unicode normalizations of one
/// text (`"é"`, `"e\u{301}"`) are one identifier. So the hash is taken of the text in its
/// canonical composition (NFC), which is its bytes as they are for ASCII, and an identifier with
/// anything outside ASCII is compared as a `String` (``IdentifierPositions/same(_:_:)``).
///
/// The bytes are hashed with the standard library's `Hasher`, which is seeded anew in each process:
/// a document cannot be written so that its identifiers collide.
struct IdentifierPositions {
    /// Zero for an empty slot; else the hash's lower 32 bits, then the position plus one. A slot's
    /// place is those bits masked by the table's size (a table has at most 2^31 slots), so growing
    /// the table moves the slots without hashing any identifier again.
    ///
    /// The table keeps no count of its own: the list it serves holds one position per entry and
    /// tells it how many (``search(_:count:isKey:)``), so that a list, which every builder has for
    /// its children, stays three words.
    private var slots: [UInt64] = []

    /// The table is grown before it is more than half full, so that a search ends after a few slots.
    private static func capacity(for count: Int) -> Int {
        var capacity = 16
        while capacity / 2 < count { capacity *= 2 }
        return capacity
    }

    private static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = Hasher()
        if isASCII(key) {
            hasher.combine(bytes: key)
        } else {
            // Canonically equivalent texts have the same composition: the same hash.
            var composed = String(decoding: key, as: UTF8.self).precomposedStringWithCanonicalMapping
            composed.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
        return UInt64(truncatingIfNeeded: UInt(bitPattern: hasher.finalize())) & 0xFFFF_FFFF
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Whether the UTF-8 texts `a` and `b` are the same identifier: the same bytes, or, where either
    /// has a byte outside ASCII, equal as `String`s (canonical equivalence, as the hash takes them).
    static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        if a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) { return true }
        guard !isASCII(a) || !isASCII(b) else { return false }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    /// The position of the identifier `key` (its UTF-8 bytes); nil when the table has none.
    /// `isKey` tells whether the identifier at a position is the same as `key` (``same(_:_:)``).
    func position(of key: UnsafeRawBufferPointer, isKey: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            if slot >> 32 == hash {
                let position = Int(slot & 0xFFFF_FFFF) - 1
                if isKey(position) { return position }
            }
            index = (index + 1) & mask
        }
    }

    /// Where the search for an identifier ended: at its position, or at the empty slot its
    /// position goes in (``fill(_:with:)``), in a table that has room for it.
    enum Search {
        case found(Int)
        case vacant(Vacancy)
    }

    /// An empty slot and the hash bits of the identifier that stopped there.
    struct Vacancy {
        fileprivate let index: Int
        fileprivate let hash: UInt64
    }

    /// Looks for the identifier `key` (its UTF-8 bytes) in a table holding `count` positions, after
    /// making room for one more. `isKey` tells whether the identifier at a position is the same as
    /// `key` (``same(_:_:)``).
    mutating func search(_ key: UnsafeRawBufferPointer, count: Int, isKey: (Int) -> Bool) -> Search {
        if slots.count / 2 < count + 1 { resize(to: Self.capacity(for: count + 1)) }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return .vacant(Vacancy(index: index, hash: hash)) }
            if slot >> 32 == hash {
                let existing = Int(slot & 0xFFFF_FFFF) - 1
                if isKey(existing) { return .found(existing) }
            }
            index = (index + 1) & mask
        }
    }

    /// Notes `position` in the slot a search just found empty (nothing may change the table between
    /// the two).
    mutating func fill(_ vacancy: Vacancy, with position: Int) {
        precondition(position >= 0 && position < Int(UInt32.max), "a list's positions fit 32 bits")
        precondition(slots[vacancy.index] == 0, "the slot was filled after the search")
        slots[vacancy.index] = vacancy.hash << 32 | UInt64(position + 1)
    }

    /// Makes room for `count` positions in all.
    mutating func reserveCapacity(_ count: Int) {
        let capacity = Self.capacity(for: count)
        if capacity > slots.count { resize(to: capacity) }
    }

    /// Forgets every position (a list that removed a row notes the others' positions again).
    mutating func removeAll() {
        slots = []
    }

    /// Moves every slot into a table of `capacity` slots, each to the place its hash bits give.
    private mutating func resize(to capacity: Int) {
        precondition(capacity <= 1 << 31, "at most 2^31 slots: a slot's place comes from 32 bits of its hash")
        var resized = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for slot in slots where slot != 0 {
            var index = Int(slot >> 32) & mask
            while resized[index] != 0 { index = (index + 1) & mask }
            resized[index] = slot
        }
        slots = resized
    }
}
