import Foundation

/// Finds where values sit in a JSON document: the byte offset of the value at a path, and the path
/// of the value being read where the parser stopped with an error.
///
/// Readers report a skipped value by its path (``JSONProblem/location``, the steps they walked) and
/// a syntax error by its offset. The locator joins the two with the parser's own scanner
/// (`JSONScanner.walkDocument`), which reads the same tokens with the same limits and stops with the
/// same error at the same byte as a parse, without building any value: so a path found here is the
/// path the parser was reading, and its memory is one small frame per open container. hub-validate
/// uses it to give every problem a line and a column.
package struct JSONValueLocator {
    /// A node of the tree of wanted paths; each records where its value was last seen.
    private final class PathNode {
        var children: [JSONLocation.Component: PathNode] = [:]
        var offset: Int?
    }

    private let data: Data
    private let maximumDepth: Int
    private let maximumNumberLength: Int

    /// A locator for `data`, walked with the nesting and number limits of `limits` (those the data
    /// was read with, so that an error stops the walk where it stopped the reader).
    package init(data: Data, limits: ContentLimits = .default) {
        self.data = data
        maximumDepth = limits.maximumNestingDepth
        maximumNumberLength = limits.maximumNumberLength
    }

    /// The offset of the value at each path, in the order given. A path that is not in the document
    /// gets the offset of its deepest ancestor that is (a missing key is reported at its object).
    /// When an object repeats a key, the last one counts, as in the parser.
    package func offsets(of paths: [[JSONLocation.Component]]) -> [Int] {
        guard !paths.isEmpty else { return [] }  // nothing to look for: no walk
        let root = PathNode()
        let chains = paths.map { path in
            var chain = [root]
            for component in path {
                let parent = chain[chain.count - 1]
                let child = parent.children[component] ?? PathNode()
                parent.children[component] = child
                chain.append(child)
            }
            return chain
        }
        // The wanted node of each value on the current path, outermost first (nil: no wanted path
        // goes through it). Values are visited before what is inside them, so the stack is cut back
        // to the visited value's depth each time.
        var nodes: [PathNode?] = []
        _ = walk { path, offset in
            nodes.removeSubrange(min(path.count, nodes.count)...)
            let node = path.isEmpty ? root : nodes.last.flatMap { $0?.children[path[path.count - 1]] }
            node?.offset = offset
            nodes.append(node)
        }
        let start = firstValueOffset()
        return chains.map { chain in chain.reversed().lazy.compactMap(\.offset).first ?? start }
    }

    /// The path of the value being read where the parser stops with an error (a member's key once
    /// it is read, an element's index once it is due); empty for a document without errors.
    package func pathAtError() -> [JSONLocation.Component] {
        walk { _, _ in }
    }

    /// Where the top-level value starts: after a byte order mark and white space.
    package func firstValueOffset() -> Int {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
            var scanner = JSONScanner(base: base, count: bytes.count, maximumDepth: maximumDepth,
                                      maximumNumberLength: maximumNumberLength)
            try? scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            return min(scanner.index, bytes.count - 1)
        }
    }

    /// Where the value at each path starts, with its line and column: ``offsets(of:)`` located.
    package func locationsOfValues(at paths: [[JSONLocation.Component]]) -> [JSONSourceLocation] {
        locations(of: offsets(of: paths))
    }

    /// Where the top-level value starts, with its line and column.
    package func firstValueLocation() -> JSONSourceLocation {
        locations(of: [firstValueOffset()])[0]
    }

    /// The line and column of each offset (see ``JSONSourceLocation``), in the order given.
    private func locations(of offsets: [Int]) -> [JSONSourceLocation] {
        let located = data.withUnsafeBytes { raw in
            JSONSourceLocation.locations(of: offsets, in: raw.bindMemory(to: UInt8.self))
        }
        return offsets.map { located[$0]! }
    }

    /// Walks the whole document, visiting every value; returns the path being read when the walk
    /// stopped with an error, empty when it did not.
    private func walk(visit: (_ path: [JSONLocation.Component], _ offset: Int) -> Void) -> [JSONLocation.Component] {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
            var scanner = JSONScanner(base: base, count: bytes.count, maximumDepth: maximumDepth,
                                      maximumNumberLength: maximumNumberLength)
            var path: [JSONLocation.Component] = []
            do {
                try scanner.walkDocument(path: &path, visit: visit)
                return []
            } catch {
                return path
            }
        }
    }
}
