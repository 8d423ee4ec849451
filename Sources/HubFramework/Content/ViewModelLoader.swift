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
///
/// The loader coordinates a few parts: one `ContentChainLink` per operation (what it kept of the
/// operation's latest execution), the `ContentChainRun` under way, the `ConnectivityWatch`, the
/// `ViewModelBuilderSource` and the `BackgroundViewModelBuild` of a large view.
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
    /// The limits the chain reads documents within, which the view evaluates their expressions and
    /// runs their actions within too: the manager's (``HubManager/Configuration/contentLimits``)
    /// for a loader from ``ViewModelLoaderFactory``, the defaults for one made directly.
    package var contentLimits: ContentLimits { builders.limits }
    /// What the client the view is shown in can show: its builders read documents for it, and the
    /// requests its document sends name it. The app's for a loader from ``ViewModelLoaderFactory``
    /// (in a HubGTK app), nil for one made directly.
    package var clientCapabilities: ClientCapabilities? { builders.clientCapabilities }

    /// Records the limits and the client the view's documents are read within and for, which the
    /// view reads back (``contentLimits``, ``clientCapabilities``). It changes no reading: the
    /// factory gives the same values to the chain's operations and to the builders it makes, and
    /// then says them here once.
    package func readDocuments(within limits: ContentLimits, for client: ClientCapabilities?) {
        builders.limits = limits
        builders.clientCapabilities = client
    }

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
    public var isLoading: Bool { run.isRunning || background.isPending }

    /// Views with more body components than this are built into a view model on a background
    /// thread and delivered when done; smaller ones are built at once, so a synchronous chain still
    /// delivers before ``loadViewModel()`` returns. Building takes about a microsecond per
    /// component, so below this the main loop is held for a few milliseconds at most.
    public nonisolated static let backgroundBuildThreshold = 4_000

    /// The connectivity state the operations currently receive.
    public var connectivityState: ConnectivityState { connectivity.state }

    /// The last view model delivered by a completed chain.
    public private(set) var previouslyLoadedViewModel: ViewModel?

    /// How many pages have been appended after the main content.
    public var pageIndex: Int { run.pageIndex }

    private var links: [ContentChainLink]
    private let builders: ViewModelBuilderSource
    private let reloadPolicy: (any ContentReloadPolicy)?
    private let connectivity: ConnectivityWatch
    private var run = ContentChainRun()
    private let background = BackgroundViewModelBuild()

    /// The chain's operations, in order.
    private var operations: [any ContentOperation] { links.map(\.operation) }
    /// The URL of the document the chain reads, the first an operation declares
    /// (``DocumentURLDeclaring``): what the document's own requests resolve against.
    package var documentURL: URL? { declaredDocumentURL(by: operations, forViewURI: viewURI) }
    /// A fresh, empty builder with the feature's JSON schema: what a document a request's answer
    /// sends is read into.
    package func makeBuilder() -> ViewModelBuilder { builders.makeBuilder() }
    /// Whether an operation appends pages.
    private var supportsPagination: Bool { links.contains { $0.operation is any ContentOperationWithPaginatedContent } }

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
        links = operations.map(ContentChainLink.init)
        builders = ViewModelBuilderSource(make: makeBuilder, initialViewModel: initialViewModel)
        self.reloadPolicy = reloadPolicy
        connectivity = ConnectivityWatch(resolver: connectivityStateResolver)
    }

    // Not an `isolated deinit`: with this toolchain, optimized builds of the loader's isolated deinit
    // freed a stored property twice (a double free when a view holding a large, snapshotted view
    // model went away). Nothing here must happen for correctness: an execution only holds the loader
    // weakly and the resolver's observer list is weak, so the work is done when the loader goes away
    // on the main thread, as it does in the view controller, and skipped otherwise.
    nonisolated deinit {
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated {
            run.currentExecution?.invalidate()
            connectivity.stopObserving(self)
        }
    }

    // MARK: Initial content

    /// Content to show before the chain has loaded: the injected initial view model if there is
    /// one, otherwise what the operations add as initial content (computed once).
    public var initialViewModel: ViewModel {
        builders.initialViewModel(forViewURI: viewURI, operations: operations)
    }

    // MARK: Entry points

    /// Loads the view's content, unless it was loaded before and the reload policy says no.
    public func loadViewModel() {
        let connectivityChanged = connectivity.refresh()
        connectivity.observe(with: self)
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
        run.parts?.cancel()
        run.parts = nil
        background.cancel()
        run.handedOnBuilder = nil
        run.queue.removeAll()
        if let execution = run.currentExecution {
            execution.invalidate()
            run.currentExecution = nil
            links[execution.index].operation.cancel()
        }
    }

    /// Forgets everything loaded so far (the last view model, the builders kept for rescheduling and
    /// pages, the cached initial content), after cancelling what runs: the memory goes, and the next
    /// ``loadViewModel()`` loads afresh whatever the reload policy says. For views that are off
    /// screen and may not be shown again soon (see `Navigator.offScreenComponentBudget` in HubApp).
    public func discardContent() {
        cancel()
        previouslyLoadedViewModel = nil
        builders.forgetInitialViewModel()
        run.currentBuilder = nil
        for index in links.indices { links[index].forgetOutput() }
        run.pageIndex = 0
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
        guard connectivity.refresh() else { return }
        connectivityDidChange()
    }

    /// Shows the initial content and runs the chain again with the new state.
    private func connectivityDidChange() {
        delegate?.viewModelLoader(self, didLoad: initialViewModel)
        startMainRun()
    }

    // MARK: The queue

    /// A full run from the first operation supersedes anything queued or running: a reload must
    /// never wait behind an operation that may never finish.
    private func startMainRun() {
        if run.isRunning || background.isPending { cancel() }
        schedule(from: 0, mode: .main)
    }

    private func schedule(from start: Int, mode: ContentChainRun.Mode) {
        guard links.indices.contains(start) else { return }
        let wasEmpty = run.queue.isEmpty
        for index in start..<links.count { run.queue.append(.init(index: index, mode: mode)) }
        if wasEmpty { performHead() }
    }

    func reschedule(from index: Int) {
        // Only an operation that has run can ask to run again.
        guard links.indices.contains(index), links[index].latestExecution != nil else { return }
        // An operation that said it never reschedules got no copy of its input; if it asks
        // anyway, the whole chain runs again rather than this operation starting from nothing.
        if index > 0 && links[index - 1].output == nil {
            schedule(from: 0, mode: .main)
            return
        }
        schedule(from: index, mode: .main)
    }

    private func performHead() {
        guard let step = run.queue.first else {
            queueDidBecomeEmpty()
            return
        }
        let index = step.index
        let builder: ViewModelBuilder
        if index == 0 {
            if step.mode == .main {
                builder = builders.makeBuilder()
                // A run from a fresh builder drops the appended pages, so page counting restarts
                // with it: after a reload (or a reschedule of the first operation) the next page
                // is page 1 again (see docs/content-loading.md).
                run.pageIndex = 0
            } else {
                builder = links[links.count - 1].output?.snapshot() ?? builders.makeBuilder()
            }
        } else if let output = links[index - 1].output {
            builder = output.snapshot()
        } else {
            // No copy was kept (nothing at or after this operation may reschedule): the
            // previous operation's builder is handed on as it is.
            builder = run.handedOnBuilder ?? builders.makeBuilder()
        }
        run.handedOnBuilder = nil
        let previousError: (any Error)?
        switch step.mode {
        case .main: previousError = index == 0 ? nil : links[index - 1].error
        // In pagination mode an operation sees the error it last failed with itself.
        case .pagination: previousError = links[index].error
        }
        var page: Int?
        if step.mode == .pagination {
            if index == 0 { run.pageIndex += 1 }
            page = run.pageIndex
        }
        run.currentBuilder = builder

        let execution = ContentOperationExecution(loader: self, index: index)
        run.currentExecution = execution
        links[index].latestExecution = execution
        let operation = links[index].operation
        operation.delegate = execution

        if let page {
            if let paginated = operation as? any ContentOperationWithPaginatedContent {
                paginated.appendContent(forPageIndex: page, to: builder, viewURI: viewURI, featureInfo: featureInfo,
                                        connectivityState: connectivityState, previousError: previousError)
            } else {
                // Operations without pages pass straight through, keeping their error. Nobody
                // else holds the builder, so it can be the copy as it is (unless it is the
                // last one, which gets the default title when the run completes).
                executionDidFinish(execution, error: previousError, builderIsPrivate: index < links.count - 1)
            }
        } else {
            operation.perform(forViewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
                              viewModelBuilder: builder, previousError: previousError)
        }
    }

    func executionDidAddPart(_ execution: ContentOperationExecution, builder: ViewModelBuilder) {
        // Parts are for a view that has nothing to show yet: a reload keeps showing the whole content
        // it had until the new whole arrives (a part would cut the view short under the reader's
        // eyes), and a page is appended to content already shown.
        guard execution === run.currentExecution, execution.isValid, run.queue.first?.mode == .main,
            previouslyLoadedViewModel == nil
        else { return }
        if run.parts == nil {
            run.parts = ContentPartRunner(operations: operations, viewURI: viewURI, featureInfo: featureInfo,
                deliver: { [weak self] viewModel in
                    guard let self else { return }
                    self.delegate?.viewModelLoader(self, didLoadPart: viewModel)
                },
                reschedule: { [weak self] index in self?.reschedule(from: index) })
        }
        run.parts?.add(builder, after: execution.index, connectivityState: connectivityState)
    }

    func executionDidFinish(_ execution: ContentOperationExecution, error: (any Error)?, builderIsPrivate: Bool = false) {
        guard execution === run.currentExecution, execution.isValid else { return }
        execution.invalidate()
        if let parts = run.parts {
            // The operations after this one may be busy with a part: the chain goes on once they
            // are done with it (an operation is never given two builders at once). No later part
            // is shown: the whole content is on its way. (The runner stays until then: the operation's
            // report reaches it through a weak reference.)
            parts.finish { [weak self, execution] in
                guard let self else { return }
                self.run.parts = nil
                self.continueAfter(execution, error: error, builderIsPrivate: builderIsPrivate)
            }
            return
        }
        continueAfter(execution, error: error, builderIsPrivate: builderIsPrivate)
    }

    private func continueAfter(_ execution: ContentOperationExecution, error: (any Error)?, builderIsPrivate: Bool) {
        guard execution === run.currentExecution else { return }
        run.currentExecution = nil
        run.queue.removeFirst()
        let index = execution.index
        if index == links.count - 1 && !supportsPagination {
            // Only a page run starts from the last operation's output; without pages nothing
            // ever reads this copy, so the (large) copy is skipped.
            links[index].output = nil
        } else if index < links.count - 1 && !outputIsNeeded(after: index) {
            // Nothing after this operation may reschedule, so nobody will start from its output
            // again: the next operation gets the builder itself and no copy is kept.
            links[index].output = nil
            run.handedOnBuilder = run.currentBuilder
        } else {
            // The copy: the operation may still hold its builder (and change it after reporting),
            // and the loader sets the default title on the last builder. Later operations and
            // reschedules get copies of the copy, so it stays as the operation left it. The copies
            // share the component builders until one is asked for (`ViewModelBuilder.snapshot()`),
            // so a large view is not copied for every operation.
            links[index].output = builderIsPrivate ? run.currentBuilder : run.currentBuilder?.snapshot()
        }
        links[index].error = error
        performHead()
    }

    /// Whether a later run may start from the output of the operation at `index`: when one of the
    /// operations after it may ask to run again (it would start from this output), or when it is
    /// the last one and pages are appended to its output.
    private func outputIsNeeded(after index: Int) -> Bool {
        if index == links.count - 1 { return supportsPagination }
        return links[(index + 1)...].contains { $0.operation.mayRequestRescheduling } || supportsPagination
    }

    private func queueDidBecomeEmpty() {
        if let error = links[links.count - 1].error {
            delegate?.viewModelLoader(self, didFailLoadingWithError: error)
            return
        }
        guard let builder = run.currentBuilder else { return }
        Self.giveDefaultTitle(to: builder, of: featureInfo)
        // The builder is not needed once built (a later run starts from a fresh builder or from a
        // copy): letting it go here frees a large view's builders as soon as its models exist.
        run.currentBuilder = nil
        guard builder.numberOfBodyComponentModelBuilders > Self.backgroundBuildThreshold else {
            background.cancel()
            deliver(builder.build())
            return
        }
        // A large view: build it where it cannot hold up the window.
        background.start(builder) { [weak self] viewModel in self?.deliver(viewModel) }
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
