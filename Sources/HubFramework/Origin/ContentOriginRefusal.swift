import Foundation

/// Why content was not allowed to reach something: for logs and image failure reports.
public struct ContentOriginRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The content's origin.
    public let origin: ContentOrigin
    /// What it tried to reach.
    public let uri: URL

    /// Creates a refusal.
    /// - Parameters:
    ///   - origin: the origin of the content that asked.
    ///   - uri: what it asked for.
    public init(origin: ContentOrigin, uri: URL) {
        self.origin = origin
        self.uri = uri
    }

    /// Why, on one line (the URI is not repeated: the line is logged next to it).
    public var description: String {
        "content from a \(origin) source may not reach local files"
    }
}
