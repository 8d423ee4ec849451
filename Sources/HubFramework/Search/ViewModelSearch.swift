import Foundation

/// A search for components by the words of their texts: what a view's Find looks for.
///
/// A component matches when each word of the query (the query split at white space) is in one of
/// its texts: its ``ComponentModel/title``, ``ComponentModel/subtitle``,
/// ``ComponentModel/accessoryTitle`` or ``ComponentModel/descriptionText``, the texts a cell shows
/// and names its component by for assistive technologies. Case and accents do not count, by the
/// rules of `locale`: "cafe" finds "Café", "ISTANBUL" finds "istanbul" (in Turkish "ıstanbul",
/// whose capital is "I"), "שלום" finds "שָׁלוֹם". The words may come in any order; "row 42" finds
/// "Row number 42".
///
/// ```swift
/// let search = ViewModelSearch("row 42", locale: Locale(identifier: "en_US"))
/// let result = search.run(in: viewModel)     // off the main thread for a large view
/// if let first = result?.indexPath(ofMatch: 0) { … }
/// ```
///
/// ``run(in:narrowing:isCancelled:)`` visits the body components and their children in reading
/// order; a large view is searched off the main thread (``ViewModelSearcher`` does that, the latest
/// query winning). The value is Sendable and immutable: a search may run on any thread.
public struct ViewModelSearch: Sendable, Equatable {
    /// The query, as given.
    public let query: String
    /// The locale whose rules fold case and accents.
    public let locale: Locale
    /// The query's words, folded.
    let words: [[UInt8]]

    /// At most this many words count; the rest of a longer query is ignored.
    public static let maximumWordCount = 64

    /// A search for the components whose texts hold each word of `query`, case and accents folded
    /// in `locale`'s rules (the person's locale, for a Find bar).
    public init(_ query: String, locale: Locale) {
        self.query = query
        self.locale = locale
        var folding = SearchFolding(locale: locale)
        var words: [[UInt8]] = []
        for word in query.split(whereSeparator: { $0.isWhitespace }) {
            let folded = folding.fold(String(word))
            // A word of marks alone folds to nothing, and would find everything.
            if !folded.isEmpty, !words.contains(folded) { words.append(folded) }
            if words.count == Self.maximumWordCount { break }
        }
        self.words = words
    }

    /// True when the query has no words (empty, or white space only): it finds nothing.
    public var isEmpty: Bool { words.isEmpty }

    /// Whether `model`'s own texts (not its children's) hold every word of the query.
    public func matches(_ model: ComponentModel) -> Bool {
        var matcher = Matcher(words: words, locale: locale)
        return matcher.matches(model)
    }

    /// Whether every component this search finds is also found by `other`: each of `other`'s words
    /// is inside one of this search's words (the query grew as it was typed, "row 4" after
    /// "row"), so the components `other` found are the only ones left to look at.
    public func narrows(_ other: ViewModelSearch) -> Bool {
        guard locale == other.locale, !other.isEmpty else { return false }
        return other.words.allSatisfy { old in words.contains { SearchFolding.contains($0, old) } }
    }

    /// The components of `viewModel`'s body (and their children, depth first, in reading order)
    /// that match. With `previous`, the result of a search this one ``narrows(_:)`` over the same
    /// view model, only its matches are looked at. `isCancelled` is asked every few thousand
    /// components; the search stops and returns nil once it says true. An empty query finds nothing.
    public func run(in viewModel: ViewModel, narrowing previous: ViewModelSearchResult? = nil,
                    isCancelled: () -> Bool = { false }) -> ViewModelSearchResult?
    {
        var collector = ViewModelSearchResult.Collector()
        guard !isEmpty else { return collector.result(query: query) }
        var matcher = Matcher(words: words, locale: locale)
        let body = viewModel.bodyComponentModels
        var visited = 0
        if let previous {
            for match in 0..<previous.count {
                visited += 1
                if visited & 0xFFF == 0, isCancelled() { return nil }
                // A body component found is looked up by its index alone: no index path is made for
                // each of a million matches.
                if !previous.isChild(match) {
                    let index = previous.bodyIndex(ofMatch: match)
                    guard index < body.count else { continue }
                    let matches = if let store = body.store, store.isRecord(at: index) {
                        store.withTexts(ofRecord: index) { matcher.matches(title: $0, subtitle: $1) }
                    } else {
                        matcher.matches(body[index])
                    }
                    if matches { collector.addBodyIndex(index) }
                    continue
                }
                let path = previous.indexPath(ofMatch: match)
                guard let model = Self.model(at: path, in: body) else { continue }
                if matcher.matches(model) { collector.add(path) }
            }
            return collector.result(query: query)
        }
        var path: [Int] = [0]
        let store = body.store
        for index in body.indices {
            visited += 1
            if visited & 0xFFF == 0, isCancelled() { return nil }
            // A plain row of a long body is read where its texts lie: it has no model to read and
            // no children.
            if let store, store.isRecord(at: index) {
                if store.withTexts(ofRecord: index, { matcher.matches(title: $0, subtitle: $1) }) {
                    collector.addBodyIndex(index)
                }
                continue
            }
            let root = body[index]
            if matcher.matches(root) { collector.addBodyIndex(index) }
            guard !root.children.isEmpty else { continue }
            path[0] = index
            if !visitChildren(of: root, path: &path, matcher: &matcher, collector: &collector,
                              visited: &visited, isCancelled: isCancelled)
            {
                return nil
            }
        }
        return collector.result(query: query)
    }

    /// Visits `model`'s children depth first; false when cancelled.
    private func visitChildren(of model: ComponentModel, path: inout [Int], matcher: inout Matcher,
                               collector: inout ViewModelSearchResult.Collector, visited: inout Int,
                               isCancelled: () -> Bool) -> Bool
    {
        for (index, child) in model.children.enumerated() {
            visited += 1
            if visited & 0xFFF == 0, isCancelled() { return false }
            path.append(index)
            defer { path.removeLast() }
            if matcher.matches(child) { collector.add(path) }
            if !child.children.isEmpty,
                !visitChildren(of: child, path: &path, matcher: &matcher, collector: &collector,
                               visited: &visited, isCancelled: isCancelled)
            {
                return false
            }
        }
        return true
    }

    /// The model at `path` in `body`, or nil when there is none there.
    static func model(at path: [Int], in body: ComponentModelList) -> ComponentModel? {
        guard let first = path.first, body.indices.contains(first) else { return nil }
        var model = body[first]
        for index in path.dropFirst() {
            guard let child = model.child(at: index) else { return nil }
            model = child
        }
        return model
    }

    public static func == (lhs: ViewModelSearch, rhs: ViewModelSearch) -> Bool {
        lhs.query == rhs.query && lhs.locale == rhs.locale
    }

    /// Tests a model's texts against the words, folding each text into one reused buffer.
    struct Matcher {
        let words: [[UInt8]]
        var folding: SearchFolding
        var buffer: [UInt8] = []

        init(words: [[UInt8]], locale: Locale) {
            self.words = words
            folding = SearchFolding(locale: locale)
            buffer.reserveCapacity(256)
        }

        mutating func matches(_ model: ComponentModel) -> Bool {
            guard !words.isEmpty else { return false }
            // One bit per word still to find (at most 64 words).
            var missing: UInt64 = words.count == 64 ? .max : (1 << UInt64(words.count)) - 1
            // The texts one by one, not in an array: an array would be allocated for each of a
            // million components.
            return find(model.title, &missing) || find(model.subtitle, &missing)
                || (model.hasDetails && (find(model.accessoryTitle, &missing) || find(model.descriptionText, &missing)))
        }

        /// Whether a plain row with these texts (UTF-8, nil for none) matches: as ``matches(_:)``
        /// for its model, which would have only these two.
        mutating func matches(title: UnsafeBufferPointer<UInt8>?, subtitle: UnsafeBufferPointer<UInt8>?) -> Bool {
            guard !words.isEmpty else { return false }
            var missing: UInt64 = words.count == 64 ? .max : (1 << UInt64(words.count)) - 1
            return find(utf8: title, &missing) || find(utf8: subtitle, &missing)
        }

        /// Clears the bits of the words `text` holds; true once none is missing.
        private mutating func find(utf8 text: UnsafeBufferPointer<UInt8>?, _ missing: inout UInt64) -> Bool {
            guard let text, !text.isEmpty else { return false }
            folding.fold(utf8: text, into: &buffer)
            return clearFound(&missing)
        }

        /// Clears the bits of the words `text` holds; true once none is missing.
        private mutating func find(_ text: String?, _ missing: inout UInt64) -> Bool {
            guard let text, !text.isEmpty else { return false }
            folding.fold(text, into: &buffer)
            return clearFound(&missing)
        }

        /// Clears the bits of the words the folded text in `buffer` holds; true once none is missing.
        private func clearFound(_ missing: inout UInt64) -> Bool {
            for (bit, word) in words.enumerated() where missing & (1 << UInt64(bit)) != 0 {
                if SearchFolding.contains(buffer, word) { missing &= ~(1 << UInt64(bit)) }
            }
            return missing == 0
        }
    }
}
