import Foundation

/// Receives what a `ViewModelLoader` produces, always on the main thread.
@MainActor
public protocol ViewModelLoaderDelegate: AnyObject {
    /// A new view model is ready. Called once per completed run of the chain (and with the
    /// initial view model when connectivity changes).
    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel)
    /// The last operation of the chain failed; the view keeps its previous content.
    func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error)
    /// Part of the content, while the chain still loads the rest (the first components of a long
    /// document). `didLoad` follows with the whole content, or `didFailLoadingWithError` when the
    /// rest fails: then the part was never the view's content, and the view shows what it showed
    /// before the part.
    func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel)
}

extension ViewModelLoaderDelegate {
    /// Ignores the part: the view waits for the whole content.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel) {}
}

/// Runs a view's content loading chain.
///
/// The operations run one at a time, in order. Each gets its own copy of the builder the previous
/// operation finished with (the first gets a fresh builder), so an operation that is rescheduled
/// always starts from its predecessor's output and can simply add its content again. When the last
/// operation finishes, the builder is built into a view model and handed to the delegate.
///
/// Operations may report from any thread; the loader hops to the main thread and serialises
/// everything there. A report from the main thread is handled synchronously, so a chain of
/// synchronous operations delivers its view model before `loadViewModel()` returns.
@MainActor
public final class ViewModelLoader: ConnectivityStateResolverObserver {
    /// Receives the view models and failures, on the main thread. Held weakly; the view
    /// controller sets itself when it is created.
    public weak var delegate: (any ViewModelLoaderDelegate)?

    /// The URI whose content the chain loads; passed to every operation.
    public let viewURI: URL
    /// The feature the view belongs to; passed to every operation, and its title becomes the
    /// navigation title when no operation sets one and there is no header.
    public let featureInfo: FeatureInfo

    /// Set by the view controller; forwarded to operations that perform actions.
    public weak var actionPerformer: (any ActionPerformer)? {
        didSet {
            for case let operation as any ContentOperationActionPerformer in operations {
                operation.actionPerformer = actionPerformer
            }
        }
    }

    /// The origin of the view the loader loads for (set by the view controller, `.local` until then);
    /// forwarded to operations that open URLs for the view (``ContentOperationRestrictedByOrigin``),
    /// which refuse what it may not reach.
    public var contentOrigin: ContentOrigin = .local {
        didSet {
            for case let operation as any ContentOperationRestrictedByOrigin in operations {
                operation.viewContentOrigin = contentOrigin
            }
        }
    }

    /// True while operations are queued or running, or a large view model is being built.
    public var isLoading: Bool { !queue.isEmpty || pendingBuild != nil }

    /// Views with more body components than this are built into a view model on a background
    /// thread and delivered when done; smaller ones are built at once, so a synchronous chain still
    /// delivers before ``loadViewModel()`` returns. Building takes about a microsecond per
    /// component, so below this the main loop is held for a few milliseconds at most.
    public nonisolated static let backgroundBuildThreshold = 4_000

    /// The connectivity state the operations currently receive.
    public private(set) var connectivityState: ConnectivityState

    /// The last view model delivered by a completed chain.
    public private(set) var previouslyLoadedViewModel: ViewModel?

    /// How many pages have been appended after the main content.
    public private(set) var pageIndex = 0

    private enum Mode { case main, pagination }
    private struct Step { let index: Int; let mode: Mode }

    private let operations: [any ContentOperation]
    private let makeBuilder: @MainActor () -> ViewModelBuilder
    private let reloadPolicy: (any ContentReloadPolicy)?
    private let connectivityResolver: any ConnectivityStateResolver
    private let injectedInitialViewModel: ViewModel?
    private var cachedInitialViewModel: ViewModel?

    private var queue: [Step] = []
    private var builderSnapshots: [ViewModelBuilder?]
    private var errorSnapshots: [(any Error)?]
    private var currentBuilder: ViewModelBuilder?
    /// The builder a finished operation hands on to the next when no snapshot of it is kept.
    private var handedOnBuilder: ViewModelBuilder?
    private var currentExecution: Execution?
    /// The delegate of each operation's latest execution. Kept alive here so that an operation
    /// holding its delegate weakly can still reschedule itself after it finished.
    private var latestExecutions: [Execution?]
    private var isObservingConnectivity = false
    /// The background build whose view model will be delivered; a newer run or `cancel()` replaces
    /// or clears it, and a build that is no longer pending is dropped when it finishes.
    private var pendingBuild: PendingBuild?
    private let supportsPagination: Bool
    /// Carries parts of the running operation's content through the operations after it.
    private var parts: ContentPartRunner?

    /// Creates a loader. Apps get theirs from ``ViewModelLoaderFactory``, which assembles the
    /// chain from the feature's factories; create one directly to run operations in a test.
    ///
    /// - Parameters:
    ///   - viewURI: the view whose content the chain loads.
    ///   - featureInfo: the feature the view belongs to.
    ///   - operations: the chain, in order; must not be empty.
    ///   - makeBuilder: creates a fresh, empty builder configured with the feature's JSON schema.
    ///   - reloadPolicy: decides whether a view that reappears loads again; nil always reloads.
    ///   - connectivityStateResolver: tells the operations whether the app is online; the loader
    ///     observes it from its first ``loadViewModel()`` on and reloads when the state changes.
    ///   - initialViewModel: shown before the chain loads instead of the operations' initial content
    ///     (a selected component's target can supply one).
    /// - Throws: ``RegistrationError`` when `operations` is empty.
    public init(viewURI: URL, featureInfo: FeatureInfo, operations: [any ContentOperation],
                makeBuilder: @escaping @MainActor () -> ViewModelBuilder,
                reloadPolicy: (any ContentReloadPolicy)? = nil,
                connectivityStateResolver: any ConnectivityStateResolver,
                initialViewModel: ViewModel? = nil) throws
    {
        guard !operations.isEmpty else {
            throw RegistrationError(kind: "content loading chain", identifier: featureInfo.identifier,
                                    reason: .invalid("the feature's factories created no content operations"))
        }
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.operations = operations
        self.makeBuilder = makeBuilder
        self.reloadPolicy = reloadPolicy
        self.connectivityResolver = connectivityStateResolver
        self.injectedInitialViewModel = initialViewModel
        connectivityState = connectivityStateResolver.resolveConnectivityState()
        builderSnapshots = Array(repeating: nil, count: operations.count)
        errorSnapshots = Array(repeating: nil, count: operations.count)
        latestExecutions = Array(repeating: nil, count: operations.count)
        supportsPagination = operations.contains { $0 is any ContentOperationWithPaginatedContent }
    }

    // Not an `isolated deinit`: with this toolchain, optimized builds of the loader's isolated deinit
    // freed a stored property twice (a double free when a view holding a large, snapshotted view
    // model went away). Nothing here must happen for correctness: an execution only holds the loader
    // weakly and the resolver's observer list is weak, so the work is done when the loader goes away
    // on the main thread, as it does in the view controller, and skipped otherwise.
    nonisolated deinit {
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated {
            currentExecution?.invalidate()
            if isObservingConnectivity { connectivityResolver.removeObserver(self) }
        }
    }

    // MARK: Initial content

    /// Content to show before the chain has loaded: the injected initial view model if there is
    /// one, otherwise what the operations add as initial content (computed once).
    public var initialViewModel: ViewModel {
        if let injectedInitialViewModel { return injectedInitialViewModel }
        if let cachedInitialViewModel { return cachedInitialViewModel }
        let builder = makeBuilder()
        for case let operation as any ContentOperationWithInitialContent in operations {
            operation.addInitialContent(forViewURI: viewURI, to: builder)
        }
        let viewModel = builder.build()
        cachedInitialViewModel = viewModel
        return viewModel
    }

    // MARK: Entry points

    /// Loads the view's content, unless it was loaded before and the reload policy says no.
    public func loadViewModel() {
        let connectivityChanged = resolveConnectivityState()
        if !isObservingConnectivity {
            isObservingConnectivity = true
            connectivityResolver.addObserver(self)
        }
        if connectivityChanged {
            // Same as a change reported by the resolver: show the initial content and run the
            // chain, whatever the reload policy says. One run is enough; the original ran the
            // chain a second time right after (see docs/content-loading.md).
            connectivityDidChange()
            return
        }
        if let reloadPolicy, let previous = previouslyLoadedViewModel,
            !reloadPolicy.shouldReloadContent(forViewURI: viewURI, currentViewModel: previous)
        {
            return
        }
        startMainRun()
    }

    /// Loads the content again, whatever the reload policy says.
    public func reloadViewModel() {
        startMainRun()
    }

    /// Appends the next page, when content was loaded and an operation supports pagination.
    public func loadNextPage() {
        guard previouslyLoadedViewModel != nil, supportsPagination else { return }
        schedule(from: 0, mode: .pagination)
    }

    /// Abandons whatever is queued or running (for example because the view went away). A late
    /// report from the running operation is ignored; the operation is asked to `cancel()`.
    public func cancel() {
        parts?.cancel()
        parts = nil
        pendingBuild = nil
        handedOnBuilder = nil
        queue.removeAll()
        if let execution = currentExecution {
            execution.invalidate()
            currentExecution = nil
            operations[execution.index].cancel()
        }
    }

    /// Forgets everything loaded so far (the last view model, the builders kept for rescheduling and
    /// pages, the cached initial content), after cancelling what runs: the memory goes, and the next
    /// ``loadViewModel()`` loads afresh whatever the reload policy says. For views that are off
    /// screen and may not be shown again soon (see `Navigator.offScreenComponentBudget` in HubApp).
    public func discardContent() {
        cancel()
        previouslyLoadedViewModel = nil
        cachedInitialViewModel = nil
        currentBuilder = nil
        builderSnapshots = Array(repeating: nil, count: operations.count)
        errorSnapshots = Array(repeating: nil, count: operations.count)
        pageIndex = 0
    }

    /// Tells every action-observing operation about an action performed in the view.
    public func actionPerformed(with context: ActionContext) {
        for case let operation as any ContentOperationActionObserver in operations {
            operation.actionPerformed(with: context, featureInfo: featureInfo, connectivityState: connectivityState)
        }
    }

    // MARK: Connectivity

    /// Re-reads the state; on a real change, delivers the initial view model and runs the whole
    /// chain again, whatever the reload policy says. Notifications without a change are ignored.
    public func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver) {
        guard resolveConnectivityState() else { return }
        connectivityDidChange()
    }

    /// Shows the initial content and runs the chain again with the new state.
    private func connectivityDidChange() {
        delegate?.viewModelLoader(self, didLoad: initialViewModel)
        startMainRun()
    }

    /// Asks the resolver for the state; true when it differs from the one the operations got so far.
    private func resolveConnectivityState() -> Bool {
        let old = connectivityState
        connectivityState = connectivityResolver.resolveConnectivityState()
        return connectivityState != old
    }

    // MARK: The queue

    /// A full run from the first operation supersedes anything queued or running: a reload must
    /// never wait behind an operation that may never finish.
    private func startMainRun() {
        if !queue.isEmpty || pendingBuild != nil { cancel() }
        schedule(from: 0, mode: .main)
    }

    private func schedule(from start: Int, mode: Mode) {
        guard operations.indices.contains(start) else { return }
        let wasEmpty = queue.isEmpty
        for index in start..<operations.count { queue.append(Step(index: index, mode: mode)) }
        if wasEmpty { performHead() }
    }

    fileprivate func reschedule(from index: Int) {
        // Only an operation that has run can ask to run again.
        guard latestExecutions.indices.contains(index), latestExecutions[index] != nil else { return }
        // An operation that said it never reschedules got no snapshot of its input; if it asks
        // anyway, the whole chain runs again rather than this operation starting from nothing.
        if index > 0 && builderSnapshots[index - 1] == nil {
            schedule(from: 0, mode: .main)
            return
        }
        schedule(from: index, mode: .main)
    }

    private func performHead() {
        guard let step = queue.first else {
            queueDidBecomeEmpty()
            return
        }
        let index = step.index
        let builder: ViewModelBuilder
        if index == 0 {
            if step.mode == .main {
                builder = makeBuilder()
                // A run from a fresh builder drops the appended pages, so page counting restarts
                // with it: after a reload (or a reschedule of the first operation) the next page
                // is page 1 again (see docs/content-loading.md).
                pageIndex = 0
            } else {
                builder = builderSnapshots[operations.count - 1]?.snapshot() ?? makeBuilder()
            }
        } else if let snapshot = builderSnapshots[index - 1] {
            builder = snapshot.snapshot()
        } else {
            // No snapshot was kept (nothing at or after this operation may reschedule): the
            // previous operation's builder is handed on as it is.
            builder = handedOnBuilder ?? makeBuilder()
        }
        handedOnBuilder = nil
        let previousError: (any Error)?
        switch step.mode {
        case .main: previousError = index == 0 ? nil : errorSnapshots[index - 1]
        // In pagination mode an operation sees the error it last failed with itself.
        case .pagination: previousError = errorSnapshots[index]
        }
        var page: Int?
        if step.mode == .pagination {
            if index == 0 { pageIndex += 1 }
            page = pageIndex
        }
        currentBuilder = builder

        let execution = Execution(loader: self, index: index)
        currentExecution = execution
        latestExecutions[index] = execution
        let operation = operations[index]
        operation.delegate = execution

        if let page {
            if let paginated = operation as? any ContentOperationWithPaginatedContent {
                paginated.appendContent(forPageIndex: page, to: builder, viewURI: viewURI, featureInfo: featureInfo,
                                        connectivityState: connectivityState, previousError: previousError)
            } else {
                // Operations without pages pass straight through, keeping their error. Nobody
                // else holds the builder, so it can be the snapshot as it is (unless it is the
                // last one, which gets the default title when the run completes).
                executionDidFinish(execution, error: previousError, builderIsPrivate: index < operations.count - 1)
            }
        } else {
            operation.perform(forViewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
                              viewModelBuilder: builder, previousError: previousError)
        }
    }

    fileprivate func executionDidAddPart(_ execution: Execution, builder: ViewModelBuilder) {
        // Parts are for a view that has nothing to show yet: a reload keeps showing the whole content
        // it had until the new whole arrives (a part would cut the view short under the reader's
        // eyes), and a page is appended to content already shown.
        guard execution === currentExecution, execution.isValid, queue.first?.mode == .main,
            previouslyLoadedViewModel == nil
        else { return }
        if parts == nil {
            parts = ContentPartRunner(operations: operations, viewURI: viewURI, featureInfo: featureInfo,
                deliver: { [weak self] viewModel in
                    guard let self else { return }
                    self.delegate?.viewModelLoader(self, didLoadPart: viewModel)
                },
                reschedule: { [weak self] index in self?.reschedule(from: index) })
        }
        parts?.add(builder, after: execution.index, connectivityState: connectivityState)
    }

    fileprivate func executionDidFinish(_ execution: Execution, error: (any Error)?, builderIsPrivate: Bool = false) {
        guard execution === currentExecution, execution.isValid else { return }
        execution.invalidate()
        if let parts {
            // The operations after this one may be busy with a part: the chain goes on once they
            // are done with it (an operation is never given two builders at once). No later part
            // is shown: the whole content is on its way. (The runner stays until then: the operation's
            // report reaches it through a weak reference.)
            parts.finish { [weak self, execution] in
                guard let self else { return }
                self.parts = nil
                self.continueAfter(execution, error: error, builderIsPrivate: builderIsPrivate)
            }
            return
        }
        continueAfter(execution, error: error, builderIsPrivate: builderIsPrivate)
    }

    private func continueAfter(_ execution: Execution, error: (any Error)?, builderIsPrivate: Bool) {
        guard execution === currentExecution else { return }
        currentExecution = nil
        queue.removeFirst()
        let index = execution.index
        if index == operations.count - 1 && !supportsPagination {
            // Only a page run starts from the last operation's output; without pages nothing
            // ever reads this snapshot, so the (large) copy is skipped.
            builderSnapshots[index] = nil
        } else if index < operations.count - 1 && !snapshotIsNeeded(after: index) {
            // Nothing after this operation may reschedule, so nobody will start from its output
            // again: the next operation gets the builder itself and no copy is kept.
            builderSnapshots[index] = nil
            handedOnBuilder = currentBuilder
        } else {
            // The snapshot is a copy: the operation may still hold its builder (and change it
            // after reporting), and the loader sets the default title on the last builder. Later
            // operations and reschedules get copies of the snapshot, so it stays as the operation
            // left it. The copies share the component builders until one is asked for
            // (`ViewModelBuilder.snapshot()`), so a large view is not copied for every operation.
            builderSnapshots[index] = builderIsPrivate ? currentBuilder : currentBuilder?.snapshot()
        }
        errorSnapshots[index] = error
        performHead()
    }

    /// Whether a later run may start from the output of the operation at `index`: when one of the
    /// operations after it may ask to run again (it would start from this output), or when it is
    /// the last one and pages are appended to its output.
    private func snapshotIsNeeded(after index: Int) -> Bool {
        if index == operations.count - 1 { return supportsPagination }
        return operations[(index + 1)...].contains { $0.mayRequestRescheduling } || supportsPagination
    }

    private func queueDidBecomeEmpty() {
        if let error = errorSnapshots[operations.count - 1] {
            delegate?.viewModelLoader(self, didFailLoadingWithError: error)
            return
        }
        guard let builder = currentBuilder else { return }
        Self.giveDefaultTitle(to: builder, of: featureInfo)
        // The builder is not needed once built (a later run starts from a fresh builder or from a
        // snapshot): letting it go here frees a large view's builders as soon as its models exist.
        currentBuilder = nil
        guard builder.numberOfBodyComponentModelBuilders > Self.backgroundBuildThreshold else {
            pendingBuild = nil
            deliver(builder.build())
            return
        }
        // A large view: build it where it cannot hold up the window. Nothing changes the builder
        // meanwhile: a new run starts from a fresh builder or a snapshot (which copies a shared
        // component builder before changing it), so reading it from another thread is safe.
        let build = PendingBuild()
        pendingBuild = build
        let handoff = BuilderHandoff(builder)
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            // Taken out of the handoff, the builder goes at the end of this statement, on this
            // thread (the loader no longer holds it): what a large view's builders took goes back
            // to the system before the view model is shown.
            let viewModel = handoff.take().build()
            FreedMemory.returnToSystem()
            MainThread.perform {
                guard let self, self.pendingBuild === build else { return }
                self.pendingBuild = nil
                self.deliver(viewModel)
            }
        }
    }

    /// The feature's title becomes the navigation title when no operation set one and there is no
    /// header: for the whole content and for its parts alike.
    static func giveDefaultTitle(to builder: ViewModelBuilder, of featureInfo: FeatureInfo) {
        if !builder.headerComponentModelBuilderExists && builder.navigationBarTitle == nil {
            builder.navigationBarTitle = featureInfo.title
        }
    }

    private func deliver(_ viewModel: ViewModel) {
        previouslyLoadedViewModel = viewModel
        delegate?.viewModelLoader(self, didLoad: viewModel)
    }
}

/// Identifies one background build of a view model (compared by identity).
private final class PendingBuild: Sendable {}

/// Carries a builder to the thread that builds it, which takes it out so that it is freed there.
private final class BuilderHandoff: @unchecked Sendable {
    private var builder: ViewModelBuilder?
    init(_ builder: ViewModelBuilder) { self.builder = builder }
    func take() -> ViewModelBuilder {
        defer { builder = nil }
        return builder!
    }
}

/// The delegate an operation gets for one execution. Reports may arrive from any thread; they
/// hop to the main thread, where a report for an execution that is no longer current is ignored.
/// Rescheduling is accepted through any execution of the operation, at any later time.
private final class Execution: ContentOperationDelegate, @unchecked Sendable {
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
