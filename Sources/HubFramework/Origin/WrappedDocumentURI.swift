import Foundation

/// View URIs that carry their document's URL after a scheme of their own, as the viewer's
/// `hub-json:https://example.org/view.json` does: the reader that unwraps the document's URL.
///
/// It lives beside ``ContentOriginPolicy`` because the policy must see every URL such a reader can
/// produce: the fuzz target `fuzz-uri-origin` feeds both the same spellings and fails when this
/// reader finds a local file that the policy does not.
///
/// ```swift
/// let wrapped = WrappedDocumentURI(scheme: "hub-json")
/// wrapped.documentURL(in: URL(string: "hub-json:https://example.org/view.json")!)  // https://example.org/view.json
/// ```
public struct WrappedDocumentURI: Sendable, Hashable {
    /// The scheme of the view URIs, without its colon (`hub-json`).
    public let scheme: String
    /// The schemes a wrapped document may have.
    public static let documentSchemes: Set<String> = ["http", "https", "file"]

    /// A reader for view URIs of `scheme`.
    /// - Parameter scheme: the scheme of the view URIs, without its colon, compared without regard to case.
    public init(scheme: String) {
        self.scheme = scheme.lowercased()
    }

    /// The document URL wrapped in `viewURI`: an `http:` or `https:` URL with a host, or a `file:`
    /// URL; nil when `viewURI` is not of this scheme or wraps nothing else.
    ///
    /// Foundation percent-encodes the opaque part of a URI when it holds characters that part may
    /// not (the brackets of an IPv6 host: `http://[::1]:8765/…` arrives as `http%3A//%5B::1%5D:8765/…`),
    /// so a wrapped URL that does not read as it stands is read once more with its percent-encoding
    /// taken off.
    public func documentURL(in viewURI: URL) -> URL? {
        guard viewURI.scheme?.lowercased() == scheme else { return nil }
        let rest = String(viewURI.absoluteString.dropFirst(scheme.count + 1))
        for candidate in [rest, rest.removingPercentEncoding].compactMap({ $0 }) {
            guard let url = URL(string: candidate), let inner = url.scheme?.lowercased(),
                Self.documentSchemes.contains(inner)
            else { continue }
            if inner == "file" || url.host?.isEmpty == false { return url }
        }
        return nil
    }
}
