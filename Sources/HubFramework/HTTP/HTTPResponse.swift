import Foundation

/// The status line and headers of an HTTP response, as an ``HTTPClient`` reports them.
public struct HTTPResponse: Sendable, Hashable {
    /// The URL that answered.
    public var url: URL
    /// The status code, such as 200 or 404.
    public var statusCode: Int
    /// The header fields, keyed by lowercased name; repeated fields are joined with `, `.
    public private(set) var headerFields: [String: String]
    /// The body's length as the server announced it in `Content-Length` (before content decoding),
    /// or nil when it did not.
    public var expectedContentLength: Int?

    /// A response from `url` with `statusCode` and `headerFields` (any case; looked up without it).
    public init(url: URL, statusCode: Int, headerFields: [String: String] = [:], expectedContentLength: Int? = nil) {
        self.url = url
        self.statusCode = statusCode
        var fields: [String: String] = [:]
        for (name, value) in headerFields {
            let key = name.lowercased()
            fields[key] = fields[key].map { $0 + ", " + value } ?? value
        }
        self.headerFields = fields
        self.expectedContentLength = expectedContentLength
    }

    /// Whether the status allows a body: not 1xx, 204 (No Content) or 304 (Not Modified), whose
    /// `Content-Length`, when they carry one, describes another response.
    public var statusHasBody: Bool {
        !(100..<200).contains(statusCode) && statusCode != 204 && statusCode != 304
    }

    /// The value of the header field `name`, whatever its case; nil when the response has none.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields[name.lowercased()]
    }

    /// The status's reason phrase in lowercase words, for messages: `not found` for 404.
    public static func reasonPhrase(forStatusCode code: Int) -> String {
        switch code {
        case 200: return "ok"
        case 201: return "created"
        case 202: return "accepted"
        case 204: return "no content"
        case 206: return "partial content"
        case 300: return "multiple choices"
        case 301: return "moved permanently"
        case 302: return "found"
        case 303: return "see other"
        case 304: return "not modified"
        case 307: return "temporary redirect"
        case 308: return "permanent redirect"
        case 400: return "bad request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not found"
        case 405: return "method not allowed"
        case 406: return "not acceptable"
        case 408: return "request timeout"
        case 409: return "conflict"
        case 410: return "gone"
        case 413: return "content too large"
        case 414: return "URI too long"
        case 415: return "unsupported media type"
        case 429: return "too many requests"
        case 500: return "internal server error"
        case 501: return "not implemented"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timeout"
        default:
            switch code {
            case 100..<200: return "informational"
            case 200..<300: return "success"
            case 300..<400: return "redirection"
            case 400..<500: return "client error"
            case 500..<600: return "server error"
            default: return "unknown status"
            }
        }
    }
}
