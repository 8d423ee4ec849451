import Foundation

/// A content operation that runs a closure and then finishes at once. It never fails and never
/// reschedules; write a type conforming to `ContentOperation` for anything asynchronous.
@MainActor
public final class BlockContentOperation: ContentOperation {
    public weak var delegate: (any ContentOperationDelegate)?
    /// False: it never asks to run again.
    public var mayRequestRescheduling: Bool { false }
    private let block: @MainActor (ContentOperationContext) -> Void

    /// Creates an operation that calls `block` on the main thread at every execution and then
    /// reports success.
    /// - Parameter block: adds content to the context's builder; it must finish its work before
    ///   returning, since the operation reports right after.
    public init(_ block: @escaping @MainActor (ContentOperationContext) -> Void) {
        self.block = block
    }

    public func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                        viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let delegate = self.delegate
        block(ContentOperationContext(viewURI: viewURI, featureInfo: featureInfo,
                                      connectivityState: connectivityState, viewModelBuilder: viewModelBuilder,
                                      previousError: previousError))
        delegate?.contentOperationDidFinish(self)
    }
}
