import Foundation
import GtkKit
import HubFramework

/// Shows one view URI: runs its content loading chain and renders the resulting view models as
/// components, creating widgets only for what is visible and recycling the rest.
///
/// The body scrolls inside a `ScrollCanvas`; the header floats on top and does not scroll (the
/// body starts below its preferred height); overlays are centred on top of everything, stacked.
/// Each body component is placed at the frame the layout engine computed. While scrolling, widgets
/// that leave the visible area (plus `overscan`) go back to a reuse pool keyed by `namespace:name`
/// and are configured with the models that come into view.
///
/// The controller coordinates a team of small objects, each owning its state privately (one file
/// each), each made with what it needs to do its work (a narrow interface to the canvas, the shared
/// pool and cells, closures over the parts made before it) and none holding the controller or
/// another part. What follows a part's work the controller gives with the request that starts it:
/// a closure that cannot be kept for work done at once, a completion kept while work that ends later
/// runs (docs/architecture.md, "The view controller's parts"):
/// - `ContentLoading`: the loader as the view appears and disappears, and the status it computes
///   (spinner, empty, error) that the controller shows in a `StateView`;
/// - `ContentRenderer`: the view models (shown, last rendered) and their diff, large ones on a
///   background thread;
/// - `IncrementalLayout`: the layout, a screenful first and the rest a few milliseconds per
///   main-loop turn, and the scroll (`PendingScroll`) waiting for it;
/// - `BodyRecycler`: which body components have widgets, their placement; `HeaderAndOverlays`:
///   the header and the overlays, which do not scroll; both share the `ComponentReusePool` and the
///   `RootCells`;
/// - `Scrolling`: the scroll handler and where scrolling in code goes;
/// - `CellInput`: pointer and keyboard input on the cells, the highlight and the keyboard focus;
/// - `ActionRouter`: selections and actions, and what the content's origin may open;
/// - `ServerRequests`: what the document sent its server and waits for (busy components), held to
///   the content's origin and cancelled when the view is left; `ServerEvents`: the event stream the
///   document names, listened to while the view is shown; both read the `ServerAccess`;
/// - `ServerAnswers`: what the answers and events ask of the view (values, messages, a document),
///   and the patches they bring, applied in order off the main thread to the view's document
///   (`ViewPatches`);
/// - `ViewProblemLog`: what went wrong in the view's document, each line logged once;
/// - `ImpressionReporter`: which components with `logging` data have been seen;
/// - `ComponentImages`: the image loader and the content's origin it is given; nothing loads while
///   the view is away;
/// - `ComponentFinder`: Find in the view, the query that stands searched off the main thread in
///   each view model shown, and the component found that the view marks;
/// - `StatusOverlay`: the spinner, the empty state or the error page over the content.
///
/// The controller is the loader's delegate, the canvas's delegate, every wrapper's delegate and the
/// cells' input handler, and sequences what follows: `render(precomputedDiff:)` is the one place a
/// render is sequenced (diff → layout → offset → recycle → appear → state view), and the controller
/// is the only code that writes the canvas's content offset and height.
/// `ViewController+PublicAPI.swift` forwards the public API to the parts;
/// `ViewController+Inspection.swift` shows what they hold, for the package's tests and benchmarks.
@MainActor
public final class ViewController: ViewModelLoaderDelegate, ActionPerformer {
    /// What the controller shows, fixed at creation.
    private let identity: (viewURI: URL, featureInfo: FeatureInfo)
    /// The URI this controller shows.
    public var viewURI: URL { identity.viewURI }
    /// The feature that handles `viewURI` (its identifier and title).
    public var featureInfo: FeatureInfo { identity.featureInfo }
    /// The identifier of the feature that handles `viewURI`.
    public var featureIdentifier: String { featureInfo.identifier }
    /// Hears about content updates, rendering, component appearance, selection and actions.
    public weak var delegate: (any ViewControllerDelegate)?

    /// The view model rendered now (nil before the first content arrives).
    public var viewModel: ViewModel? { renderer.viewModel }
    /// The navigation item of the current view model (title, bar buttons).
    public var navigationItem: NavigationItem { renderer.navigationItem }

    /// The scrolling surface the body lives on. Only the controller moves its content offset and
    /// changes its content height; the parts get narrow interfaces to it (`CanvasSurfaces.swift`).
    package let canvas = ScrollCanvas()
    /// The root widget to put in a window or any container.
    public var view: Widget { canvas.view }

    /// Extra height above and below the visible area for which components are kept alive.
    public var overscan: Double {
        get { recycler.overscan }
        set { recycler.overscan = newValue }
    }

    /// Loads component images (set by the factory; nil shows only local images and placeholders).
    /// It is given the view's ``contentOrigin``.
    public var imageLoader: ComponentImageLoading? {
        get { images.loader }
        set { images.loader = newValue }
    }
    /// Where the view's content came from, set by whoever made the controller: the factory asks
    /// the feature's factories (see ``/HubFramework/ContentOriginDeclaring``), and a navigator that
    /// opens the view for another view's content combines it with that content's origin. Remote and
    /// live content may not open `file:` targets (ActionRouter.swift) or load `file:` images, and
    /// the view's loader may not read its document from a file
    /// (``/HubFramework/ContentOperationRestrictedByOrigin``).
    public var contentOrigin: ContentOrigin {
        get { images.contentOrigin }
        set {
            images.contentOrigin = newValue
            content.contentOrigin = newValue
            serverAccess.origin = newValue
        }
    }
    /// Where the document's own requests may go (its `request` and `submit` actions): the
    /// ``ViewControllerFactory`` sets the hub's ``/HubFramework/HubManager/serverRequestPolicy``.
    /// Only to the document's own origin by default.
    public var serverRequestPolicy: ServerRequestPolicy {
        get { serverAccess.policy }
        set { serverAccess.policy = newValue }
    }
    /// What the document may reach of its server, which `requests` and `events` read.
    private let serverAccess: ServerAccess

    // The team, and what two of its members share.
    let measurer: ComponentMeasurer
    let pool: ComponentReusePool
    let cells: RootCells
    let images = ComponentImages()
    let content: ContentLoading
    let renderer = ContentRenderer()
    let bodyLayout: IncrementalLayout
    let recycler: BodyRecycler
    let floating: HeaderAndOverlays
    let scrolling: Scrolling
    let input: CellInput
    let actions: ActionRouter
    let requests: ServerRequests
    let events: ServerEvents
    /// What the server's answers and events ask of the view, and the patches they bring.
    let answers: ServerAnswers
    /// The impression tracker, its timer and the on-screen monitor.
    let impressions: ImpressionReporter
    /// Find in the view.
    let finder = ComponentFinder()
    /// The spinner, the empty state or the error page over the content.
    let status: StatusOverlay
    /// Fills the overscan after the frame that first showed the view's components (`updateVisibleCells`).
    private var overscanFill: MainLoopTimer?
    /// The view's state applied to what the loader delivered.
    let stateApplication: StateApplication
    /// The limits the view's expressions are evaluated and its actions run within: its loader's.
    private let limits: ContentLimits
    /// What went wrong in the view's document, logged once.
    let problems: ViewProblemLog
    /// Follows the theme's colours, which `env.colorScheme` tells.
    private var themeObservation: ThemeAppearance.Observation?

    /// The values of the view's variables, which its document's expressions read and its actions and
    /// inputs change. The controller makes one; a navigator gives each page's controller the page's
    /// own, so that Back and Forward find it as it was. Setting another renders with it.
    public var state: ViewState {
        didSet {
            oldValue.onChange = nil
            bindState()
            // A new environment re-renders already.
            if !refreshEnvironment() { stateApplication.stateChanged(state, deliver: stateDelivery) }
        }
    }

    /// The direction components flow in along a row: the one set here, else the view model's own
    /// (a document's `direction`, for a view in a language other than the app's), else the view's
    /// text direction, which GTK takes from the locale (Hebrew and Arabic read right to left).
    /// Right to left, compact components fill rows from the right and margins swap sides; vertical
    /// positions, and so content offsets, do not change. Left and Right move the keyboard focus in
    /// the reading direction.
    public var layoutDirection: LayoutDirection {
        get { renderer.layoutDirection(viewDirection: view.textDirection) }
        set {
            let old = layoutDirection
            renderer.layoutDirectionOverride = newValue
            refreshEnvironment()
            // Every frame moves: the components on screen are placed again.
            guard newValue != old, bodyLayout.current != nil else { return }
            render()
        }
    }

    /// Hears when a component with `logging` data has been seen: at least ``impressionThresholds``'
    /// fraction of it visible for their duration, once per appearance. Nil (the default) tracks
    /// nothing. The ``ViewControllerFactory`` sets its own ``ViewControllerFactory/impressionObserver``
    /// on the controllers it makes. Held weakly.
    public var impressionObserver: (any ImpressionObserver)? {
        get { impressions.observer }
        set {
            impressions.listen(newValue) { [weak self] observer, impression in
                guard let self else { return }
                observer.viewController(self, didRecord: impression)
            }
            updateImpressions()
        }
    }
    /// When a component of this view counts as seen, unless its `logging` says otherwise (see
    /// ``/HubFramework/ImpressionThresholds/overridden(byLogging:)``): by default half of it for 800 ms.
    /// A change applies to appearances under way too.
    public var impressionThresholds: ImpressionThresholds {
        get { impressions.thresholds }
        set {
            impressions.thresholds = newValue
            updateImpressions()
        }
    }

    /// Creates a controller and its widget; nothing loads until ``viewWillAppear()``. Apps get
    /// theirs from ``ViewControllerFactory``, which fills every argument from the ``Hub`` and the
    /// feature; create one directly only to assemble a view from parts of your own.
    ///
    /// - Parameters:
    ///   - viewURI: the URI the controller shows.
    ///   - featureInfo: the feature that handles `viewURI`.
    ///   - loader: the content loading chain for `viewURI`; the controller becomes its delegate.
    ///   - componentRegistry: creates the components.
    ///   - layoutManager: the spacing rules.
    ///   - actionRegistry: creates the actions and holds the default selection action.
    ///   - actionHandler: sees every action before its action object; nil for none.
    ///   - initialViewModelRegistry: where a selected target's initial view model is put for its
    ///     destination; nil ignores initial view models of targets.
    ///   - scrollHandler: customizes scrolling; nil uses ``DefaultViewControllerScrollHandler``.
    public init(viewURI: URL, featureInfo: FeatureInfo, loader: ViewModelLoader, componentRegistry: ComponentRegistry,
                layoutManager: any ComponentLayoutManager, actionRegistry: ActionRegistry,
                actionHandler: (any ActionHandler)?, initialViewModelRegistry: InitialViewModelRegistry?,
                scrollHandler: (any ViewControllerScrollHandler)? = nil)
    {
        identity = (viewURI, featureInfo)
        // Each part is made with what it needs to do its work: the canvas (or a narrow interface to
        // it), the shared pool and cells, values, and closures over the parts made before it. None is
        // given the controller: what follows a part's work (a render, the delegate told, actions run)
        // comes as a closure with the request that starts that work, and lives while it runs.
        let canvas = self.canvas
        let renderer = self.renderer
        let measurer = ComponentMeasurer(registry: componentRegistry)
        self.measurer = measurer
        let pool = ComponentReusePool { model in
            measurer.handOverComponent(for: model) ?? componentRegistry.createComponent(for: model)
        }
        self.pool = pool
        let cells = RootCells()
        self.cells = cells
        content = ContentLoading(loader: loader)
        let bodyLayout = IncrementalLayout(measurer: measurer, layoutManager: layoutManager)
        self.bodyLayout = bodyLayout
        let recycler = BodyRecycler(pool: pool, cells: cells, surface: canvas)
        self.recycler = recycler
        let floating = HeaderAndOverlays(pool: pool, cells: cells, measurer: measurer, surface: canvas)
        self.floating = floating
        status = StatusOverlay(surface: canvas)
        input = CellInput(cells: cells, surface: canvas)
        scrolling = Scrolling(scrollHandler: scrollHandler ?? DefaultViewControllerScrollHandler())
        actions = ActionRouter(actionRegistry: actionRegistry, actionHandler: actionHandler,
                               initialViewModelRegistry: initialViewModelRegistry)
        limits = loader.contentLimits
        let serverAccess = ServerAccess(documentURL: loader.documentURL, limits: loader.contentLimits,
                                        clientCapabilities: loader.clientCapabilities)
        self.serverAccess = serverAccess
        requests = ServerRequests(access: serverAccess)
        let stateApplication = StateApplication(limits: loader.contentLimits)
        self.stateApplication = stateApplication
        let problems = ViewProblemLog(viewURI: viewURI)
        self.problems = problems
        // The feature's schema and a fresh builder come from the loader, which the controller was
        // given, not from the part that drives it.
        let makeBuilder: @MainActor () -> ViewModelBuilder = { [loader] in loader.makeBuilder() }
        answers = ServerAnswers(
            patches: ViewPatches(source: { [stateApplication] in stateApplication.source }, schema: { makeBuilder().schema },
                                 clientCapabilities: loader.clientCapabilities, limits: loader.contentLimits),
            makeBuilder: makeBuilder, limits: loader.contentLimits, log: problems)
        events = ServerEvents(access: serverAccess)
        state = ViewState()
        impressions = ImpressionReporter(
            view: canvas.view, hasAppeared: { [content] in content.isVisible },
            isRendering: { renderer.isRendering },
            candidates: { thresholds in
                Self.impressionCandidates(thresholds, layout: bodyLayout, renderer: renderer, floating: floating,
                                          canvas: canvas)
            })
        // The controller exists: it hears the theme, its state, the cells, the wrappers, the canvas
        // and the loader.
        themeObservation = ThemeAppearance.observe { [weak self] in self?.refreshEnvironment() }
        bindState()
        cells.inputHandler = self
        pool.delegate = self
        canvas.delegate = self
        FrameworkStyle.installIfNeeded()
        SoupHTTPClient.installAsDefaultUnlessSet()
        view.addCSSClass("hub-view")
        loader.delegate = self
        loader.actionPerformer = self
    }

    /// Gives the keyboard focus to the view: to the first component on screen that wants it
    /// (``ComponentWithInitialFocus``, such as the search bar), otherwise to its list of
    /// components, so that the arrow keys, Page Up/Down, Home and End scroll it.
    ///
    /// Content that is still loading is waited for: the list has the focus meanwhile, and the
    /// first render that shows components moves it on, unless the user moved it elsewhere first.
    public func focusContent() {
        input.focusContent { inputSnapshot()?.focusOrder ?? [] }
    }

    /// The number of body components of the content shown (0 before any arrives).
    public var bodyComponentCount: Int { viewModel?.bodyComponentModels.count ?? 0 }

    /// Drops the content of a view that is not on screen, to free its memory: the view model, its
    /// layout and what the loader kept. When the view appears again it loads afresh and scrolls back
    /// to where it was. Does nothing while the view is visible.
    public func discardContent() {
        guard !content.isVisible, viewModel != nil else { return }
        let offset = canvas.contentOffset
        content.discardLoadedContent()
        // Holds the view models and the layout until the recycler has let go of them too, so that
        // they are freed off the main thread.
        stateApplication.discard()
        let replaced = renderer.discardContent(layout: bodyLayout.discard())
        bodyLayout.pendingScroll = .offset(offset)
        recycler.forgetViewModel()
        updateLoadingState()
        replaced.releaseOffTheMainThread()
    }

    /// Stops loading and releases every widget. The controller must not be used afterwards.
    public func tearDown() {
        finder.stop()
        impressions.stop()
        requests.cancelAll()
        events.stop()
        answers.cancel()
        content.cancel()
        images.suspend()
        input.cancelGesture()
        overscanFill = nil
        recycler.tearDown()
        floating.tearDown()
        for wrapper in pool.drain() { wrapper.tearDown() }
        cells.tearDown()
        status.tearDown()
        themeObservation?.stop()
        canvas.tearDown()
    }

    // MARK: Appearance

    /// Call when the view is about to be shown (pushed, or returned to): shows the initial content
    /// at once and loads the content (subject to the reload policy when it was loaded before).
    public func viewWillAppear() {
        content.setVisible(true)
        events.setVisible(true)
        // Images cancelled when the view went are asked for again.
        images.resume(reloading: observerWrappers(), containerViewSize: containerSize)
        if viewModel == nil {
            let replaced = renderer.show(content.initialViewModel)
            render()
            replaced.releaseOffTheMainThread()
        }
        // Components still on screen from an earlier appearance appear again; a first render
        // below makes its components appear by itself.
        for wrapper in recycler.liveWrappers { cellWillAppear(wrapper, forced: true) }
        for wrapper in floating.wrappers { wrapperWillAppear(wrapper) }
        content.load()
        updateLoadingState()
        updateImpressions()
    }

    /// Call when the view went away (navigated from). Work in flight is cancelled, image downloads
    /// included (their connections close at once); it loads again on `viewWillAppear` according to
    /// the reload policy, and the images on screen are asked for again.
    public func viewDidDisappear() {
        content.setVisible(false)
        input.cancelGesture()
        requests.cancelAll()
        events.setVisible(false)
        content.cancel()
        images.suspend()
        updateLoadingState()
        updateImpressions()
    }

    /// Loads the content again, ignoring the reload policy.
    public func reload() {
        content.reload()
        updateLoadingState()
    }

    /// Asks for the next page of the content.
    private func loadNextPage() {
        content.loadNextPage()
        updateLoadingState()
    }

    /// How long a view loads before a spinner says so: the view's own, over a view without content,
    /// and the window's (`HubWindow` in `HubApp`). Content that comes sooner, as a file or a fast
    /// server's answer does, is shown without a spinner flashing for a frame before it, and GTK
    /// does not load the spinner's icon (an SVG, whose loader costs the main thread several
    /// milliseconds the first time) for a spinner nobody sees. A fifth of a second: a wait that
    /// short reads as a response, not as loading.
    public static let loadingIndicatorDelay = 0.2

    /// True while the content loading chain runs.
    public var isLoading: Bool {
        content.isLoaderBusy || renderer.isDiffing || stateApplication.isEvaluating || answers.isBusy
    }

    // MARK: ViewModelLoaderDelegate

    /// Renders `viewModel`, updates ``navigationItem`` and tells the delegate before and after.
    /// The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        content.didLoad(isPart: false)
        takeSource(viewModel)
    }

    /// Renders part of the content while the rest loads (the first screens of a long document):
    /// ``isLoading`` stays true, and the whole follows. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel) {
        content.didLoad(isPart: true)
        takeSource(viewModel)
    }

    /// Shows `viewModel`, the view's new document (the loader's, or one a request's answer sent),
    /// with the state applied, and listens to the event stream it names.
    private func takeSource(_ viewModel: ViewModel) {
        refreshEnvironment(arriving: viewModel)
        stateApplication.sourceArrived(viewModel, state: state, deliver: stateDelivery)
        events.sourceArrived(viewModel, listener: ServerEvents.Listener(
            deliver: { [weak self] deliveries in self?.eventsArrived(deliveries) },
            report: { [problems] message in problems.serverProblem(message) }))
    }

    /// Where the state application delivers: the expressions that failed are logged, and the view
    /// model with the state applied is rendered.
    private var stateDelivery: StateApplication.Delivery {
        { [weak self] viewModel, failures in
            guard let self else { return }
            if !failures.isEmpty { problems.expressionsFailed(failures) }
            renderLoaded(viewModel)
        }
    }

    /// Keeps the current content, shows the error (over the content when there is some) and tells
    /// the delegate. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        if let shownBefore = content.viewModelReplacingFailedPart() {
            // The part shown was never the view's content (the rest of its document was unusable):
            // the view goes back to what it showed before the part, and shows the error.
            renderer.cancelBackgroundDiff()
            stateApplication.discard()
            stateApplication.sourceArrived(shownBefore, state: state, deliver: stateDelivery)
        }
        content.didFail(with: error)
        updateLoadingState()  // also shows the error
        delegate?.viewController(self, didFailToUpdateWith: error)
    }

    // MARK: State

    /// What the view's expressions see as `env`: the person's language, the view's reading direction,
    /// whether GTK draws dark, and the width class of the view's width (before the view has a width,
    /// the class it is most likely to get, medium). A change re-renders what depends on it; content
    /// `arriving` is about to be evaluated.
    @discardableResult
    private func refreshEnvironment(arriving: ViewModel? = nil) -> Bool {
        let width = canvas.viewportSize.width
        let changed = state.takeEnvironment(ExpressionEnvironment(
            locale: UserLanguages.current[0],
            // The arriving content's own direction counts before it is shown.
            direction: renderer.layoutDirectionOverride ?? (arriving ?? stateApplication.source)?.layoutDirection
                ?? layoutDirection,
            colorScheme: ThemeAppearance.drawsDark ? .dark : .light,
            widthClass: width > 0 ? .init(width: width) : .medium))
        if changed, arriving == nil { stateApplication.stateChanged(state, change: .environment, deliver: stateDelivery) }
        return changed
    }

    /// Re-renders when the state changes.
    private func bindState() {
        state.onChange = { [weak self] change in
            guard let self else { return }
            self.stateApplication.stateChanged(self.state, change: change, deliver: self.stateDelivery)
        }
    }

    /// Runs the actions the document wrote in `model`'s target, nil when it wrote none.
    func runDocumentActions(of model: ComponentModel, customData: JSONObject?) -> Bool? {
        interpreter(for: model, customData: customData).runTargetActions(of: model)
    }

    /// What runs the document's actions for `model`: the effects they ask for go to the parts.
    private func interpreter(for model: ComponentModel, customData: JSONObject?) -> ActionInterpreter {
        ActionInterpreter(state: state, limits: limits, perform: { [weak self] effect in
            guard let self else { return false }
            switch effect {
            case .open(let uri): return self.actions.open(uri, in: self.actionSite)
            case .perform(let identifier, let data):
                return self.actions.performAction(trigger: .selection, identifier: identifier,
                                                  customData: data ?? customData, model: model, in: self.actionSite)
            case .validate(let form): return self.formIsValid(form)
            case .send(let request):
                guard self.send(request) else {
                    self.problems.actionFailed("request: the component's request before this one has no answer yet; "
                        + "this one was not sent", model: model)
                    return false
                }
                return true
            }
        }, report: { [problems] message in problems.actionFailed(message, model: model) })
    }

    /// Sends `request` unless its component already waits for an answer (false): with the values of
    /// its form the view shows, its component busy until the answer, which `requestDidFinish` hears.
    private func send(_ request: PreparedRequest) -> Bool {
        requests.send(request, formValues: {
            request.form.map { form in viewModel.map { FormValues.collect(form, shownIn: $0, state: state) } ?? [:] }
        }, busyIn: state) { [weak self] outcome in
            self?.requestDidFinish(request, outcome: outcome)
        }
    }

    /// A request's answer came (or it failed): what the answer asks of the view happens first (new
    /// values, messages beside the form's inputs, a new document), then the actions that follow
    /// the request run with it, as one render.
    private func requestDidFinish(_ request: PreparedRequest, outcome: ServerExchange.Outcome) {
        let model = request.handlers.model
        for problem in outcome.problems { problems.actionFailed("the answer: \(problem)", model: model) }
        answers.apply(outcome.answer, form: request.form, to: state, show: showAnswered) { message in
            problems.actionFailed(message, model: model)
        }
        interpreter(for: model, customData: nil).runHandlers(of: request, with: outcome.response)
        if !outcome.response.ok {
            // The log says why: as a warning when nothing in the document handles the failure, and
            // for whoever follows the requests (HUB_LOG_LEVEL=info) when its `onError` does, since
            // a document expects those (a 422 with messages for a form's fields).
            if request.handlers.handlesErrors {
                problems.handledRequestFailure(outcome.response.error, model: model)
            } else {
                problems.actionFailed("the request failed: \(outcome.response.error)", model: model)
            }
        }
    }

    /// Events of the view's stream came: what they ask happens in order, as one render.
    func eventsArrived(_ deliveries: [EventStreamSession.Delivery]) {
        answers.eventsArrived(deliveries, to: state, show: showAnswered)
    }

    /// Shows a document the server's answer brought, or the view's document patched, as the view's
    /// new content.
    private var showAnswered: ServerAnswers.Show {
        { [weak self] viewModel in self?.takeSource(viewModel) }
    }

    /// Whether every input of `form` is valid now.
    private func formIsValid(_ form: String) -> Bool { stateApplication.formIsValid(form, state: state) }

    // MARK: Rendering

    /// Renders what the loader delivered: a large view model is diffed on a background thread
    /// first, and shown when the diff is in.
    func renderLoaded(_ viewModel: ViewModel) {
        let inBackground = renderer.diffInBackgroundIfLarge(
            viewModel, hasWidth: canvas.viewportSize.width > 0
        ) { [weak self] diff in
            self?.show(viewModel, diff: diff)
        }
        if inBackground {
            updateLoadingState()
        } else {
            show(viewModel, diff: nil)
        }
    }

    /// Shows `viewModel` (with `diff` from the last rendered view model, when it was computed
    /// already) and tells the delegate before and after.
    private func show(_ viewModel: ViewModel, diff: ViewModelDiff?) {
        content.clearError()
        delegate?.viewController(self, willUpdateWith: viewModel)
        // Holds the view models this render replaces, so that they are freed off the main thread.
        let replaced = renderer.show(viewModel)
        render(precomputedDiff: diff)
        notifyLoadingState()
        delegate?.viewControllerDidUpdate(self)
        // A query that stands finds what the view shows now (more of a streamed document).
        finder.contentChanged(viewModel)
        replaced.releaseOffTheMainThread()
    }

    /// The one place a render is sequenced: the header and overlays; the body's diff; the layout;
    /// the content height and offset (what the user was looking at stays put); the components on
    /// screen; those that appear; the state view; the initial focus. Also the only code, with
    /// ``layoutDidExtend(_:)`` and scrolling in code, that moves the canvas.
    func render(precomputedDiff: ViewModelDiff? = nil) {
        let wasRendering = renderer.isRendering
        renderer.isRendering = true
        defer {
            renderer.isRendering = wasRendering
            updateImpressions()
        }
        guard let viewModel else { return }
        guard canvas.viewportSize.width > 0 else {
            renderer.needsRender = true
            return
        }
        renderer.needsRender = false
        let container = containerSize
        let direction = layoutDirection
        recycler.saveComponentUIStates()
        if let header = floating.configureHeader(viewModel.headerComponentModel, containerSize: container) {
            images.load(for: header, containerViewSize: container)
        }
        let overlays = floating.configureOverlays(
            viewModel.overlayComponentModels, containerSize: container, direction: direction
        ) { proposed in delegate?.viewController(self, centerPointForOverlayComponentAt: proposed) ?? proposed }
        for overlay in overlays { images.load(for: overlay, containerViewSize: container) }

        // Diff.
        let previousLayout = bodyLayout.current
        let previousVisibleTop = previousLayout?.firstIndex(intersecting: canvas.visibleRect)
        if previousLayout.map({ $0.direction != direction }) ?? false {
            // The new view model reads in the other direction: every frame moves. Start afresh (the
            // first screenful is laid out at once).
            bodyLayout.reset()
            renderer.forgetLastRender()
        }
        let diff = renderer.lastRenderedViewModel == nil ? nil
            : precomputedDiff ?? renderer.diffFromLastRender(to: viewModel)
        // Layout.
        let addsHeaderMargin = delegate?.viewControllerShouldAutomaticallyManageTopContentInset(self) ?? true
        let newLayout = bodyLayout.update(for: viewModel, following: diff, containerSize: container,
                                          addsHeaderMargin: addsHeaderMargin, direction: direction,
                                          visibleIndex: previousVisibleTop)
        { [weak self] layout in self?.layoutDidExtend(layout) }
        // The live components follow the diff to their new indexes, and learn which were reloaded.
        recycler.follow(diff?.body, to: viewModel, from: renderer.lastRenderedViewModel)
        renderer.markRendered(viewModel)

        // Offset: what the user was looking at stays put when components are inserted or deleted above it.
        var target = canvas.contentOffset
        if let diff {
            target = ContentOffsetPreservation.targetContentOffset(
                proposedOffset: Point(x: 0, y: target), previousLayout: previousLayout, newLayout: newLayout,
                diff: (diff.body.inserted, diff.body.deleted), currentOffset: Point(x: 0, y: target),
                topVisibleIndex: previousVisibleTop, contentInset: .zero, viewHeight: canvas.viewportSize.height).y
        }
        canvas.setContentHeight(newLayout.contentSize.height)
        canvas.showsScrollIndicators = scrolling.showsScrollIndicators(in: self)
        // The person pressed End while the document was arriving: the view keeps to its end.
        if canvas.followsEnd { target = canvas.maximumOffset }
        let offset = canvas.contentOffset
        if target != offset {
            canvas.setContentOffset(target)
        }
        // A scroll that waited for the layout (a discarded view scrolling back) goes there now.
        performPendingScrollIfReachable()
        // Recycle: a move of the offset has updated the visible cells already (the canvas tells its
        // delegate, scrollCanvasViewportDidChange); otherwise they follow the new layout here.
        if canvas.contentOffset == offset { updateVisibleCells() }
        // Appear.
        if content.isVisible {
            for wrapper in floating.wrappers where !wrapper.viewHasAppearedSinceLastModelChange {
                wrapperWillAppear(wrapper)
            }
        }
        // State view, once per render.
        showStatus()
        input.moveFocusToInitialComponent { inputSnapshot()?.focusOrder ?? [] }
        delegate?.viewControllerDidFinishRendering(self)
    }

    /// The layout reached further (a large body is laid out a few milliseconds per main-loop turn).
    private func layoutDidExtend(_ layout: ComponentLayout) {
        canvas.setContentHeight(layout.contentSize.height)
        if canvas.followsEnd { canvas.setContentOffset(canvas.maximumOffset) }
        performPendingScrollIfReachable()
    }

    /// Scrolls to where a scroll waits for the layout, once the layout reaches there.
    private func performPendingScrollIfReachable() {
        guard let pending = bodyLayout.takeReachablePendingScroll(viewportHeight: canvas.viewportSize.height),
            let layout = bodyLayout.current
        else { return }
        let target: Double
        switch pending {
        case .offset(let offset):
            target = offset
        case .component(let index, let position):
            target = scrolling.contentOffset(forDisplayingComponentAt: index, scrollPosition: position,
                                             contentSize: layout.contentSize, in: self).y
        }
        canvas.setContentHeight(layout.contentSize.height)
        canvas.setContentOffset(min(target, canvas.maximumOffset))
    }

    /// Brings the body's widgets up to date with the layout and the viewport.
    private func updateVisibleCells() {
        guard let layout = bodyLayout.current, let viewModel else { return }
        let defersOverscan = recycler.updateVisibleCells(
            layout: layout, viewModel: viewModel, isRendered: renderer.lastRenderedViewModel === viewModel,
            visibleRect: canvas.visibleRect, containerSize: containerSize,
            didShow: { wrapper, isNew in wrapperWasShown(wrapper, isNew: isNew) },
            willHide: { wrapper in wrapperWillHide(wrapper) })
        // The view's first components were only those on screen: the ones above and below come in
        // an idle source, whose priority is below GTK's frame, so that frame shows the view first.
        if defersOverscan {
            overscanFill = MainLoopTimer(whenIdle: { [weak self] in
                self?.overscanFill = nil
                self?.updateVisibleCells()
            })
        }
        markFoundCell()
    }

    /// Gives the cell of the component found (or of the body component that holds it) the mark of
    /// `ComponentFinder.matchCSSClass`, and takes it from the others (cells are reused).
    func markFoundCell() {
        finder.markFoundCell(among: recycler.placedWrappers, cells: cells)
    }

    /// The width changed (or content waits for one): lays out afresh and renders again.
    private func relayoutForNewSize() {
        refreshEnvironment()
        if let current = bodyLayout.current, current.containerSize.width != canvas.viewportSize.width || renderer.needsRender {
            // What the person was reading stays in view: the new layout starts with a screenful, and
            // the scroll waits for it to reach that component again (a scroll already waiting keeps
            // its own target).
            if bodyLayout.pendingScroll == nil, !canvas.followsEnd, canvas.contentOffset > 0,
                let top = current.firstIndex(intersecting: canvas.visibleRect)
            {
                bodyLayout.pendingScroll = .component(top, .top)
            }
            // Every width may change: lay out again and reconfigure what is visible.
            bodyLayout.reset()
            renderer.forgetLastRender()
            recycler.reconfigureLiveComponents(containerViewSize: containerSize)
        }
        render()
    }

    // MARK: Loading state

    /// Tells the delegate when the loading state changed, and shows the status.
    func updateLoadingState() {
        notifyLoadingState()
        showStatus()
    }

    /// Tells the delegate when the loading state changed.
    private func notifyLoadingState() {
        let loading = isLoading
        if content.loadingStateChanged(to: loading) {
            delegate?.viewController(self, loadingStateDidChange: loading)
        }
    }

    /// Shows the spinner, the empty state or the error over the content, or nothing.
    private func showStatus() {
        let hasContent = viewModel.map {
            !$0.bodyComponentModels.isEmpty || $0.headerComponentModel != nil || !$0.overlayComponentModels.isEmpty
        } ?? false
        status.show(content.status(hasContent: hasContent, isLoading: isLoading)) { [weak self] in self?.reload() }
    }

    // MARK: Appearance bookkeeping
    // A component is told it will appear once per model it shows (again after its model changed),
    // and again when it scrolls into view or the whole view reappears (`forced`); one that merely
    // stays in view is not told again.

    /// The recycler configured `wrapper` for a model and placed it.
    private func wrapperWasShown(_ wrapper: ComponentWrapper, isNew: Bool) {
        images.load(for: wrapper, containerViewSize: containerSize)
        if content.isVisible { cellWillAppear(wrapper, forced: isNew && canvas.isScrolling) }
    }

    /// The recycler is about to take `wrapper` off the screen.
    private func wrapperWillHide(_ wrapper: ComponentWrapper) {
        if let model = wrapper.model, let view = wrapper.view {
            delegate?.viewController(self, componentWith: model, layoutTraits: wrapper.component.layoutTraits,
                                     didDisappearFrom: view)
        }
        input.wrapperWillLeave(wrapper)
    }

    func cellWillAppear(_ wrapper: ComponentWrapper, forced: Bool) {
        if wrapper.viewHasAppearedSinceLastModelChange && !forced { return }
        wrapperWillAppear(wrapper)
    }

    func wrapperWillAppear(_ wrapper: ComponentWrapper) {
        wrapper.selfWillAppear()
        let offset = Point(x: 0, y: canvas.contentOffset)
        if wrapper.isContentOffsetObserver
            && (wrapper.appearanceCount == 1 || scrolling.lastProgrammaticContentOffset != offset)
        {
            wrapper.updateView(forChangedContentOffset: offset)
        }
        if let model = wrapper.model, let view = wrapper.view {
            delegate?.viewController(self, componentWith: model, layoutTraits: wrapper.component.layoutTraits,
                                     willAppearIn: view)
        }
        wrapper.visibleChildrenWillAppear()
    }

    /// Every wrapper in use: visible body components, the header, overlays and their visible children.
    func observerWrappers() -> [ComponentWrapper] { Self.wrappersInUse(recycler: recycler, floating: floating) }

    /// Every wrapper in use among `recycler`'s and `floating`'s, and their visible children.
    private static func wrappersInUse(recycler: BodyRecycler, floating: HeaderAndOverlays) -> [ComponentWrapper] {
        var result: [ComponentWrapper] = []
        var stack = recycler.liveWrappers + floating.wrappers
        while let wrapper = stack.popLast() {
            result.append(wrapper)
            stack.append(contentsOf: wrapper.visibleChildren)
        }
        return result
    }

    // MARK: What the parts read

    /// Where the components are now, for the keyboard focus.
    func inputSnapshot() -> InputSnapshot? {
        guard let layout = bodyLayout.current else { return nil }
        let placed = recycler.placedWrappers
        let body = placed.sorted { $0.key < $1.key }.map(\.value)
        return InputSnapshot(layout: layout, placed: placed, visibleRect: canvas.visibleRect, direction: layoutDirection,
                             focusOrder: [floating.header].compactMap { $0 } + body + floating.overlays)
    }

    /// The view an action happens in; nil while it shows no view model. What follows the action
    /// comes back to the controller (`actionDidHappen`).
    var actionSite: ActionSite? {
        guard let viewModel else { return nil }
        return ActionSite(featureInfo: featureInfo, viewURI: viewURI, viewModel: viewModel,
                          contentOrigin: contentOrigin, viewController: self, viewState: state,
                          liveWrappers: { [recycler, floating] in Self.wrappersInUse(recycler: recycler, floating: floating) },
                          notify: { [weak self] event in self?.actionDidHappen(event) })
    }

    /// The components with `logging` data visible now: read from the parts that lay out and place them.
    private static func impressionCandidates(_ thresholds: ImpressionThresholds, layout: IncrementalLayout,
                                             renderer: ContentRenderer, floating: HeaderAndOverlays,
                                             canvas: ScrollCanvas) -> [ImpressionCandidate]
    {
        // Only what was rendered is on screen: the layout is that view model's.
        guard let viewModel = renderer.lastRenderedViewModel, viewModel === renderer.viewModel,
            let layout = layout.current
        else { return [] }
        return VisibleImpressionCandidates.compute(
            viewModel: viewModel, layout: layout, viewport: canvas.viewportSize, contentOffset: canvas.contentOffset,
            showsHeader: floating.header != nil, overlayFrames: floating.overlayFrames, thresholds: thresholds)
    }

    // MARK: Actions

    /// A click, Enter or Space, or assistive technology's activate selected `wrapper`'s component.
    private func selectFromInput(_ wrapper: ComponentWrapper, model: ComponentModel) {
        selectComponent(with: model, customData: nil)
    }

    /// Where input scrolls the body to (the focus moved to a component out of view).
    func scrollFromInput(to offset: Double) {
        scroll(to: Point(x: 0, y: offset))
    }

    /// What follows an action.
    private func actionDidHappen(_ event: ActionRouter.Event) {
        switch event {
        case .handled(let context): content.actionPerformed(with: context)
        case .performed(let context): delegate?.viewController(self, didPerformActionWith: context)
        }
    }

    /// Tells the impression reporter that what is visible may have changed.
    func updateImpressions() {
        impressions.update()
    }

    // MARK: Scrolling in code

    /// See ``scroll(to:animated:)``: the only other place that moves the canvas.
    func scrollInCode(to offset: Point, animated: Bool) {
        // Beyond the content laid out so far: as far as it goes now, the rest once the layout gets there.
        let isComplete = bodyLayout.covers(renderer.lastRenderedViewModel)
        canvas.stopFollowingEnd()
        bodyLayout.pendingScroll = isComplete || offset.y <= canvas.maximumOffset ? nil : .offset(offset.y)
        scrolling.noteProgrammaticScroll(to: min(max(0, offset.y), canvas.maximumOffset))
        canvas.setContentOffset(offset.y, animated: animated)
    }

    /// See ``scrollWhenLoaded(to:)``.
    func scrollWhenLaidOut(to offset: Point) {
        bodyLayout.pendingScroll = .offset(max(0, offset.y))
        performPendingScrollIfReachable()
    }

    /// See ``scrollToComponent(ofType:indexPath:scrollPosition:animated:completion:)``.
    func scrollToComponentInCode(ofType type: ComponentType, indexPath: [Int], scrollPosition: ScrollPosition,
                                 animated: Bool, completion: (@MainActor ([Int]) -> Void)?)
    {
        guard let first = indexPath.first, let viewModel else { return }
        var root: ComponentWrapper?
        switch type {
        case .body:
            guard first < viewModel.bodyComponentModels.count else { return }
            if first == viewModel.bodyComponentModels.count - 1, indexPath.count == 1, isArriving {
                // The last component of a document still arriving: the view keeps to the end, and
                // lands on the last row when it arrives, as End does.
                scrollInCode(to: Point(x: 0, y: canvas.maximumOffset), animated: animated)
                canvas.followEnd()
                completion?([first])
                return
            }
            let pending = PendingScroll.component(first, scrollPosition)
            let layout = bodyLayout.current
            if let layout, !pending.isReachable(in: layout, isComplete: bodyLayout.covers(renderer.lastRenderedViewModel),
                                                viewportHeight: canvas.viewportSize.height)
            {
                // Not laid out yet (a large body is laid out a few milliseconds per main-loop turn):
                // the view scrolls there when it is.
                bodyLayout.pendingScroll = pending
                completion?([first])
                return
            }
            let offset = scrolling.contentOffset(forDisplayingComponentAt: first, scrollPosition: scrollPosition,
                                                 contentSize: layout?.contentSize ?? .zero, in: self)
            scrollInCode(to: offset, animated: false)
            root = recycler.placedWrappers[first]
        case .header:
            root = floating.header
        case .overlay:
            let overlays = floating.overlays
            root = overlays.indices.contains(first) ? overlays[first] : nil
        }
        completion?([first])
        var wrapper = root
        var path = [first]
        for childIndex in indexPath.dropFirst() {
            guard let current = wrapper else { return }
            path.append(childIndex)
            let reached = path
            current.scrollToComponent(at: childIndex, position: scrollPosition, animated: animated) {
                completion?(reached)
            }
            wrapper = current.visibleChildComponent(at: childIndex)
        }
    }

    /// Whether more of the body is still to come: the document is still arriving, or the layout has
    /// not reached the end of what arrived.
    private var isArriving: Bool {
        content.isLoaderBusy || !bodyLayout.covers(renderer.lastRenderedViewModel) || !bodyLayout.isComplete
    }

    /// See ``revealFoundComponent(at:)``.
    func revealFoundComponentInCode(at indexPath: [Int]) {
        finder.mark(indexPath)
        defer { markFoundCell() }
        guard let index = indexPath.first, let viewModel, index >= 0, index < viewModel.bodyComponentModels.count else {
            return
        }
        if indexPath.count == 1, let layout = bodyLayout.current, index < layout.count {
            // Already in full view: the view stays where the person is reading.
            let frame = layout.frame(at: index)
            let visible = canvas.visibleRect
            if frame.minY >= visible.minY, frame.maxY <= visible.maxY { return }
        }
        // Beyond the layout so far (a large body is laid out a few milliseconds per main-loop turn),
        // the scroll waits for the layout to get there (`PendingScroll`), and the cell is marked
        // when it is placed.
        scrollToComponentInCode(ofType: .body, indexPath: indexPath, scrollPosition: .centeredVertically,
                                animated: false, completion: nil)
    }

    /// The visible part of the content, for the scroll handler.
    private var currentContentRect: Rect {
        let height = min(canvas.viewportSize.height, (bodyLayout.current?.contentSize.height ?? 0) - canvas.contentOffset)
        return Rect(x: 0, y: canvas.contentOffset, width: canvas.viewportSize.width, height: max(0, height))
    }

    /// Desktop scrolling has no "end of drag" for wheels and scrollbars, so the next page is also
    /// requested whenever the bottom of the content comes within one viewport of the visible area.
    private func loadNextPageIfNearEnd() {
        guard let layout = bodyLayout.current, !content.isLoaderBusy, content.hasLoadedContent else { return }
        let remaining = layout.contentSize.height - (canvas.contentOffset + canvas.viewportSize.height)
        if remaining < canvas.viewportSize.height {
            loadNextPage()
        }
    }
}

// MARK: - ScrollCanvasDelegate
// The canvas reports viewport changes and scroll gestures: the visible components are updated, the
// scroll handler and the content offset observers are told, the layout is redone when the width
// changed, and the next page is asked for when the end of the content comes near.

extension ViewController: ScrollCanvasDelegate {
    package func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas) {
        let width = canvas.viewportSize.width
        if renderer.needsRender || (bodyLayout.current.map { $0.containerSize.width != width } ?? false) {
            relayoutForNewSize()
            return
        }
        input.cancelGesture()  // content moved under the pointer: a press in progress is no longer a click
        updateVisibleCells()
        let offset = Point(x: 0, y: canvas.contentOffset)
        scrolling.didScroll(in: self, to: offset)
        for wrapper in observerWrappers() where wrapper.isContentOffsetObserver {
            wrapper.updateView(forChangedContentOffset: offset)
        }
        // An observer may have taken the focus away (the search bar leaves its entry when the view
        // scrolls), leaving the window with none: the list takes it, so the next key still scrolls.
        if canvas.windowHasNoFocus { canvas.focusContent() }
        loadNextPageIfNearEnd()
        updateImpressions()
    }

    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {
        bodyLayout.pendingScroll = nil  // the user scrolls: a scroll still waiting for the layout is dropped
        input.cancelComponentSelection()
        scrolling.willBeginScrolling(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double)
    {
        target = scrolling.targetOffset(in: self, velocity: velocity, current: canvas.contentOffset, proposed: target)
        if let layout = bodyLayout.current, target >= layout.contentSize.height - canvas.viewportSize.height,
            !content.isLoaderBusy
        {
            loadNextPage()
        }
    }

    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {
        scrolling.didEndScrolling(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool {
        delegate?.viewControllerShouldStartScrolling(self) ?? true
    }
}

// MARK: - ComponentWrapperDelegate
// Every wrapper the pool hands out reports to the controller, which hands each event to the part
// of the team it concerns.

extension ViewController: ComponentWrapperDelegate {
    func componentWrapper(_ wrapper: ComponentWrapper, willUpdateSelectionState state: SelectionState) {
        input.selectionStateWillChange(of: wrapper, to: state)
    }

    func componentWrapperWillBeReused(_ wrapper: ComponentWrapper) {
        if let view = wrapper.view { delegate?.viewController(self, willReuseComponentWith: view) }
        pool.add(wrapper)
    }

    /// A wrapper from the pool for a child of `parent`, configured and sized for it (a parent asks
    /// its `ComponentWrapperDelegate` for its children).
    func componentWrapper(_ wrapper: ComponentWrapper, childWrapperFor childModel: ComponentModel) -> ComponentWrapper? {
        // Children of a root body component get its frame as their container; others the parent's view size.
        var container = containerSize
        // (A body component being configured has its frame already, but is not placed yet.)
        if wrapper.isRootComponent, wrapper.frame.size.width > 0 {
            container = wrapper.frame.size
        } else if let view = wrapper.view {
            container = view.allocatedSize
        }
        let child = pool.wrapper(for: childModel, parent: wrapper)
        child.loadViewIfNeeded()
        child.view?.removeFromParent()  // it may have been a root's cell content
        child.configureView(with: childModel, containerViewSize: container)
        if let view = child.view {
            let size = measurer.preferredSize(for: childModel, containerSize: container)
            view.setSizeRequest(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
            view.show()
        }
        images.load(for: child, containerViewSize: containerSize)
        return child
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, willAppearAt index: Int,
                          view: Widget)
    {
        guard let model = wrapper.model, let children = Optional(model.children), index < children.count else { return }
        let childModel = children[index]
        if let childWrapper { images.load(for: childWrapper, containerViewSize: containerSize) }
        delegate?.viewController(self, componentWith: childModel,
                                 layoutTraits: childWrapper?.component.layoutTraits ?? [], willAppearIn: view)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, didDisappearAt index: Int,
                          view: Widget)
    {
        guard let model = wrapper.model, index < model.children.count else { return }
        delegate?.viewController(self, componentWith: model.children[index],
                                 layoutTraits: childWrapper?.component.layoutTraits ?? [], didDisappearFrom: view)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWithCustomViewSelectedAt index: Int,
                          customData: JSONObject?)
    {
        guard let model = wrapper.model, index >= 0, index < model.children.count else { return }
        selectComponent(with: model.children[index], customData: customData)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, performActionWithIdentifier identifier: Identifier,
                          customData: JSONObject?) -> Bool
    {
        actions.performAction(trigger: .component, identifier: identifier, customData: customData, model: wrapper.model,
                              in: actionSite)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, didChangeInputOf model: ComponentModel, to value: ExpressionValue) {
        if !state.setInputValue(value, of: model) {
            problems.warning(
                "\(model.identifier): the input's variable cannot take \(value.type.displayName.lowercased()) \(value.text.prefix(100))")
        }
    }

    func componentWrapper(_ wrapper: ComponentWrapper, didLeaveInputOf model: ComponentModel) {
        state.inputWasLeft(model)
    }

    /// A button selects its component as a click on a row does: its target's actions run.
    func componentWrapper(_ wrapper: ComponentWrapper, wasActivatedWith model: ComponentModel) {
        selectComponent(with: model, customData: nil)
    }
}

// MARK: - CellInputHandler
// The cells report their input to the controller, which hands each event to `input` with what
// follows it: a selection runs through the controller's actions, a scroll through its scrolling.

extension ViewController: CellInputHandler {
    func cellWasActivated(_ cell: Cell) {
        input.activated(cell, select: selectFromInput)
    }

    func cell(_ cell: Cell, didReceiveKey key: KeyPress) -> Bool {
        input.keyPressed(cell, key: key, snapshot: inputSnapshot, select: selectFromInput, scrollTo: scrollFromInput)
    }

    func cell(_ cell: Cell, didReceivePress event: PointerEvent) -> Bool {
        input.buttonPressed(cell, event: event)
    }

    func cell(_ cell: Cell, didReceiveRelease event: PointerEvent) -> Bool {
        input.buttonReleased(cell, event: event, select: selectFromInput)
    }

    func cell(_ cell: Cell, didReceiveMotion event: PointerEvent) -> Bool {
        input.pointerMoved(cell, event: event)
    }
}
