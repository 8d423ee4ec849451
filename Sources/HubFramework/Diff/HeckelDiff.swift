/// Identifier-based diff in the style of Paul Heckel's "A technique for isolating differences between
/// files" (1978): a symbol table matches items by identifier in linear time, and the matches decide the
/// script.
///
/// 1. Symbol table: one pass over the old list chains the old indexes of each identifier; one pass over
///    the new list pairs the k-th new occurrence of an identifier with its k-th old occurrence. With
///    unique identifiers this is exactly Heckel's "unique line" match; with duplicates it still pairs
///    every occurrence sensibly and never fails.
/// 2. Stay set: of the matched items, the largest set whose order is the same in both lists (a longest
///    increasing subsequence of new positions taken in old order, O(K log K) for K matches) stays in
///    place. Every other matched item has moved, and a move is expressed as a deletion of its old index
///    plus an insertion of its new index.
/// 3. Script: old items that are unmatched or moved are deleted; new items that are unmatched or moved
///    are inserted; staying items whose content changed are reloaded (old index).
///
/// The script is always valid (the staying items are a common subsequence of both identifier lists).
/// When identifiers are unique in both lists the staying set is a longest common subsequence, so the
/// numbers of insertions and deletions equal Myers'; only the choice among equally short scripts may
/// differ. With duplicate identifiers the script can be longer than Myers' by at most twice the number of
/// items whose identifier is not unique (see `docs/diffing.md`).
enum HeckelDiff {
    static func diff(old oldList: IdentifierList, new newList: IdentifierList, contentEqual: (Int, Int) -> Bool) -> ListDiff {
        let n = oldList.count
        let m = newList.count
        if n == 0 { return ListDiff(inserted: Array(0..<m)) }
        if m == 0 { return ListDiff(deleted: Array(0..<n)) }
        oldList.prepareFingerprints()
        newList.prepareFingerprints()
        let old = oldList.identifiers
        let new = newList.identifiers
        let oldFingerprints = oldList.fingerprints
        let newFingerprints = newList.fingerprints

        // The symbol table: open addressing over fingerprints, one slot per distinct old identifier.
        // `keys[slot]` is an old index holding the slot's identifier (-1: empty slot); `cursors[slot]` is
        // the next unpaired old index with that identifier (-1: all paired).
        var capacity = 16
        while capacity < 2 * n { capacity <<= 1 }
        let mask = capacity - 1
        var keys = [Int](repeating: -1, count: capacity)
        var cursors = [Int](repeating: -1, count: capacity)
        var nextOldIndex = [Int](repeating: -1, count: n)
        var oldForNew = [Int](repeating: -1, count: m)
        var newForOld = [Int](repeating: -1, count: n)

        keys.withUnsafeMutableBufferPointer { keys in
            cursors.withUnsafeMutableBufferPointer { cursors in
                // Pass 1: per identifier, the chain of its old indexes in ascending order.
                var i = n - 1
                while i >= 0 {
                    let fingerprint = oldFingerprints[i]
                    var slot = Int(truncatingIfNeeded: fingerprint) & mask
                    while true {
                        let key = keys[slot]
                        if key < 0 {
                            keys[slot] = i
                            cursors[slot] = i
                            break
                        }
                        if oldFingerprints[key] == fingerprint && old[key] == old[i] {
                            nextOldIndex[i] = cursors[slot]
                            cursors[slot] = i
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    i -= 1
                }
                // Pass 2: pair the k-th new occurrence of an identifier with its k-th old occurrence.
                for j in 0..<m {
                    let fingerprint = newFingerprints[j]
                    var slot = Int(truncatingIfNeeded: fingerprint) & mask
                    while true {
                        let key = keys[slot]
                        if key < 0 { break }
                        if oldFingerprints[key] == fingerprint && old[key] == new[j] {
                            let matched = cursors[slot]
                            if matched >= 0 {
                                oldForNew[j] = matched
                                newForOld[matched] = j
                                cursors[slot] = nextOldIndex[matched]
                            }
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }

        // Pass 3: the matched items that stay in place.
        let stays = longestIncreasingRun(newForOld)

        var deleted: [Int] = []
        var reloaded: [Int] = []
        for index in 0..<n {
            if stays[index] {
                if !contentEqual(index, newForOld[index]) { reloaded.append(index) }
            } else {
                deleted.append(index)
            }
        }
        var inserted: [Int] = []
        for index in 0..<m {
            let matched = oldForNew[index]
            if matched < 0 || !stays[matched] { inserted.append(index) }
        }
        return ListDiff(inserted: inserted, deleted: deleted, reloaded: reloaded)
    }

    /// Marks the old indexes of a longest strictly increasing subsequence of `newForOld` (ignoring -1
    /// entries). Patience sorting: `tails[l]` is the old index ending the best run of length `l + 1`
    /// seen so far; ties keep the most recent element, so among equally long runs the one using the
    /// smallest new positions wins — which matches Myers' choice in the common cases (`A B → B A` keeps
    /// `B`, like Myers).
    static func longestIncreasingRun(_ newForOld: [Int]) -> [Bool] {
        var tails: [Int] = []  // old index ending the best run of each length
        var tailValues: [Int] = []  // its new index
        var previous = [Int](repeating: -1, count: newForOld.count)
        for (oldIndex, newIndex) in newForOld.enumerated() where newIndex >= 0 {
            if let last = tailValues.last, last >= newIndex {
                // First run whose tail is >= newIndex (strictly increasing runs).
                var low = 0
                var high = tailValues.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if tailValues[middle] < newIndex { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[oldIndex] = tails[low - 1] }
                tails[low] = oldIndex
                tailValues[low] = newIndex
            } else {
                // Extends the longest run (always the case while items are still in order).
                previous[oldIndex] = tails.last ?? -1
                tails.append(oldIndex)
                tailValues.append(newIndex)
            }
        }
        var stays = [Bool](repeating: false, count: newForOld.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            stays[cursor] = true
            cursor = previous[cursor]
        }
        return stays
    }
}
