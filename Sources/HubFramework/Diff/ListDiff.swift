/// Something that can take part in a list diff: it has a stable identity and a content that may change
/// while the identity stays the same.
///
/// Two elements with the same `diffIdentifier` are "the same item"; when their content differs the
/// item is reported as reloaded rather than deleted and inserted again. Identifiers are expected to be
/// unique within one list; the algorithms never crash when they are not (see `docs/diffing.md`).
public protocol Diffable {
    /// The identity used to match elements of the old list with elements of the new one.
    var diffIdentifier: String { get }

    /// Whether `other` (which has the same identifier) renders identically to `self`.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Equatable {
    /// Content equality defaults to full equality for `Equatable` elements.
    public func isContentEqual(to other: Self) -> Bool { self == other }
}

/// The edit script between an old and a new list.
///
/// Index conventions follow batch updates of a list widget: `deleted` and `reloaded` are indexes
/// into the OLD list, `inserted` are indexes into the NEW list. All three are sorted ascending and
/// free of duplicates. Applying the script means removing every deleted index from the old list and
/// then inserting each new element at its inserted index, in ascending order; the result is the new
/// list (by identifier). Reloaded items are kept in place and only need their content refreshed.
public struct ListDiff: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Indexes in the new list of elements that are not carried over from the old list.
    public var inserted: [Int]
    /// Indexes in the old list of elements that are not carried over to the new list.
    public var deleted: [Int]
    /// Indexes in the old list of elements that are carried over but whose content changed.
    public var reloaded: [Int]

    /// Creates a script from its three index lists, which should be sorted and free of duplicates
    /// (``applied(to:insertingFrom:)`` checks the ranges, not the order).
    /// - Parameters:
    ///   - inserted: indexes in the new list.
    ///   - deleted: indexes in the old list.
    ///   - reloaded: indexes in the old list.
    public init(inserted: [Int] = [], deleted: [Int] = [], reloaded: [Int] = []) {
        self.inserted = inserted
        self.deleted = deleted
        self.reloaded = reloaded
    }

    /// The empty script: nothing changed.
    public static let empty = ListDiff()

    /// True when anything was inserted, deleted or reloaded.
    public var hasChanges: Bool { !inserted.isEmpty || !deleted.isEmpty || !reloaded.isEmpty }

    /// Number of insertions plus deletions: the length of the edit script, ignoring reloads.
    public var editCount: Int { inserted.count + deleted.count }

    public var description: String {
        "ListDiff(inserted: \(inserted), deleted: \(deleted), reloaded: \(reloaded))"
    }

    /// Applies the insertions and deletions to `old` and returns the resulting list: deleted indexes
    /// (old positions) are removed first, then `new[i]` is inserted at `i` for every inserted index,
    /// in ascending order. Returns nil when an index is out of range, so an invalid script can never
    /// crash the caller. For a valid script the result has the identifiers of `new`.
    public func applied<T>(to old: [T], insertingFrom new: [T]) -> [T]? {
        var result: [T] = []
        result.reserveCapacity(new.count)
        var deletedCursor = 0
        for (index, element) in old.enumerated() {
            if deletedCursor < deleted.count, deleted[deletedCursor] == index {
                deletedCursor += 1
            } else {
                result.append(element)
            }
        }
        guard deletedCursor == deleted.count else { return nil }
        for index in inserted {
            guard index >= 0, index <= result.count, index < new.count else { return nil }
            result.insert(new[index], at: index)
        }
        return result
    }
}

/// Which algorithm computes a `ListDiff`.
public enum DiffAlgorithm: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Greedy forward Myers search (minimal edit script, O((N+M)·D) time). What the original
    /// framework used by default, reproduced step for step.
    case myers
    /// Longest common subsequence through an (N+1)×(M+1) table: O(N·M) time and memory, for small
    /// lists and as a cross-check.
    case lcs
    /// Identifier-based matching in the style of Heckel (a symbol table and linear passes), with a
    /// longest-increasing-subsequence step that keeps as many matched items in place as possible.
    /// O(N + M + K log K) for K matched items.
    case heckel
    /// Myers while it stays cheap, Heckel when Myers would exceed a work budget. The default.
    case automatic

    public var description: String { rawValue }
}
