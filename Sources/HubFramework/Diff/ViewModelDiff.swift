/// The difference between two view models as the renderer needs it: the script for the body components
/// plus whether the header changed.
///
/// Only body components are diffed item by item; the header contributes one flag. It counts as changed
/// unless both headers are absent or they are equal — so a header appearing, disappearing or changing
/// all count. Indexes follow `ListDiff`: deletions and reloads in the old body, insertions in the new one
/// (all in section 0 of the list).
///
/// This type does not know the model classes: a view-model layer adapts it with one extension, e.g.
/// ```swift
/// extension ViewModelDiff {
///     init(from old: ViewModel, to new: ViewModel, algorithm: DiffAlgorithm = .automatic) {
///         self.init(oldBody: old.bodyComponentModels, newBody: new.bodyComponentModels,
///                   oldHeader: old.headerComponentModel, newHeader: new.headerComponentModel,
///                   algorithm: algorithm)
///     }
/// }
/// ```
public struct ViewModelDiff: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The script for the body components.
    public var body: ListDiff
    /// Whether the header component changed (appeared, disappeared or differs).
    public var headerChanged: Bool
    /// The algorithm that produced `body` (see `ListDiffer.diffReportingAlgorithm`). Informational: it
    /// takes no part in equality.
    public var algorithm: DiffAlgorithm

    /// Creates a diff from a body script and the header flag, for example to test code that
    /// consumes diffs.
    /// - Parameters:
    ///   - body: the script for the body components.
    ///   - headerChanged: whether the header changed.
    ///   - algorithm: the algorithm said to have produced `body`.
    public init(body: ListDiff, headerChanged: Bool, algorithm: DiffAlgorithm = .myers) {
        self.body = body
        self.headerChanged = headerChanged
        self.algorithm = algorithm
    }

    /// Diffs two bodies and compares two optional, `Equatable` headers.
    @inlinable
    public init<Component: Diffable, Header: Equatable>(
        oldBody: [Component],
        newBody: [Component],
        oldHeader: Header?,
        newHeader: Header?,
        algorithm: DiffAlgorithm = .automatic
    ) {
        self.init(
            oldBody: oldBody,
            newBody: newBody,
            oldHeader: oldHeader,
            newHeader: newHeader,
            algorithm: algorithm,
            headersEqual: ==
        )
    }

    /// Diffs two bodies and compares two optional headers with `headersEqual` (for header types that are
    /// not `Equatable`, such as existentials or `Diffable` models compared with `isContentEqual`).
    @inlinable
    public init<Component: Diffable, Header>(
        oldBody: [Component],
        newBody: [Component],
        oldHeader: Header?,
        newHeader: Header?,
        algorithm: DiffAlgorithm = .automatic,
        headersEqual: (Header, Header) -> Bool
    ) {
        let result = ListDiffer.diffReportingAlgorithm(from: oldBody, to: newBody, algorithm: algorithm)
        self.init(
            body: result.diff,
            headerChanged: ViewModelDiff.headerChanged(from: oldHeader, to: newHeader, isEqual: headersEqual),
            algorithm: result.algorithm
        )
    }

    /// The header rule: unchanged when both are absent or both present and equal; changed otherwise.
    @inlinable
    public static func headerChanged<Header>(
        from old: Header?,
        to new: Header?,
        isEqual: (Header, Header) -> Bool
    ) -> Bool {
        switch (old, new) {
        case (nil, nil): return false
        case (let old?, let new?): return !isEqual(old, new)
        default: return true
        }
    }

    /// Indexes of the new body that were inserted.
    public var insertedBodyComponentIndexes: [Int] { body.inserted }
    /// Indexes of the old body that were deleted.
    public var deletedBodyComponentIndexes: [Int] { body.deleted }
    /// Indexes of the old body whose content changed.
    public var reloadedBodyComponentIndexes: [Int] { body.reloaded }

    /// True when the body has insertions, deletions or reloads, or the header changed.
    public var hasChanges: Bool { body.hasChanges || headerChanged }

    public static func == (lhs: ViewModelDiff, rhs: ViewModelDiff) -> Bool {
        lhs.body == rhs.body && lhs.headerChanged == rhs.headerChanged
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(body)
        hasher.combine(headerChanged)
    }

    public var description: String {
        "ViewModelDiff(inserted: \(body.inserted), deleted: \(body.deleted), reloaded: \(body.reloaded), "
            + "headerChanged: \(headerChanged), algorithm: \(algorithm))"
    }
}
