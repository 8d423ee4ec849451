/// A loader's run of its chain under way: the steps still to perform, the builder of the step that
/// runs and its execution, the builder handed on when no copy is kept, the page being appended,
/// and the parts of a long document on their way through the chain.
@MainActor
struct ContentChainRun {
    /// Whether a step loads the content or appends a page.
    enum Mode { case main, pagination }
    /// The operation at `index`, in `mode`.
    struct Step {
        let index: Int
        let mode: Mode
    }

    /// The steps to perform, the running one first.
    var queue: [Step] = []
    /// The builder the running operation works on; the last one's, once the queue is empty.
    var currentBuilder: ViewModelBuilder?
    /// The builder a finished operation hands on to the next when no copy of it is kept.
    var handedOnBuilder: ViewModelBuilder?
    /// The running operation's execution.
    var currentExecution: ContentOperationExecution?
    /// How many pages have been appended after the main content.
    var pageIndex = 0
    /// Carries parts of the running operation's content through the operations after it.
    var parts: ContentPartRunner?

    /// True while steps are queued or one runs.
    var isRunning: Bool { !queue.isEmpty }
}
