import Foundation

/// Carries parts of the running operation's content through the operations after it, and hands
/// each part that gets through to the view as a view model (`ViewModelLoaderDelegate`'s
/// `viewModelLoader(_:didLoadPart:)`). The loader makes one for each main run that reports a part.
///
/// The rules (docs/content-loading.md, "Parts"):
/// * A part goes through every operation after the one that reported it, in chain order, each
///   performing on the part's builder exactly as it would on the whole content; what the last one
///   leaves is built and shown. So a later operation sees every part, then the whole.
/// * One part at a time: a part that arrives while another is on its way waits, and only the
///   latest waiting part goes next (a view only needs the newest one).
/// * Errors travel with a part as they do in a run: an operation that fails on a part passes its
///   error to the next one as `previousError`, and the part is shown unless the last operation
///   fails on it.
/// * When the reporting operation finishes, parts stop: the operation busy with a part is let finish
///   it (an operation is never given two builders at once), nothing more of it is shown, and the
///   chain goes on with the whole content.
@MainActor
final class ContentPartRunner {
    private let operations: [any ContentOperation]
    private let viewURI: URL
    private let featureInfo: FeatureInfo
    private let deliver: @MainActor (ViewModel) -> Void
    private let reschedule: @MainActor (Int) -> Void
    /// The execution of the operation busy with a part.
    private var current: PartExecution?
    /// The latest part that arrived while another was on its way.
    private var waiting: (builder: ViewModelBuilder, index: Int, connectivityState: ConnectivityState)?
    /// Set by `finish(then:)`: no part is started or shown any more.
    private var isFinishing = false
    /// What to do once the operation busy with a part is done, after `finish(then:)`.
    private var continuation: (@MainActor () -> Void)?
    /// The background build of a large part, dropped when a newer part or the whole arrives.
    private var pendingBuild: PendingPartBuild?

    /// - Parameters:
    ///   - deliver: shows a part's view model.
    ///   - reschedule: passes on a request to run again made by an operation while it worked on a part.
    init(operations: [any ContentOperation], viewURI: URL, featureInfo: FeatureInfo,
         deliver: @escaping @MainActor (ViewModel) -> Void, reschedule: @escaping @MainActor (Int) -> Void)
    {
        self.operations = operations
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.deliver = deliver
        self.reschedule = reschedule
    }

    /// A part reported by the operation at `index`: it goes on its way, or waits for the one on its way.
    func add(_ builder: ViewModelBuilder, after index: Int, connectivityState: ConnectivityState) {
        guard !isFinishing else { return }
        if current != nil {
            waiting = (builder, index, connectivityState)
            return
        }
        perform(builder, at: index + 1, previousError: nil, connectivityState: connectivityState)
    }

    /// The reporting operation has finished: shows no more parts and calls `continuation` once no
    /// operation works on a part (at once when none does).
    func finish(then continuation: @escaping @MainActor () -> Void) {
        isFinishing = true
        waiting = nil
        pendingBuild = nil
        if current == nil {
            continuation()
        } else {
            self.continuation = continuation
        }
    }

    /// The run was abandoned: stops the operation busy with a part, and forgets everything.
    func cancel() {
        isFinishing = true
        waiting = nil
        continuation = nil
        pendingBuild = nil
        if let current {
            self.current = nil
            end(current)
            operations[current.index].cancel()
        }
    }

    /// Gives the operation back the delegate of its last run, so that it can still ask to run again.
    private func end(_ execution: PartExecution) {
        execution.invalidate()
        operations[execution.index].delegate = execution.restoredDelegate
    }

    // MARK: On its way

    private func perform(_ builder: ViewModelBuilder, at index: Int, previousError: (any Error)?,
                         connectivityState: ConnectivityState)
    {
        guard index < operations.count else {
            current = nil
            if previousError == nil { show(builder) }
            startWaitingPart()
            return
        }
        let operation = operations[index]
        let execution = PartExecution(runner: self, builder: builder, index: index, connectivityState: connectivityState,
                                      restoring: operation.delegate)
        current = execution
        operation.delegate = execution
        operation.perform(forViewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
                          viewModelBuilder: builder, previousError: previousError)
    }

    fileprivate func executionDidFinish(_ execution: PartExecution, error: (any Error)?) {
        guard execution === current, execution.isValid else { return }
        end(execution)
        if isFinishing {
            current = nil
            let continuation = self.continuation
            self.continuation = nil
            continuation?()
            return
        }
        perform(execution.builder, at: execution.index + 1, previousError: error,
                connectivityState: execution.connectivityState)
    }

    fileprivate func executionRequiresRescheduling(_ execution: PartExecution) {
        reschedule(execution.index)
    }

    private func startWaitingPart() {
        guard let waiting, !isFinishing else { return }
        self.waiting = nil
        perform(waiting.builder, at: waiting.index + 1, previousError: nil, connectivityState: waiting.connectivityState)
    }

    /// Builds the part (a large one on another thread, as the loader builds a large view) and shows it.
    private func show(_ builder: ViewModelBuilder) {
        guard !isFinishing else { return }
        ViewModelLoader.giveDefaultTitle(to: builder, of: featureInfo)
        guard builder.numberOfBodyComponentModelBuilders > ViewModelLoader.backgroundBuildThreshold else {
            pendingBuild = nil
            deliver(builder.build())
            return
        }
        let build = PendingPartBuild(builder)
        pendingBuild = build
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let viewModel = build.build()
            MainThread.perform {
                guard let self, self.pendingBuild === build, !self.isFinishing else { return }
                self.pendingBuild = nil
                self.deliver(viewModel)
            }
        }
    }
}

/// One large part being built on another thread (compared by identity).
private final class PendingPartBuild: @unchecked Sendable {
    private let builder: ViewModelBuilder

    init(_ builder: ViewModelBuilder) {
        self.builder = builder
    }

    func build() -> ViewModel { builder.build() }
}

/// The delegate an operation gets while it works on a part (``ContentExecution``); parts it reports
/// itself are dropped (a part of a part is not shown).
/// `@unchecked`: `runner` is only dereferenced on the main thread.
private final class PartExecution: ContentExecution, @unchecked Sendable {
    private weak var runner: ContentPartRunner?
    let builder: ViewModelBuilder
    let index: Int
    let connectivityState: ConnectivityState
    /// The operation's delegate before the part (its last run's, which the loader keeps alive).
    private(set) weak var restoredDelegate: (any ContentOperationDelegate)?
    let validity = ExecutionValidity()

    init(runner: ContentPartRunner, builder: ViewModelBuilder, index: Int, connectivityState: ConnectivityState,
         restoring delegate: (any ContentOperationDelegate)?)
    {
        self.runner = runner
        self.builder = builder
        self.index = index
        self.connectivityState = connectivityState
        restoredDelegate = delegate
    }

    @MainActor func executionDidFinish(error: (any Error)?) {
        runner?.executionDidFinish(self, error: error)
    }

    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {
        MainThread.perform { [self] in runner?.executionRequiresRescheduling(self) }
    }
}
