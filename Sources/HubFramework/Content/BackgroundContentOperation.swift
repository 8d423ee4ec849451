import Foundation

/// A content operation that runs a closure on a background thread and then finishes: the way to
/// add a lot of content in code (thousands of rows, a parsed file, a database query) without
/// holding up the window.
///
/// ```swift
/// BackgroundContentOperation { context in
///     for index in 0..<1_000_000 {
///         context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row-\(index)").title = "Row \(index)"
///     }
/// }
/// ```
///
/// The closure gets the execution's builder to itself until it returns; it must not touch the
/// toolkit (it is not on the main thread). When the view goes away before the closure is done
/// (``cancel()``), its work is dropped: nothing is reported. Like ``BlockContentOperation`` it never
/// fails and never reschedules; write a type conforming to ``ContentOperation`` for anything more.
@MainActor
public final class BackgroundContentOperation: ContentOperation {
    public weak var delegate: (any ContentOperationDelegate)?
    /// False: it never asks to run again.
    public var mayRequestRescheduling: Bool { false }
    private let block: @Sendable (ContentOperationContext) -> Void
    /// The running execution's token; cancelling or starting another one replaces it.
    private var current: Execution?

    /// Creates an operation that calls `block` on a background queue at every execution and
    /// reports success on the main thread when it returns.
    public init(_ block: @escaping @Sendable (ContentOperationContext) -> Void) {
        self.block = block
    }

    public func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                        viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let execution = Execution(delegate: delegate)
        current = execution
        let context = ContentOperationContext(viewURI: viewURI, featureInfo: featureInfo,
                                              connectivityState: connectivityState, viewModelBuilder: viewModelBuilder,
                                              previousError: previousError)
        let block = self.block
        let report: @MainActor @Sendable () -> Void = { [weak self] in
            guard let self, self.current === execution else { return }
            self.current = nil
            execution.delegate?.contentOperationDidFinish(self)
        }
        DispatchQueue.global(qos: .userInitiated).async {
            block(context)
            MainThread.perform { report() }
        }
    }

    /// Drops the running execution: it reports nothing.
    public func cancel() {
        current = nil
    }

    /// One execution and the delegate it reports to.
    private final class Execution: @unchecked Sendable {
        let delegate: (any ContentOperationDelegate)?
        init(delegate: (any ContentOperationDelegate)?) { self.delegate = delegate }
    }
}
