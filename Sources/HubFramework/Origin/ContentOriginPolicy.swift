import Foundation

/// What content of each ``ContentOrigin`` may reach: remote and live content may neither open nor
/// read local files on its own.
///
/// The rule is checked where content acts by itself: when a component of the view is selected
/// (its target URI) and when its images are loaded. What the user does is not checked: the
/// address bar and the command line still open `file:` URIs.
public enum ContentOriginPolicy {
    /// How many nested schemes ``reachesLocalFiles(_:)`` looks through (`a:b:file:…`).
    static let maximumNestedSchemes = 8

    /// True when opening `uri` reads a local file: a `file:` URI, or a URI that wraps one after its
    /// own scheme, such as the viewer's `hub-json:file:///home/me/view.json`.
    public static func reachesLocalFiles(_ uri: URL) -> Bool {
        var rest = Substring(uri.absoluteString)
        for _ in 0..<maximumNestedSchemes {
            guard let scheme = leadingScheme(of: rest) else { return false }
            if scheme.lowercased() == "file" { return true }
            rest = rest.dropFirst(scheme.count + 1)
        }
        // Deeper nesting than any real URI: treat as reaching files rather than guess.
        return true
    }

    /// Whether a view of `origin` may open `uri` by itself (a selected component's target).
    public static func allowsNavigation(to uri: URL, from origin: ContentOrigin) -> Bool {
        origin.mayReachLocalFiles || !reachesLocalFiles(uri)
    }

    /// Whether a view of `origin` may load the image at `url`. Relative paths (the app's resources
    /// folder) and downloads are allowed for every origin; `file:` URLs only for local content.
    public static func allowsImage(at url: URL, from origin: ContentOrigin) -> Bool {
        origin.mayReachLocalFiles || !reachesLocalFiles(url)
    }

    /// The scheme at the start of `text` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`,
    /// then a colon), without the colon; nil when there is none.
    private static func leadingScheme(of text: Substring) -> Substring? {
        guard let first = text.first, first.isASCII, first.isLetter else { return nil }
        let scheme = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        guard text.dropFirst(scheme.count).first == ":" else { return nil }
        return scheme
    }
}
