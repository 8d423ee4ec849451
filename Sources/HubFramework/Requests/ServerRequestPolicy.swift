import Foundation

/// Where a document's own requests may go: the `request` and `submit` actions and the event streams
/// a view listens to.
///
/// A document may talk to the server it came from and to the origins the app (or, for a backend
/// app, its manifest) names in ``allowedOrigins``, and nowhere else:
/// - a document downloaded from `https://shop.example` may send to `https://shop.example` (same
///   scheme, host and port) and to an allowed origin;
/// - a document read from a file, or built in code, may reach the allowed origins (the app named
///   them: that is the app saying so) and no other network, unless the app sets
///   ``allowsNetworkFromLocalDocuments`` while it names none, when it may reach any origin;
/// - a document pushed live (`hublive`) reaches only the allowed origins;
/// - nothing reaches `file:` or any scheme but `http:` and `https:`, however the URL is spelled
///   (``ContentOriginPolicy/reachesLocalFiles(_:)``);
/// - a redirect is held to the same rule as the URL it came from (``refusal(for:documentURL:origin:)``
///   is asked again for its target), so a server cannot bounce a request elsewhere.
public struct ServerRequestPolicy: Sendable, Equatable {
    /// Origins every document may send to besides its own: `scheme://host[:port]` URLs (a path is
    /// ignored). Empty by default.
    public var allowedOrigins: [URL]
    /// Whether documents from files and from code may reach any `http:`/`https:` origin while
    /// ``allowedOrigins`` is empty. The allowed origins themselves every document may reach; with
    /// some named, they stay the only ones. Off by default.
    public var allowsNetworkFromLocalDocuments: Bool

    /// A policy allowing `allowedOrigins` besides each document's own, and the network from local
    /// documents when `allowsNetworkFromLocalDocuments`.
    public init(allowedOrigins: [URL] = [], allowsNetworkFromLocalDocuments: Bool = false) {
        self.allowedOrigins = allowedOrigins
        self.allowsNetworkFromLocalDocuments = allowsNetworkFromLocalDocuments
    }

    /// The default: each document reaches only its own origin, local ones none.
    public static let `default` = ServerRequestPolicy()

    /// Why a request to `url` from a document read from `documentURL` (nil: built in code) with
    /// `origin` may not be sent, or nil when it may. The reason is a sentence's end, for a log line
    /// or an error: "may not reach local files", "goes to https://other.example, not to the
    /// document's origin https://shop.example or an allowed one".
    public func refusal(for url: URL, documentURL: URL?, origin: ContentOrigin) -> String? {
        if ContentOriginPolicy.reachesLocalFiles(url) { return "may not reach local files" }
        guard let target = Self.origin(of: url) else {
            return "is not an http: or https: URL with a host"
        }
        let allowed = Set(allowedOrigins.compactMap(Self.origin(of:)))
        if allowed.contains(target) { return nil }
        switch origin {
        case .local:
            let documentOrigin = documentURL.flatMap(Self.origin(of:))
            if let documentOrigin, documentOrigin == target { return nil }
            guard allowsNetworkFromLocalDocuments else {
                return "goes to the network from a document read from a file or built in code, which the app does not allow"
            }
            return allowed.isEmpty ? nil : "goes to \(target), which is not an allowed origin"
        case .remote:
            guard let documentOrigin = documentURL.flatMap(Self.origin(of:)) else {
                return "goes to \(target), and the document's own origin is not known"
            }
            return documentOrigin == target ? nil
                : "goes to \(target), not to the document's origin \(documentOrigin) or an allowed one"
        case .live:
            return "goes to \(target), which is not an allowed origin (a live document has no origin of its own)"
        }
    }

    /// `scheme://host:port` of an `http:` or `https:` URL, the port written out, lower case; nil
    /// for any other URL.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}
