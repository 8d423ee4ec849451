import Foundation

/// A view URI pattern with named placeholders, such as `shop:product/{id}`, and the endpoint
/// templates that use them (`https://api.example.com/views/product/{id}.json`).
///
/// A placeholder is `{name}` (a letter or `_`, then letters, digits or `_`). In a view URI it stands
/// for one or more characters other than `/`, `?` and `#`, and never for `.` or `..`, so a view URI
/// cannot walk an endpoint out of its folder. Everything else in the pattern must match literally.
public struct URIPattern: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a pattern or template.
    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    /// The pattern as written.
    public let text: String
    let parts: [Part]

    /// The names of the placeholders, in order.
    public var placeholderNames: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Reads a pattern; throws a sentence that says what is wrong with it.
    /// - Parameter text: the pattern, such as `shop:product/{id}`.
    public init(_ text: String) throws(URIPatternError) {
        self.text = text
        parts = try Self.parts(of: text)
        var seen: Set<String> = []
        for name in placeholderNames where !seen.insert(name).inserted {
            throw URIPatternError("the placeholder {\(name)} appears twice")
        }
    }

    /// The pattern as written.
    public var description: String { text }

    /// The placeholders' values when `uri` matches the whole pattern; nil when it does not.
    ///
    /// Each placeholder, from the first, takes the longest value that lets the rest of the URI
    /// match: `app:{a}-{b}` gives `one-two` and `three` for `app:one-two-three`, and
    /// `app:{a}{b}{c}` gives `abcd`, `e` and `f` for `app:abcdef`. Matching takes time linear in
    /// the URI's length times the pattern's, whatever the pattern.
    public func match(_ uri: URL) -> [String: String]? {
        var steps = 0
        return match(uri.absoluteString, steps: &steps)
    }

    /// `template` with every `{name}` replaced by `values[name]`. A name without a value stays as
    /// written (``BackendManifest`` checks that templates only use the pattern's names).
    static func expand(_ template: [Part], with values: [String: String]) -> String {
        template.map { part in
            switch part {
            case .literal(let text): return text
            case .placeholder(let name): return values[name] ?? "{\(name)}"
            }
        }.joined()
    }

    /// Splits text into literals and placeholders.
    static func parts(of text: String) throws(URIPatternError) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw URIPatternError("a { has no closing }")
                }
                let name = String(rest[..<close])
                guard isPlaceholderName(name) else {
                    throw URIPatternError("{\(name)} is not a placeholder: a name is a letter or _, then letters, digits or _")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.placeholder(name))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw URIPatternError("a } has no opening {")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    private static func isPlaceholderName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
            first == "_" || CharacterSet.letters.contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || CharacterSet.alphanumerics.contains($0)) }
    }

    /// Matches the bytes of `text` against the pattern, in time and memory linear in the length
    /// of `text` times the size of the pattern, however the placeholders are arranged (a pattern
    /// comes from a manifest, a URI from any link, so neither may make matching slow).
    ///
    /// The values are those a backtracking matcher finds (the documented rule: each placeholder,
    /// from the first, takes the longest value that lets the rest of the URI match), found without
    /// backtracking: a table says, for every part of the pattern and every position in the URI,
    /// whether the URI from there matches the pattern from that part on. It is filled from the
    /// end, then read once from the start, each placeholder taking the longest value the table
    /// allows. URIs are ASCII (`URL` percent-encodes everything else), so bytes are characters.
    /// The table has a bit per position and part, in one buffer, and the loops read it through
    /// pointers: debug builds, which the tests hold to a time bound, do not inline accessors.
    /// - Parameter steps: counts the work done, for tests that hold matching to its bound.
    package func match(_ text: String, steps: inout Int) -> [String: String]? {
        let bytes = Array(text.utf8)
        let count = bytes.count
        let literals = parts.map { part -> [UInt8] in
            if case .literal(let literal) = part { Array(literal.utf8) } else { [] }
        }
        // Quick answers first: placeholders never take a separator, so the URI has exactly the
        // pattern's separators; each placeholder takes at least one byte.
        var shortest = 0
        for (index, part) in parts.enumerated() {
            if case .literal = part { shortest += literals[index].count } else { shortest += 1 }
        }
        steps += count
        guard count >= shortest,
            bytes.lazy.filter(Self.isSeparator).count == literals.joined().lazy.filter(Self.isSeparator).count
        else { return nil }

        // Bit i of column k: bytes i... match parts k... (column parts.count: the end of the URI).
        let words = count / 64 + 1
        var table = [UInt64](repeating: 0, count: (parts.count + 1) * words)
        let matched = table.withUnsafeMutableBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                Self.fill(table, words: words, parts: parts, literals: literals, bytes: bytes, steps: &steps)
            }
        }
        guard matched else { return nil }

        // Read the table from the start: each placeholder takes the longest value after which the
        // rest matches.
        var values: [String: String] = [:]
        var position = 0
        // The end of the run of bytes without a separator that `position` is in: the same for
        // every placeholder of the run, so it is looked for once.
        var limit = -1
        for (k, part) in parts.enumerated() {
            switch part {
            case .literal:
                position += literals[k].count
            case .placeholder(let name):
                let rest = (k + 1) * words
                let isRest = { (i: Int) in table[rest + i >> 6] & (1 << UInt64(i & 63)) != 0 }
                if limit < position {
                    limit = position
                    while limit < count, !Self.isSeparator(bytes[limit]) { limit += 1 }
                }
                var end = limit
                while end > position {
                    steps += 1
                    if isRest(end), end - position > 2 || !bytes[position..<end].allSatisfy({ $0 == Self.dot }) { break }
                    end -= 1
                }
                guard end > position else { return nil }
                values[name] = String(decoding: bytes[position..<end], as: UTF8.self)
                position = end
            }
        }
        return values
    }

    /// Fills the matching table from its last column to its first; returns whether the whole URI
    /// matches the whole pattern.
    private static func fill(_ table: UnsafeMutableBufferPointer<UInt64>, words: Int, parts: [Part], literals: [[UInt8]],
                             bytes: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Bool
    {
        let count = bytes.count
        table[parts.count * words + count >> 6] |= 1 << UInt64(count & 63)
        for k in parts.indices.reversed() {
            let column = k * words
            let next = (k + 1) * words
            switch parts[k] {
            case .literal:
                let literal = literals[k]
                guard literal.count <= count else { return false }
                for i in 0...(count - literal.count) {
                    steps += 1
                    let end = i + literal.count
                    guard table[next + end >> 6] & (1 << UInt64(end & 63)) != 0 else { continue }
                    var offset = 0
                    while offset < literal.count, bytes[i + offset] == literal[offset] { offset += 1 }
                    steps += offset
                    if offset == literal.count { table[column + i >> 6] |= 1 << UInt64(i & 63) }
                }
            case .placeholder:
                // From the end of the URI back: `longest` is the farthest end of a value that starts
                // before it in the same run of bytes without a separator and after which the rest
                // matches. A value of three bytes or more is never `.` or `..`; a shorter one is
                // looked at byte by byte.
                var longest = table[next + count >> 6] & (1 << UInt64(count & 63)) != 0 ? count : -1
                var i = count - 1
                while i >= 0 {
                    steps += 1
                    let byte = bytes[i]
                    if byte == slash || byte == question || byte == hash {
                        longest = table[next + i >> 6] & (1 << UInt64(i & 63)) != 0 ? i : -1
                        i -= 1
                        continue
                    }
                    if longest < 0, table[next + (i + 1) >> 6] & (1 << UInt64((i + 1) & 63)) != 0 { longest = i + 1 }
                    if longest > i + 2
                        || (longest > i && byte != dot)
                        || (longest == i + 2 && bytes[i + 1] != dot)
                    {
                        table[column + i >> 6] |= 1 << UInt64(i & 63)
                    }
                    i -= 1
                }
            }
        }
        return table[0] & 1 != 0
    }

    private static let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"),
        hash = UInt8(ascii: "#")

    /// `/`, `?` and `#`: the bytes a placeholder never takes.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == slash || byte == question || byte == hash
    }
}

/// Why a URI pattern or endpoint template cannot be read.
public struct URIPatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment.
    public let description: String

    init(_ description: String) { self.description = description }
}
