import Foundation

/// Whether one execution of a content operation is still the current one: set when it starts,
/// cleared once by its runner (from the main thread), read from any thread, since an operation
/// reports from its own. See ``ContentExecution``.
final class ExecutionValidity: @unchecked Sendable {
    // `valid` is guarded by `lock`.
    private let lock = NSLock()
    private var valid = true

    var isValid: Bool { lock.withLock { valid } }
    func invalidate() { lock.withLock { valid = false } }
}
