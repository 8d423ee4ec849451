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
    public func match(_ uri: URL) -> [String: String]? {
        match(Substring(uri.absoluteString), from: parts[...])
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

    /// Matches `text` against `parts`, trying every length for a placeholder (patterns are short,
    /// and placeholders never span a `/`, so this stays cheap).
    private func match(_ text: Substring, from parts: ArraySlice<Part>) -> [String: String]? {
        guard let part = parts.first else { return text.isEmpty ? [:] : nil }
        switch part {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return match(text.dropFirst(literal.count), from: parts.dropFirst())
        case .placeholder(let name):
            let segment = text.prefix { !"/?#".contains($0) }
            var length = segment.count
            while length > 0 {
                let value = segment.prefix(length)
                if value != ".", value != "..",
                    var values = match(text.dropFirst(length), from: parts.dropFirst())
                {
                    values[name] = String(value)
                    return values
                }
                length -= 1
            }
            return nil
        }
    }
}

/// Why a URI pattern or endpoint template cannot be read.
public struct URIPatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment.
    public let description: String

    init(_ description: String) { self.description = description }
}
