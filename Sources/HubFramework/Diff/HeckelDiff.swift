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
    static func diff(old: [String], new: [String], contentEqual: (Int, Int) -> Bool) -> ListDiff {
        let n = old.count
        let m = new.count
        if n == 0 { return ListDiff(inserted: Array(0..<m)) }
        if m == 0 { return ListDiff(deleted: Array(0..<n)) }

        // Pass 1: per identifier, the chain of its old indexes in ascending order.
        var firstOldIndex: [String: Int] = [:]
        firstOldIndex.reserveCapacity(n)
        var nextOldIndex = [Int](repeating: -1, count: n)
        var i = n - 1
        while i >= 0 {
            if let following = firstOldIndex.updateValue(i, forKey: old[i]) {
                nextOldIndex[i] = following
            }
            i -= 1
        }

        // Pass 2: pair occurrences in order.
        var oldForNew = [Int](repeating: -1, count: m)
        var newForOld = [Int](repeating: -1, count: n)
        for j in 0..<m {
            guard let position = firstOldIndex.index(forKey: new[j]) else { continue }
            let matched = firstOldIndex.values[position]
            oldForNew[j] = matched
            newForOld[matched] = j
            let following = nextOldIndex[matched]
            if following >= 0 {
                firstOldIndex.values[position] = following
            } else {
                firstOldIndex.remove(at: position)
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
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: newForOld.count)
        for (oldIndex, newIndex) in newForOld.enumerated() where newIndex >= 0 {
            if let last = tails.last, newForOld[last] < newIndex {
                // Items still in order: extend the longest run (no search needed).
                previous[oldIndex] = last
                tails.append(oldIndex)
                continue
            }
            // First run whose tail is >= newIndex (strictly increasing runs).
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if newForOld[tails[middle]] < newIndex { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[oldIndex] = tails[low - 1] }
            if low == tails.count { tails.append(oldIndex) } else { tails[low] = oldIndex }
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
