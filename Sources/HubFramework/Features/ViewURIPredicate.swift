import Foundation

/// Decides which view URIs a feature handles.
public struct ViewURIPredicate: Sendable {
    private let evaluator: @Sendable (URL) -> Bool

    /// Matches exactly this URI.
    public init(viewURI: URL) {
        let expected = viewURI.absoluteString
        evaluator = { $0.absoluteString == expected }
    }

    /// Matches the root URI and every URI that starts with it (`app:music` matches `app:music:album`).
    /// The match is a plain string prefix, as in the original.
    public init(rootViewURI: URL, excludedViewURIs: Set<URL> = []) {
        let root = rootViewURI.absoluteString
        let excluded = Set(excludedViewURIs.map(\.absoluteString))
        evaluator = { uri in
            let string = uri.absoluteString
            return !excluded.contains(string) && string.hasPrefix(root)
        }
    }

    /// Matches URIs whose whole absolute string matches a regular expression.
    public init(regularExpression pattern: String) throws {
        let expression = try NSRegularExpression(pattern: "^(?:\(pattern))$")
        evaluator = { uri in
            let string = uri.absoluteString
            return expression.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
        }
    }

    /// Matches URIs for which the closure returns true.
    public init(_ block: @escaping @Sendable (URL) -> Bool) {
        evaluator = block
    }

    /// Whether the predicate accepts the URI.
    public func evaluate(_ viewURI: URL) -> Bool { evaluator(viewURI) }
}
