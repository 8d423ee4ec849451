import Foundation

/// A content operation factory (or a content operation) that knows the URL of the document it
/// loads for a view.
///
/// A document's own requests (its `request` and `submit` actions, its event stream) resolve
/// relative URLs against it and go to its origin (``ServerRequestPolicy``). ``JSONContentOperation``
/// adopts it; a view whose objects declare no document URL sends only to the allowed origins.
@MainActor
public protocol DocumentURLDeclaring: AnyObject {
    /// The URL of the document this object loads for `viewURI`, or nil when it loads none.
    func documentURL(forViewURI viewURI: URL) -> URL?
}

/// The document URL of a view: the first one `objects` declare for `viewURI`.
/// - Parameters:
///   - objects: content operation factories or content operations; those that do not adopt
///     ``DocumentURLDeclaring`` are skipped.
///   - viewURI: the view the objects load content for.
@MainActor
package func declaredDocumentURL(by objects: [Any], forViewURI viewURI: URL) -> URL? {
    for object in objects {
        if let declaring = object as? any DocumentURLDeclaring, let url = declaring.documentURL(forViewURI: viewURI) {
            return url
        }
    }
    return nil
}
