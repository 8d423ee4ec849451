import Foundation

/// The delegate an operation gets for one execution. Reports may arrive from any thread; they
/// hop to the main thread, where a report for an execution that is no longer current is ignored.
/// Rescheduling is accepted through any execution of the operation, at any later time.
/// `@unchecked`: `loader` is only dereferenced on the main thread, and `valid` is guarded by `lock`.
final class ContentOperationExecution: ContentOperationDelegate, @unchecked Sendable {
    // `loader` is only dereferenced on the main thread; `valid` is guarded by `lock`.
    private weak var loader: ViewModelLoader?
    let index: Int
    private let lock = NSLock()
    private var valid = true

    init(loader: ViewModelLoader, index: Int) {
        self.loader = loader
        self.index = index
    }

    var isValid: Bool { lock.withLock { valid } }
    func invalidate() { lock.withLock { valid = false } }

    func contentOperationDidFinish(_ operation: any ContentOperation) {
        guard isValid else { return }
        MainThread.perform { [self] in loader?.executionDidFinish(self, error: nil) }
    }

    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        guard isValid else { return }
        MainThread.perform { [self] in loader?.executionDidFinish(self, error: error) }
    }

    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {
        MainThread.perform { [self] in loader?.reschedule(from: index) }
    }

    func contentOperation(_ operation: any ContentOperation, didAddPartOfContent partialContent: ViewModelBuilder) {
        guard isValid else { return }
        MainThread.perform { [self] in loader?.executionDidAddPart(self, builder: partialContent) }
    }
}
