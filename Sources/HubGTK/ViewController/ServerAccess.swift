import Foundation
import HubFramework

/// What a view's document may reach of its server, and how: where the document came from, its
/// origin, the app's policy, the bounds and the HTTP client. The controller makes one and gives it
/// to its `ServerRequests` and `ServerEvents`, which read it at each request and connection; the
/// controller alone changes it (its `contentOrigin` and `serverRequestPolicy`).
@MainActor
final class ServerAccess {
    /// Where the document came from: its requests resolve against it and go to its origin.
    let documentURL: URL?
    /// The view's content origin.
    var origin = ContentOrigin.local
    /// Where requests may go.
    var policy = ServerRequestPolicy.default
    /// The view's bounds.
    let limits: ContentLimits
    /// What the view's client can show, named in every request and event stream (`Hub-Client`); nil
    /// names nothing.
    let clientCapabilities: ClientCapabilities?

    init(documentURL: URL?, limits: ContentLimits, clientCapabilities: ClientCapabilities?) {
        self.documentURL = documentURL
        self.limits = limits
        self.clientCapabilities = clientCapabilities
    }

    /// The HTTP client requests are sent with: the installed default.
    var client: (any HTTPClient)? { DefaultHTTPClient.current }

    /// `text` resolved against the document's URL; nil when it is no URL.
    func resolve(_ text: String) -> URL? {
        guard let url = URL(string: text, relativeTo: documentURL)?.absoluteURL, url.scheme != nil else { return nil }
        return url
    }
}
