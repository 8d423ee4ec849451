/// The table-based longest-common-subsequence diff of the original framework.
///
/// `T[i][j]` is the length of the longest common subsequence of `old[i...]` and `new[j...]` (by
/// identifier). Walking from `(0, 0)`: equal identifiers are kept (and reloaded when their content
/// differs); otherwise the walk skips the old element when that loses nothing (`T[i+1][j] >= T[i][j+1]`)
/// and the new one otherwise. Deletions are the old indexes that were not kept; insertions are the new
/// indexes left over when the kept identifiers are matched, in order, against the new list.
///
/// Time and memory are O(N·M), so this is only for small lists (a few thousand items at most) and as a
/// cross-check of the other algorithms. Above `cellLimit` table cells it refuses (returns nil) instead
/// of allocating gigabytes; `ListDiffer` then falls back to Myers, which finds an edit script of the
/// same (minimal) length.
enum LCSDiff {
    /// 32 Mi cells of 4 bytes: 128 MiB.
    static let cellLimit = 1 << 25

    static func diff(old: [String], new: [String], contentEqual: (Int, Int) -> Bool) -> ListDiff? {
        let n = old.count
        let m = new.count
        let width = m + 1
        let (cells, overflow) = (n + 1).multipliedReportingOverflow(by: width)
        guard !overflow, cells <= cellLimit else { return nil }

        // Compare small integers instead of strings in the O(N·M) loop.
        var symbols: [String: Int32] = [:]
        symbols.reserveCapacity(n + m)
        func symbol(_ identifier: String) -> Int32 {
            if let existing = symbols[identifier] { return existing }
            let created = Int32(symbols.count)
            symbols[identifier] = created
            return created
        }
        let oldSymbols = old.map(symbol)
        let newSymbols = new.map(symbol)

        var table = [Int32](repeating: 0, count: cells)
        table.withUnsafeMutableBufferPointer { table in
            var i = n - 1
            while i >= 0 {
                let row = i * width
                let below = row + width
                var j = m - 1
                while j >= 0 {
                    if oldSymbols[i] == newSymbols[j] {
                        table[row + j] = 1 + table[below + j + 1]
                    } else {
                        table[row + j] = max(table[below + j], table[row + j + 1])
                    }
                    j -= 1
                }
                i -= 1
            }
        }

        var common: [Int] = []
        var reloaded: [Int] = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if oldSymbols[i] == newSymbols[j] {
                if !contentEqual(i, j) { reloaded.append(i) }
                common.append(i)
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }

        var deleted: [Int] = []
        var commonCursor = 0
        for index in 0..<n {
            if commonCursor < common.count && common[commonCursor] == index {
                commonCursor += 1
            } else {
                deleted.append(index)
            }
        }

        var inserted: [Int] = []
        var c = 0
        for index in 0..<m {
            if c < common.count && oldSymbols[common[c]] == newSymbols[index] {
                c += 1
            } else {
                inserted.append(index)
            }
        }
        return ListDiff(inserted: inserted, deleted: deleted, reloaded: reloaded)
    }
}
