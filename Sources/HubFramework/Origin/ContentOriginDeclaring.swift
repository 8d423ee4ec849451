import Foundation

/// A content operation factory (or a content operation) that knows where the content it loads
/// comes from.
///
/// Adopt it in a factory whose operations load documents from the network or another untrusted
/// source, so that the views it serves get the right ``ContentOrigin``; HubGTK's view controller
/// factory asks every factory of a view's feature, and keeps the least trusted answer. A factory
/// that does not adopt it counts as local (content built by the app's code).
///
/// ```swift
/// final class FeedFactory: ContentOperationFactory, ContentOriginDeclaring {
///     func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation] {
///         [JSONContentOperation(url: feedURL)]
///     }
///     func contentOrigin(forViewURI viewURI: URL) -> ContentOrigin {
///         ContentOrigin(documentURL: feedURL)
///     }
/// }
/// ```
@MainActor
public protocol ContentOriginDeclaring: AnyObject {
    /// Where the content this object loads for `viewURI` comes from.
    func contentOrigin(forViewURI viewURI: URL) -> ContentOrigin
}

extension ContentOrigin {
    /// The least trusted origin `objects` declare for `viewURI`; local when none of them declares one.
    /// - Parameters:
    ///   - objects: content operation factories or content operations; those that do not adopt
    ///     ``ContentOriginDeclaring`` are skipped.
    ///   - viewURI: the view the objects load content for.
    @MainActor
    public static func declared(by objects: [Any], forViewURI viewURI: URL) -> ContentOrigin {
        objects.reduce(ContentOrigin.local) { origin, object in
            guard let declaring = object as? any ContentOriginDeclaring else { return origin }
            return origin.combined(with: declaring.contentOrigin(forViewURI: viewURI))
        }
    }
}
