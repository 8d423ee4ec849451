import Foundation

/// Creates the content operations of a feature for a view URI.
@MainActor
public protocol ContentOperationFactory: AnyObject {
    /// The operations for `viewURI`, in chain order. Should not be empty.
    func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation]
}

/// A content operation factory backed by a closure.
@MainActor
public final class BlockContentOperationFactory: ContentOperationFactory {
    private let block: @MainActor (URL) -> [any ContentOperation]

    /// Creates a factory that calls `block` with the view URI each time a loader is created.
    /// - Parameter block: returns new operation objects, in chain order, for the URI.
    public init(_ block: @escaping @MainActor (URL) -> [any ContentOperation]) {
        self.block = block
    }

    /// Calls the factory's closure with `viewURI`.
    public func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation] {
        block(viewURI)
    }
}
