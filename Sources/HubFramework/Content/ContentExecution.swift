/// The delegate an operation gets for one execution, whoever runs it (the loader's chain,
/// `ContentOperationExecution`, or the parts a chain shows early, `ContentPartRunner`). Reports may
/// arrive from any thread; they hop to the main thread, and a report for an execution that is no
/// longer current (its ``validity`` cleared) is ignored. The two runners differ only in what they
/// do with a finished execution and with a request to reschedule.
protocol ContentExecution: ContentOperationDelegate {
    /// Cleared by the runner when the execution is no longer current.
    var validity: ExecutionValidity { get }
    /// The operation finished (`error` nil) or failed while the execution was current.
    @MainActor func executionDidFinish(error: (any Error)?)
}

extension ContentExecution {
    var isValid: Bool { validity.isValid }
    func invalidate() { validity.invalidate() }

    /// Runs `report` on the main thread, unless the execution is no longer current.
    func reportIfValid(_ report: @escaping @MainActor @Sendable () -> Void) {
        guard isValid else { return }
        MainThread.perform(report)
    }

    func contentOperationDidFinish(_ operation: any ContentOperation) {
        reportIfValid { [self] in executionDidFinish(error: nil) }
    }

    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        reportIfValid { [self] in executionDidFinish(error: error) }
    }
}
