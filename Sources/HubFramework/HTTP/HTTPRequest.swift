import Foundation

/// A `GET` request that the framework asks an ``HTTPClient`` to send.
public struct HTTPRequest: Sendable, Hashable {
    /// The `http:` or `https:` URL to fetch.
    public var url: URL
    /// Header fields to send besides the client's own (such as `User-Agent`), keyed by name as
    /// written (`Accept`, `If-None-Match`).
    public var headerFields: [String: String]

    /// A request for `url` with `headerFields`.
    public init(url: URL, headerFields: [String: String] = [:]) {
        self.url = url
        self.headerFields = headerFields
    }
}
