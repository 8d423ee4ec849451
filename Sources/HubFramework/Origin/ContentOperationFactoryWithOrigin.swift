import Foundation

/// Another content operation factory, with the ``ContentOrigin`` of the content it loads: for a
/// factory built from a closure whose operations read documents from the network.
///
/// ```swift
/// contentOperationFactories: [ContentOperationFactoryWithOrigin(
///     BlockContentOperationFactory { _ in [JSONContentOperation(url: feedURL)] },
///     origin: ContentOrigin(documentURL: feedURL))]
/// ```
@MainActor
public final class ContentOperationFactoryWithOrigin: ContentOperationFactory, ContentOriginDeclaring {
    /// The factory that creates the operations.
    public let base: any ContentOperationFactory
    private let origin: @MainActor (URL) -> ContentOrigin

    /// Declares the origin per view URI.
    /// - Parameters:
    ///   - base: the factory that creates the operations.
    ///   - origin: where the content of a view URI comes from.
    public init(_ base: any ContentOperationFactory, origin: @escaping @MainActor (URL) -> ContentOrigin) {
        self.base = base
        self.origin = origin
    }

    /// Declares one origin for every view URI.
    /// - Parameters:
    ///   - base: the factory that creates the operations.
    ///   - origin: where the content comes from.
    public convenience init(_ base: any ContentOperationFactory, origin: ContentOrigin) {
        self.init(base) { _ in origin }
    }

    /// The base factory's operations.
    public func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation] {
        base.createContentOperations(forViewURI: viewURI)
    }

    /// The origin given at creation.
    public func contentOrigin(forViewURI viewURI: URL) -> ContentOrigin {
        origin(viewURI)
    }
}
