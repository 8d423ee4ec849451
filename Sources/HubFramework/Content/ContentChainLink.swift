/// One content operation of a loader's chain, and what the loader keeps of its latest execution:
/// a copy of the builder it finished with (the next operation, and a rescheduled run of the one
/// after it, start from a copy of that), the error it finished with, and the delegate of its latest
/// execution (kept alive, so that an operation holding its delegate weakly can still ask to run
/// again after it finished).
@MainActor
struct ContentChainLink {
    let operation: any ContentOperation
    /// What the operation finished with, kept for whoever starts from it again; nil when nobody
    /// will (no later operation may reschedule, and no page is appended).
    var output: ViewModelBuilder?
    /// The error the operation last finished with (passed on to the next operation).
    var error: (any Error)?
    /// The delegate of the operation's latest execution.
    var latestExecution: ContentOperationExecution?

    init(_ operation: any ContentOperation) {
        self.operation = operation
    }

    /// Forgets what the operation produced (the memory goes); its latest execution stays.
    mutating func forgetOutput() {
        output = nil
        error = nil
    }
}
