/// One unit of work for a `SerialOperationQueue`: synchronous (done when its body returns) or
/// asynchronous (done when it calls the completion it is given).
public struct QueuedOperation: Sendable {
    let body: @MainActor @Sendable (OperationCompletion) -> Void

    /// An operation that is finished as soon as `body` returns.
    public static func synchronous(_ body: @escaping @MainActor @Sendable () -> Void) -> QueuedOperation {
        QueuedOperation { completion in
            body()
            completion()
        }
    }

    /// An operation that is finished when `body` calls the completion it receives — at once or later,
    /// from any thread. The queue waits until then; an operation that never completes stalls the queue.
    public static func asynchronous(
        _ body: @escaping @MainActor @Sendable (_ completion: OperationCompletion) -> Void
    ) -> QueuedOperation {
        QueuedOperation(body: body)
    }
}

/// Finishes an asynchronous operation. Callable from any thread: the call is forwarded to the main thread
/// (synchronously when already on it). Only the first call counts; later ones are ignored.
public final class OperationCompletion: Sendable {
    private let finish: @Sendable () -> Void

    init(_ finish: @escaping @Sendable () -> Void) {
        self.finish = finish
    }

    public func callAsFunction() {
        finish()
    }
}

/// A serial queue of operations on the main thread (the rendering queue of a view controller).
///
/// Adding operations to an idle queue starts the first one immediately, synchronously, before `add`
/// returns. Each later operation starts when the previous one has completed: a completion from a
/// background thread hops to the main thread first, one on the main thread continues synchronously.
/// A long run of synchronous operations is executed in a loop, not by recursion, so queue length never
/// grows the stack.
@MainActor
public final class SerialOperationQueue {
    private var pending: [QueuedOperation] = []
    private var pendingHead = 0
    /// Token of the operation that is running, nil when none is.
    private var runningToken: Int?
    private var lastToken = 0
    private var isDraining = false

    public init() {}

    /// Operations waiting to start, plus the running one.
    public var operationCount: Int { pending.count - pendingHead + (runningToken == nil ? 0 : 1) }

    /// True when no operation is running or waiting.
    public var isIdle: Bool { operationCount == 0 }

    /// Appends `operation`; starts it at once when the queue is idle.
    public func add(_ operation: QueuedOperation) {
        add([operation])
    }

    /// Appends all `operations` before starting any; when the queue was idle the first one starts at once.
    public func add(_ operations: [QueuedOperation]) {
        let wasIdle = isIdle
        pending.append(contentsOf: operations)
        if wasIdle { drain() }
    }

    private func drain() {
        if isDraining { return }
        isDraining = true
        defer { isDraining = false }
        while runningToken == nil && pendingHead < pending.count {
            let operation = pending[pendingHead]
            pendingHead += 1
            if pendingHead > 64 && pendingHead * 2 > pending.count {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
            lastToken += 1
            let token = lastToken
            runningToken = token
            let completion = OperationCompletion { [weak self] in
                MainThread.perform { self?.operationCompleted(token) }
            }
            operation.body(completion)
            // A synchronous completion has cleared `runningToken`: the loop starts the next operation.
        }
    }

    private func operationCompleted(_ token: Int) {
        guard token == runningToken else { return }  // a repeated or stale completion
        runningToken = nil
        drain()  // no-op while the loop above is running; it picks up the next operation itself
    }
}
