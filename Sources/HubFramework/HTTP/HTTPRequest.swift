import Foundation

/// A `GET` request that the framework asks an ``HTTPClient`` to send.
public struct HTTPRequest: Sendable, Hashable {
    /// The `http:` or `https:` URL to fetch.
    public var url: URL
    /// Header fields to send besides the client's own (such as `User-Agent`), keyed by name as
    /// written (`Accept`, `If-None-Match`).
    public var headerFields: [String: String]
    /// What the response is for (a document by default); see ``Purpose``.
    public var purpose: Purpose

    /// What a request's response is for. A client may give each purpose connections of its own:
    /// HubGTK's libsoup client keeps images apart from documents, so that images a server leaves
    /// unanswered never take the connections a document needs.
    public enum Purpose: Sendable, Hashable {
        /// A view document, or anything else the app waits for (the default).
        case document
        /// An image for a component: many at once, each one worth less than a document.
        case image
    }

    /// A request for `url` with `headerFields`, for `purpose`.
    public init(url: URL, headerFields: [String: String] = [:], purpose: Purpose) {
        self.url = url
        self.headerFields = headerFields
        self.purpose = purpose
    }

    /// A request for a document at `url` with `headerFields` (``Purpose/document``).
    public init(url: URL, headerFields: [String: String] = [:]) {
        self.init(url: url, headerFields: headerFields, purpose: .document)
    }
}
