/// Computes `ListDiff`s between two lists with the algorithm of your choice.
///
/// ```swift
/// let diff = ListDiffer.diff(from: oldItems, to: newItems)          // automatic
/// let exact = ListDiffer.diff(from: oldItems, to: newItems, algorithm: .myers)
/// ```
/// Every algorithm returns a valid script (see `ListDiff`) with sorted indexes; `.myers` and `.lcs`
/// return a minimal one; `.heckel` returns a minimal one whenever identifiers are unique in each list.
public enum ListDiffer {
    /// The work budget (visited diagonals plus identifier matches) within which `.automatic` lets the
    /// Myers search finish. Past it, Myers would need on the order of D² more steps, so `.automatic`
    /// switches to the linear Heckel pass. About 1 Mi steps: lists whose edit script has up to roughly
    /// 1,400 insertions plus deletions are always diffed by Myers, whatever their length.
    public static func automaticWorkBudget(oldCount: Int, newCount: Int) -> Int {
        max(1 << 20, 4 * (oldCount + newCount))
    }

    /// The diff from `old` to `new`.
    @inlinable
    public static func diff<T: Diffable>(
        from old: [T],
        to new: [T],
        algorithm: DiffAlgorithm = .automatic
    ) -> ListDiff {
        diffReportingAlgorithm(from: old, to: new, algorithm: algorithm).diff
    }

    /// The diff from `old` to `new`, and the algorithm that actually produced it: `.myers` or `.heckel`
    /// for `.automatic`; the requested one otherwise, except for two documented fallbacks: `.lcs` on
    /// lists whose table would exceed 32 Mi cells runs `.myers`, and `.myers` would run `.heckel` if its
    /// rebuilt path were ever malformed (never observed; a guard against out-of-range indexes).
    @inlinable
    public static func diffReportingAlgorithm<T: Diffable>(
        from old: [T],
        to new: [T],
        algorithm: DiffAlgorithm = .automatic
    ) -> (diff: ListDiff, algorithm: DiffAlgorithm) {
        diffReportingAlgorithm(
            oldIdentifiers: old.map { $0.diffIdentifier },
            newIdentifiers: new.map { $0.diffIdentifier },
            algorithm: algorithm,
            contentEqual: { old[$0].isContentEqual(to: new[$1]) }
        )
    }

    /// The diff between lists of any element type, given how to identify and compare elements. Useful
    /// for types that cannot conform to `Diffable` (existentials, types from other modules).
    @inlinable
    public static func diff<T>(
        from old: [T],
        to new: [T],
        algorithm: DiffAlgorithm = .automatic,
        identifier: (T) -> String,
        contentEqual: (T, T) -> Bool
    ) -> ListDiff {
        diffReportingAlgorithm(
            oldIdentifiers: old.map(identifier),
            newIdentifiers: new.map(identifier),
            algorithm: algorithm,
            contentEqual: { contentEqual(old[$0], new[$1]) }
        ).diff
    }

    /// The core entry point: identifiers of both lists, and `contentEqual(oldIndex, newIndex)`, called only
    /// for pairs with equal identifiers that the script keeps.
    public static func diffReportingAlgorithm(
        oldIdentifiers old: [String],
        newIdentifiers new: [String],
        algorithm: DiffAlgorithm = .automatic,
        contentEqual: (Int, Int) -> Bool
    ) -> (diff: ListDiff, algorithm: DiffAlgorithm) {
        let oldList = IdentifierList(old)
        let newList = IdentifierList(new)
        switch algorithm {
        case .lcs:
            if let diff = LCSDiff.diff(old: old, new: new, contentEqual: contentEqual) {
                return (diff, .lcs)
            }
            // Too large a table: Myers, on the identifier lists already made.
            fallthrough
        case .myers:
            return myers(old: oldList, new: newList, workBudget: nil, segmentEntryLimit: nil, contentEqual: contentEqual)
                ?? (HeckelDiff.diff(old: oldList, new: newList, contentEqual: contentEqual), .heckel)
        case .heckel:
            return (HeckelDiff.diff(old: oldList, new: newList, contentEqual: contentEqual), .heckel)
        case .automatic:
            if let appended = appendedDiff(old: old, new: new, contentEqual: contentEqual) {
                return (appended, .myers)
            }
            let budget = automaticWorkBudget(oldCount: old.count, newCount: new.count)
            if let result = myers(old: oldList, new: newList, workBudget: budget, segmentEntryLimit: nil, contentEqual: contentEqual) {
                return result
            }
            // Fingerprints computed by the abandoned search are reused here.
            return (HeckelDiff.diff(old: oldList, new: newList, contentEqual: contentEqual), .heckel)
        }
    }

    /// The diff when `new` is `old` with components added after its last one: the insertions, and
    /// the kept components whose content changed as reloads. That is the script Myers finds, found
    /// in one pass over `old` without hashing a single identifier of `new`'s tail, which matters
    /// when a long document's first part is followed by the whole (a thousand rows, then a million).
    /// Nil when `new` is not such an extension.
    static func appendedDiff(old: [String], new: [String], contentEqual: (Int, Int) -> Bool) -> ListDiff? {
        guard !old.isEmpty, new.count > old.count, old.indices.allSatisfy({ old[$0] == new[$0] }) else { return nil }
        return ListDiff(inserted: Array(old.count..<new.count), deleted: [],
                        reloaded: old.indices.filter { !contentEqual($0, $0) })
    }

    /// Myers with an optional budget; nil when over budget or (never observed) when the path is malformed,
    /// in both cases the caller uses Heckel instead. `segmentEntryLimit` lets tests force many checkpoints.
    static func myers(
        old: IdentifierList,
        new: IdentifierList,
        workBudget: Int?,
        segmentEntryLimit: Int?,
        contentEqual: (Int, Int) -> Bool
    ) -> (diff: ListDiff, algorithm: DiffAlgorithm)? {
        switch MyersSearch.diff(
            old: old,
            new: new,
            workBudget: workBudget,
            segmentEntryLimit: segmentEntryLimit,
            contentEqual: contentEqual
        ) {
        case .finished(let diff): return (diff, .myers)
        case .overBudget, .invalidPath: return nil
        }
    }

    /// `myers(old:new:…)` over plain identifier arrays (for tests).
    static func myers(
        old: [String],
        new: [String],
        workBudget: Int?,
        segmentEntryLimit: Int?,
        contentEqual: (Int, Int) -> Bool
    ) -> (diff: ListDiff, algorithm: DiffAlgorithm)? {
        myers(
            old: IdentifierList(old), new: IdentifierList(new), workBudget: workBudget,
            segmentEntryLimit: segmentEntryLimit, contentEqual: contentEqual)
    }
}

extension ListDiff {
    /// The diff from `old` to `new` (see `ListDiffer`).
    @inlinable
    public init<T: Diffable>(from old: [T], to new: [T], algorithm: DiffAlgorithm = .automatic) {
        self = ListDiffer.diff(from: old, to: new, algorithm: algorithm)
    }
}
