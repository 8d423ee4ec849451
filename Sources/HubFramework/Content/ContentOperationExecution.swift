/// The delegate an operation gets for one execution of the loader's chain (``ContentExecution``).
/// Rescheduling is accepted through any execution of the operation, at any later time.
/// `@unchecked`: `loader` is only dereferenced on the main thread.
final class ContentOperationExecution: ContentExecution, @unchecked Sendable {
    private weak var loader: ViewModelLoader?
    let index: Int
    let validity = ExecutionValidity()

    init(loader: ViewModelLoader, index: Int) {
        self.loader = loader
        self.index = index
    }

    @MainActor func executionDidFinish(error: (any Error)?) {
        loader?.executionDidFinish(self, error: error)
    }

    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {
        MainThread.perform { [self] in loader?.reschedule(from: index) }
    }

    func contentOperation(_ operation: any ContentOperation, didAddPartOfContent partialContent: ViewModelBuilder) {
        reportIfValid { [self] in loader?.executionDidAddPart(self, builder: partialContent) }
    }
}
