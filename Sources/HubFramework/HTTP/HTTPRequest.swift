import Foundation

/// A request that the framework asks an ``HTTPClient`` to send: a `GET` for documents and images,
/// any ``method`` with a ``body`` for what a document sends its server (a `request` or `submit`
/// action).
public struct HTTPRequest: Sendable, Hashable {
    /// The `http:` or `https:` URL to fetch.
    public var url: URL
    /// The method, upper case as sent: `GET` unless a document's action asks for another.
    public var method: String = "GET"
    /// The body to send, with its media type in ``bodyContentType``; nil for none.
    public var body: Data?
    /// The `Content-Type` of ``body`` (`application/json` for what a document sends).
    public var bodyContentType: String?
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

    /// A `method` request for `url` sending `body` of the media type `contentType`, with
    /// `headerFields`, for a document (``Purpose/document``).
    public init(method: String, url: URL, body: Data?, contentType: String?, headerFields: [String: String] = [:]) {
        self.init(url: url, headerFields: headerFields, purpose: .document)
        self.method = method
        self.body = body
        bodyContentType = body == nil ? nil : contentType
    }

    /// A request for a document at `url` with `headerFields` (``Purpose/document``).
    public init(url: URL, headerFields: [String: String] = [:]) {
        self.init(url: url, headerFields: headerFields, purpose: .document)
    }
}
