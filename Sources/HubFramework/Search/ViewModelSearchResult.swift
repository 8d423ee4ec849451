/// The components a ``ViewModelSearch`` found in a view model, in reading order: each by its index
/// path (`[row]` for a body component, `[row, child, …]` for a child), a parent before its
/// children.
///
/// Compact whatever its size: a body component found is one integer, so the result of a query that
/// matches a million rows is one array, made off the main thread and handed to it whole.
///
/// ```swift
/// let current = result.firstMatch(atOrAfter: [visibleRow]) ?? 0
/// let path = result.indexPath(ofMatch: current)   // [row] or [row, child, …]
/// ```
public struct ViewModelSearchResult: Sendable, Equatable {
    /// The query that found these components.
    public let query: String
    /// The body index of each match.
    private let bodyIndexes: [Int]
    /// The rest of the index path of the matches that are children, by match number.
    private let childPaths: [Int: [Int]]

    /// A result of `query` with no match.
    public init(query: String) {
        self.init(query: query, bodyIndexes: [], childPaths: [:])
    }

    private init(query: String, bodyIndexes: [Int], childPaths: [Int: [Int]]) {
        self.query = query
        self.bodyIndexes = bodyIndexes
        self.childPaths = childPaths
    }

    /// How many components were found.
    public var count: Int { bodyIndexes.count }

    /// True when nothing was found.
    public var isEmpty: Bool { bodyIndexes.isEmpty }

    /// The index path of match `match` (0 ..< ``count``): `[row]` for a body component,
    /// `[row, child, …]` for a child.
    public func indexPath(ofMatch match: Int) -> [Int] {
        guard let rest = childPaths[match] else { return [bodyIndexes[match]] }
        return [bodyIndexes[match]] + rest
    }

    /// The body index of match `match`: the row that is, or holds, the component found.
    public func bodyIndex(ofMatch match: Int) -> Int { bodyIndexes[match] }

    /// Whether match `match` is a child (its index path is longer than its row's).
    func isChild(_ match: Int) -> Bool {
        !childPaths.isEmpty && childPaths[match] != nil
    }

    /// The first match at `indexPath` or after it in reading order, or nil when none is.
    public func firstMatch(atOrAfter indexPath: [Int]) -> Int? {
        // Reading order is the order of index paths compared element by element, a path before
        // the longer paths it starts (a parent before its children): the matches are sorted by it.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(self.indexPath(ofMatch: middle), indexPath) { low = middle + 1 } else { high = middle }
        }
        return low < count ? low : nil
    }

    /// The match whose index path is `indexPath`, or nil.
    public func match(at indexPath: [Int]) -> Int? {
        guard let match = firstMatch(atOrAfter: indexPath), self.indexPath(ofMatch: match) == indexPath else {
            return nil
        }
        return match
    }

    /// Whether `lhs` comes before `rhs` in reading order.
    static func precedes(_ lhs: [Int], _ rhs: [Int]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }

    /// Gathers matches in reading order as a search finds them.
    struct Collector {
        private var bodyIndexes: [Int] = []
        private var childPaths: [Int: [Int]] = [:]

        /// A body component matched.
        mutating func addBodyIndex(_ index: Int) {
            bodyIndexes.append(index)
        }

        /// The component at `path` matched.
        mutating func add(_ path: [Int]) {
            if path.count > 1 { childPaths[bodyIndexes.count] = Array(path.dropFirst()) }
            bodyIndexes.append(path[0])
        }

        func result(query: String) -> ViewModelSearchResult {
            ViewModelSearchResult(query: query, bodyIndexes: bodyIndexes, childPaths: childPaths)
        }
    }
}
