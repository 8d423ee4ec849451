import Foundation

/// Where the content of a view came from, which decides what that content may reach.
///
/// A view built by the app's own code or read from a file the user opened is *local*: it is as
/// trusted as the app. A view whose document came over HTTP(S) is *remote*, and one pushed through
/// the live-editing socket is *live*: anyone who can serve a document or reach the socket wrote it,
/// so it may not read the user's files or open them on its own (``ContentOriginPolicy``).
///
/// Whoever loads the content says where it came from: a content operation factory that loads
/// documents adopts ``ContentOriginDeclaring``, and the view controller made for a view URI takes
/// the least trusted origin its factories declare (``combined(with:)``). Content from code alone,
/// which declares nothing, is local.
public enum ContentOrigin: Hashable, Sendable, CustomStringConvertible {
    /// The app's own code, or a file on this machine the user opened.
    case local
    /// A document downloaded from `host` (over HTTP or HTTPS).
    case remote(host: String)
    /// A document pushed through the live-editing socket (`hublive`).
    case live

    /// The origin of a document loaded from `documentURL`: local for `file:` URLs and plain paths,
    /// remote (from the URL's host) for anything else, HTTP(S) or a scheme the framework does not
    /// know, which is never trusted.
    public init(documentURL: URL) {
        switch documentURL.scheme?.lowercased() {
        case "file"?, nil: self = .local
        default: self = .remote(host: documentURL.host ?? "")
        }
    }

    /// True for local content: it may read local files and navigate to `file:` URIs.
    public var mayReachLocalFiles: Bool { self == .local }

    /// The less trusted of the two: a view that shows content from both has this origin. Live and
    /// remote content are as untrusted as each other; between them the first one given is kept.
    public func combined(with other: ContentOrigin) -> ContentOrigin {
        self == .local ? other : self
    }

    /// "local", "remote (example.org)", "live".
    public var description: String {
        switch self {
        case .local: return "local"
        case .remote(let host): return host.isEmpty ? "remote" : "remote (\(host))"
        case .live: return "live"
        }
    }
}
