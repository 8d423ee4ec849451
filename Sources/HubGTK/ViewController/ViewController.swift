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
/// The controller's work is spread over extensions, one concern each:
/// - `ViewController+Rendering.swift`: a new view model → diff → layout → preserved content offset;
/// - `ViewController+Recycling.swift`: which body components have widgets, and where they are placed;
/// - `ViewController+HeaderAndOverlays.swift`: the header and the overlays, which do not scroll;
/// - `ViewController+LoadingState.swift`: the loading spinner and the error page (`StateView`);
/// - `ViewController+Scrolling.swift`: the canvas's scroll events, paging, content offset observers;
/// - `ViewController+Geometry.swift` and `+VisibleComponents.swift`: the API to find and scroll to components;
/// - `ViewController+Selection.swift` and `+Keyboard.swift`: pointer and keyboard input, actions;
/// - `ViewController+Impressions.swift`: which components with `logging` data have been seen;
/// - `ViewController+Inspection.swift`: what it holds, for the package's tests and benchmarks.
@MainActor
public final class ViewController: ViewModelLoaderDelegate, ActionPerformer {
    /// The URI this controller shows.
    public let viewURI: URL
    /// The feature that handles `viewURI` (its identifier and title).
    public let featureInfo: FeatureInfo
    /// The identifier of the feature that handles `viewURI`.
    public var featureIdentifier: String { featureInfo.identifier }
    /// Hears about content updates, rendering, component appearance, selection and actions.
    public weak var delegate: (any ViewControllerDelegate)?

    /// The view model rendered now (nil before the first content arrives).
    public private(set) var viewModel: ViewModel?
    /// The navigation item of the current view model (title, bar buttons).
    public private(set) var navigationItem = NavigationItem()

    /// The root widget to put in a window or any container.
    public let view: Widget
    /// The scrolling surface the body lives on.
    package let canvas: ScrollCanvas

    /// Extra height above and below the visible area for which components are kept alive.
    public var overscan: Double = 240

    let loader: ViewModelLoader
    let registry: ComponentRegistry
    let layoutManager: any ComponentLayoutManager
    let actionRegistry: ActionRegistry
    let actionHandler: (any ActionHandler)?
    let initialViewModelRegistry: InitialViewModelRegistry?
    let scrollHandler: any ViewControllerScrollHandler
    /// Loads component images (set by the factory; nil shows only local images and placeholders).
    /// It is given the view's ``contentOrigin``.
    public var imageLoader: ComponentImageLoading? {
        didSet { imageLoader?.contentOrigin = contentOrigin }
    }
    /// Where the view's content came from, set by whoever made the controller (the factory asks
    /// the feature's factories, see ``/HubFramework/ContentOriginDeclaring``). Remote and live
    /// content may not open `file:` targets or load `file:` images (ViewController+ContentOrigin.swift).
    public var contentOrigin: ContentOrigin = .local {
        didSet { imageLoader?.contentOrigin = contentOrigin }
    }

    let pool: ComponentReusePool
    let measurer: ComponentMeasurer

    // Rendering (ViewController+Rendering.swift)
    /// The layout of the rendered view model (for the package's tests and benchmarks; apps use
    /// `frame(ofBodyComponentAt:)` and `indexOfBodyComponent(at:)`).
    package internal(set) var layout: ComponentLayout?
    /// The view model last rendered: the next one is diffed against it.
    var lastRenderedViewModel: ViewModel?
    /// See ``layoutDirection``; nil follows the view's widget.
    private var layoutDirectionOverride: LayoutDirection?
    /// Content arrived while the view had no width: it is rendered as soon as it has one.
    var needsRender = false

    // Large view models (ViewController+LargeViewModels.swift)
    /// The diff being computed on a background thread for a large view model; nil when none is.
    var pendingDiff: PendingDiff?
    /// Lays out the rest of a large view model, a few milliseconds per main-loop turn, after its first screenful.
    var layoutContinuation: MainLoopTimer?
    /// Where to scroll once the layout reaches that far: after ``discardContent()``, or a scroll
    /// asked for beyond what is laid out yet.
    var pendingScroll: PendingScroll?

    /// How many times the visible cells have been brought up to date (for the tests: once per
    /// render or scroll, never twice).
    package internal(set) var visibleCellUpdateCount = 0

    // Components on screen (ViewController+Recycling.swift, ViewController+HeaderAndOverlays.swift)
    /// The body components that have widgets (see `LiveBodyComponents`).
    var liveBody = LiveBodyComponents<ComponentWrapper>()
    /// The body components that have widgets, by body index.
    var visibleWrappers: [Int: ComponentWrapper] { liveBody.placed }
    var headerWrapper: ComponentWrapper?
    var overlayWrappers: [ComponentWrapper] = []
    /// The cell each root component's widget sits in, by wrapper.
    var cells: [ObjectIdentifier: Cell] = [:]

    // Input (ViewController+Selection.swift)
    var highlightedWrapper: ComponentWrapper?
    var gesture: GestureTracking?

    /// The offset last set through `scroll(to:)`: content offset observers are not told it again
    /// when their component appears there.
    var lastProgrammaticContentOffset: Point = .zero
    /// Between `viewWillAppear` and `viewDidDisappear`.
    private(set) var isVisible = false
    /// Set by `focusContent()` until content has been shown: the first render with components gives
    /// the focus to a `ComponentWithInitialFocus` (ViewController+Keyboard.swift).
    var wantsInitialFocus = false

    /// The direction components flow in along a row: the one set here, else the view model's own
    /// (a document's `direction`, for a view in a language other than the app's), else the view's
    /// text direction, which GTK takes from the locale (Hebrew and Arabic read right to left).
    /// Right to left, compact components fill rows from the right and margins swap sides; vertical
    /// positions, and so content offsets, do not change. Left and Right move the keyboard focus in
    /// the reading direction.
    public var layoutDirection: LayoutDirection {
        get { layoutDirectionOverride ?? viewModel?.layoutDirection ?? view.textDirection }
        set {
            let old = layoutDirection
            layoutDirectionOverride = newValue
            // Every frame moves: the components on screen are placed again.
            guard newValue != old, layout != nil else { return }
            renderCurrentViewModel()
        }
    }

    // Impressions (ViewController+Impressions.swift)
    /// Hears when a component with `logging` data has been seen: at least ``impressionThresholds``'
    /// fraction of it visible for their duration, once per appearance. Nil (the default) tracks
    /// nothing. The ``ViewControllerFactory`` sets its own ``ViewControllerFactory/impressionObserver``
    /// on the controllers it makes. Held weakly.
    public var impressionObserver: (any ImpressionObserver)? {
        get { impressions.observer }
        set {
            impressions.observer = newValue
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
    /// The tracker, its timer and the on-screen monitor (set up at the end of `init`).
    private(set) var impressions: ImpressionReporter!
    /// True while a render runs: the offsets and layouts it passes through on its way are not
    /// shown, so impressions are updated once, at its end.
    var isRendering = false
    /// The frames of the overlays, in the view's coordinates, in model order.
    var overlayFrames: [Rect] = []

    // Loading and error states (ViewController+LoadingState.swift)
    var stateView: StateView?
    var lastError: (any Error)?
    /// True while the view shows part of its content (`viewModelLoader(_:didLoadPart:)`).
    var isShowingPart = false
    var wasLoading = false

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
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.loader = loader
        self.registry = componentRegistry
        self.layoutManager = layoutManager
        self.actionRegistry = actionRegistry
        self.actionHandler = actionHandler
        self.initialViewModelRegistry = initialViewModelRegistry
        self.scrollHandler = scrollHandler ?? DefaultViewControllerScrollHandler()
        canvas = ScrollCanvas()
        view = Widget(owning: canvas.widget)
        pool = ComponentReusePool(registry: componentRegistry)
        measurer = ComponentMeasurer(registry: componentRegistry)
        canvas.delegate = self
        FrameworkStyle.installIfNeeded()
        SoupHTTPClient.installAsDefaultUnlessSet()
        view.addCSSClass("hub-view")
        loader.delegate = self
        loader.actionPerformer = self
        impressions = ImpressionReporter(watching: view) { [weak self] in self?.updateImpressions() }
    }

    /// Gives the keyboard focus to the view: to the first component on screen that wants it
    /// (``ComponentWithInitialFocus``, such as the search bar), otherwise to its list of
    /// components, so that the arrow keys, Page Up/Down, Home and End scroll it.
    ///
    /// Content that is still loading is waited for: the list has the focus meanwhile, and the
    /// first render that shows components moves it on, unless the user moved it elsewhere first.
    public func focusContent() {
        canvas.focusContent()
        wantsInitialFocus = true
        moveFocusToInitialComponent()
    }

    /// The number of body components of the content shown (0 before any arrives).
    public var bodyComponentCount: Int { viewModel?.bodyComponentModels.count ?? 0 }

    /// Drops the content of a view that is not on screen, to free its memory: the view model, its
    /// layout and what the loader kept. When the view appears again it loads afresh and scrolls back
    /// to where it was. Does nothing while the view is visible.
    public func discardContent() {
        guard !isVisible, viewModel != nil else { return }
        pendingScroll = .offset(canvas.contentOffset)
        loader.discardContent()
        pendingDiff = nil
        layoutContinuation = nil
        let replaced = ReplacedViewModels(viewModel, lastRenderedViewModel, layout: layout)
        viewModel = nil
        lastRenderedViewModel = nil
        liveBody.forgetViewModel()
        layout = nil
        updateLoadingState()
        replaced.releaseOffTheMainThread()
    }

    /// Stops loading and releases every widget. The controller must not be used afterwards.
    public func tearDown() {
        stopImpressions()
        loader.cancel()
        cancelGesture()
        for wrapper in allWrappers() + pool.drain() { wrapper.tearDown() }
        for cell in cells.values { cell.tearDown() }
        cells.removeAll()
        liveBody = LiveBodyComponents()
        headerWrapper = nil
        overlayWrappers.removeAll()
        stateView?.tearDown()
        stateView = nil
        canvas.tearDown()
    }

    // MARK: Appearance

    /// Call when the view is about to be shown (pushed, or returned to): shows the initial content
    /// at once and loads the content (subject to the reload policy when it was loaded before).
    public func viewWillAppear() {
        isVisible = true
        if viewModel == nil {
            let initial = loader.initialViewModel
            viewModel = initial
            navigationItem = initial.navigationItem ?? NavigationItem()
            renderCurrentViewModel()
        }
        // Components still on screen from an earlier appearance appear again; a first render
        // below makes its components appear by itself.
        for wrapper in liveBody.all { cellWillAppear(wrapper, forced: true) }
        for wrapper in [headerWrapper].compactMap({ $0 }) + overlayWrappers { wrapperWillAppear(wrapper) }
        loader.loadViewModel()
        updateLoadingState()
        updateImpressions()
    }

    /// Call when the view went away (navigated from). Work in flight is cancelled; it loads again
    /// on `viewWillAppear` according to the reload policy.
    public func viewDidDisappear() {
        isVisible = false
        cancelGesture()
        loader.cancel()
        updateLoadingState()
        updateImpressions()
    }

    /// Loads the content again, ignoring the reload policy.
    public func reload() {
        loader.reloadViewModel()
        updateLoadingState()
    }

    /// True while the content loading chain runs.
    public var isLoading: Bool { loader.isLoading || pendingDiff != nil }

    // MARK: ViewModelLoaderDelegate

    /// Renders `viewModel`, updates ``navigationItem`` and tells the delegate before and after.
    /// The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        isShowingPart = false
        render(viewModel)
    }

    /// Renders part of the content while the rest loads (the first screens of a long document):
    /// ``isLoading`` stays true, and the whole follows. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel) {
        isShowingPart = true
        render(viewModel)
    }

    private func render(_ viewModel: ViewModel) {
        // A large view model is diffed on a background thread first; it is shown when the diff is in.
        if diffInBackgroundIfLarge(viewModel) { return }
        show(viewModel, diff: nil)
    }

    /// Renders `viewModel` (with `diff` from the last rendered view model, when it was computed
    /// already) and tells the delegate before and after.
    func show(_ viewModel: ViewModel, diff: ViewModelDiff?) {
        lastError = nil
        delegate?.viewController(self, willUpdateWith: viewModel)
        // Holds the view models this render replaces, so that they are freed off the main thread.
        let replaced = ReplacedViewModels(self.viewModel, lastRenderedViewModel)
        self.viewModel = viewModel
        navigationItem = viewModel.navigationItem ?? NavigationItem()
        renderCurrentViewModel(precomputedDiff: diff)
        updateLoadingState()
        delegate?.viewControllerDidUpdate(self)
        replaced.releaseOffTheMainThread()
    }

    /// Keeps the current content, shows the error (over the content when there is some) and tells
    /// the delegate. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        if isShowingPart {
            // The part was never the view's content (the rest of its document was unusable): the
            // view goes back to what it showed before the part, and shows the error.
            isShowingPart = false
            pendingDiff = nil
            show(loader.previouslyLoadedViewModel ?? loader.initialViewModel, diff: nil)
        }
        lastError = error
        updateLoadingState()  // also updates the state view
        delegate?.viewController(self, didFailToUpdateWith: error)
    }

    // MARK: Appearance bookkeeping
    // A component is told it will appear once per model it shows (again after its model changed),
    // and again when it scrolls into view or the whole view reappears (`forced`); one that merely
    // stays in view is not told again.

    func cellWillAppear(_ wrapper: ComponentWrapper, forced: Bool) {
        if wrapper.viewHasAppearedSinceLastModelChange && !forced { return }
        wrapperWillAppear(wrapper)
    }

    func wrapperWillAppear(_ wrapper: ComponentWrapper) {
        wrapper.selfWillAppear()
        let offset = Point(x: 0, y: canvas.contentOffset)
        if wrapper.isContentOffsetObserver && (wrapper.appearanceCount == 1 || lastProgrammaticContentOffset != offset) {
            wrapper.updateView(forChangedContentOffset: offset)
        }
        if let model = wrapper.model, let view = wrapper.view {
            delegate?.viewController(self, componentWith: model, layoutTraits: wrapper.component.layoutTraits,
                                     willAppearIn: view)
        }
        wrapper.visibleChildrenWillAppear()
    }

    /// Every wrapper in use: visible body components, the header, overlays and their visible children.
    func observerWrappers() -> [ComponentWrapper] {
        var result: [ComponentWrapper] = []
        var stack = liveBody.all
        if let headerWrapper { stack.append(headerWrapper) }
        stack.append(contentsOf: overlayWrappers)
        while let wrapper = stack.popLast() {
            result.append(wrapper)
            stack.append(contentsOf: wrapper.visibleChildren)
        }
        return result
    }

    /// The root wrappers in use: visible body components, overlays and the header.
    private func allWrappers() -> [ComponentWrapper] {
        var all = liveBody.all + overlayWrappers
        if let headerWrapper { all.append(headerWrapper) }
        return all
    }
}
