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
/// The controller coordinates a team of small objects, each owning its state privately (one file each):
/// - `ContentLoading`: the loader as the view appears and disappears, and the spinner and error page (`StateView`);
/// - `ContentRenderer`: a new view model → diff (on a background thread when large) → layout → apply,
///   keeping the content offset; `IncrementalLayout`: the layout, laid out a screenful first and the
///   rest a few milliseconds per main-loop turn, and the scroll (`PendingScroll`) waiting for it;
/// - `BodyRecycler`: the reuse pool, which body components have widgets, their cells and placement;
/// - `HeaderAndOverlays`: the header and the overlays, which do not scroll;
/// - `Scrolling`: the canvas, its scroll events, paging, content offset observers, scrolling to components;
/// - `CellInput`: pointer and keyboard input on the cells, the highlight and the keyboard focus;
/// - `ActionRouter`: selections and actions, and what the content's origin may open;
/// - `ImpressionReporter`: which components with `logging` data have been seen;
/// - `ComponentImages`: the image loader and the content's origin it is given; nothing loads while
///   the view is away.
/// They reach each other through this coordinator (held `unowned`) and each other's methods, never
/// each other's state. `ViewController+PublicAPI.swift` forwards the public API to them;
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

    /// The root widget to put in a window or any container.
    public var view: Widget { scrolling.view }
    /// The scrolling surface the body lives on.
    package var canvas: ScrollCanvas { scrolling.canvas }

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
    /// Where the view's content came from, set by whoever made the controller (the factory asks
    /// the feature's factories, see ``/HubFramework/ContentOriginDeclaring``). Remote and live
    /// content may not open `file:` targets or load `file:` images (ActionRouter.swift).
    public var contentOrigin: ContentOrigin {
        get { images.contentOrigin }
        set { images.contentOrigin = newValue }
    }

    // The team. Each is made in `init` once the controller exists (they hold it `unowned`), so
    // they are implicitly unwrapped; none is ever nil afterwards.
    private(set) var images: ComponentImages!
    private(set) var content: ContentLoading!
    private(set) var renderer: ContentRenderer!
    private(set) var bodyLayout: IncrementalLayout!
    private(set) var recycler: BodyRecycler!
    private(set) var floating: HeaderAndOverlays!
    private(set) var scrolling: Scrolling!
    private(set) var input: CellInput!
    private(set) var actions: ActionRouter!
    /// The impression tracker, its timer and the on-screen monitor.
    private(set) var impressions: ImpressionReporter!

    /// The direction components flow in along a row: the one set here, else the view model's own
    /// (a document's `direction`, for a view in a language other than the app's), else the view's
    /// text direction, which GTK takes from the locale (Hebrew and Arabic read right to left).
    /// Right to left, compact components fill rows from the right and margins swap sides; vertical
    /// positions, and so content offsets, do not change. Left and Right move the keyboard focus in
    /// the reading direction.
    public var layoutDirection: LayoutDirection {
        get { renderer.layoutDirection }
        set { renderer.layoutDirection = newValue }
    }

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
        images = ComponentImages()
        content = ContentLoading(controller: self, loader: loader)
        renderer = ContentRenderer(controller: self)
        bodyLayout = IncrementalLayout(controller: self, measurer: ComponentMeasurer(registry: componentRegistry),
                                       layoutManager: layoutManager)
        recycler = BodyRecycler(controller: self, pool: ComponentReusePool(registry: componentRegistry))
        floating = HeaderAndOverlays(controller: self)
        scrolling = Scrolling(controller: self, scrollHandler: scrollHandler ?? DefaultViewControllerScrollHandler())
        input = CellInput(controller: self)
        actions = ActionRouter(controller: self, actionRegistry: actionRegistry, actionHandler: actionHandler,
                               initialViewModelRegistry: initialViewModelRegistry)
        FrameworkStyle.installIfNeeded()
        SoupHTTPClient.installAsDefaultUnlessSet()
        view.addCSSClass("hub-view")
        loader.delegate = self
        loader.actionPerformer = self
        impressions = ImpressionReporter(controller: self)
    }

    /// Gives the keyboard focus to the view: to the first component on screen that wants it
    /// (``ComponentWithInitialFocus``, such as the search bar), otherwise to its list of
    /// components, so that the arrow keys, Page Up/Down, Home and End scroll it.
    ///
    /// Content that is still loading is waited for: the list has the focus meanwhile, and the
    /// first render that shows components moves it on, unless the user moved it elsewhere first.
    public func focusContent() {
        input.focusContent()
    }

    /// The number of body components of the content shown (0 before any arrives).
    public var bodyComponentCount: Int { viewModel?.bodyComponentModels.count ?? 0 }

    /// Drops the content of a view that is not on screen, to free its memory: the view model, its
    /// layout and what the loader kept. When the view appears again it loads afresh and scrolls back
    /// to where it was. Does nothing while the view is visible.
    public func discardContent() {
        guard !content.isVisible, viewModel != nil else { return }
        bodyLayout.scrollWhenLaidOut(.offset(canvas.contentOffset))
        content.discardLoadedContent()
        // Holds the view models and the layout until the recycler has let go of them too, so that
        // they are freed off the main thread.
        let replaced = renderer.discardContent()
        recycler.forgetViewModel()
        content.updateLoadingState()
        replaced.releaseOffTheMainThread()
    }

    /// Stops loading and releases every widget. The controller must not be used afterwards.
    public func tearDown() {
        impressions.stop()
        content.cancel()
        images.suspend()
        input.cancelGesture()
        recycler.tearDown(alongWith: floating.wrappers)
        floating.forgetWrappers()
        content.tearDown()
        canvas.tearDown()
    }

    // MARK: Appearance

    /// Call when the view is about to be shown (pushed, or returned to): shows the initial content
    /// at once and loads the content (subject to the reload policy when it was loaded before).
    public func viewWillAppear() {
        content.setVisible(true)
        // Images cancelled when the view went are asked for again.
        images.resume(reloading: observerWrappers(), containerViewSize: containerSize)
        if viewModel == nil { renderer.showInitial(content.initialViewModel) }
        // Components still on screen from an earlier appearance appear again; a first render
        // below makes its components appear by itself.
        for wrapper in recycler.liveWrappers { cellWillAppear(wrapper, forced: true) }
        for wrapper in floating.wrappers { wrapperWillAppear(wrapper) }
        content.load()
        updateImpressions()
    }

    /// Call when the view went away (navigated from). Work in flight is cancelled, image downloads
    /// included (their connections close at once); it loads again on `viewWillAppear` according to
    /// the reload policy, and the images on screen are asked for again.
    public func viewDidDisappear() {
        content.setVisible(false)
        input.cancelGesture()
        content.cancel()
        images.suspend()
        content.updateLoadingState()
        updateImpressions()
    }

    /// Loads the content again, ignoring the reload policy.
    public func reload() {
        content.reload()
    }

    /// True while the content loading chain runs.
    public var isLoading: Bool { content.isLoaderBusy || renderer.isDiffing }

    // MARK: ViewModelLoaderDelegate

    /// Renders `viewModel`, updates ``navigationItem`` and tells the delegate before and after.
    /// The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        content.didLoad(viewModel, isPart: false)
    }

    /// Renders part of the content while the rest loads (the first screens of a long document):
    /// ``isLoading`` stays true, and the whole follows. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel) {
        content.didLoad(viewModel, isPart: true)
    }

    /// Keeps the current content, shows the error (over the content when there is some) and tells
    /// the delegate. The controller's loader calls it; apps do not.
    public func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        content.didFail(with: error)
    }

    // MARK: Appearance bookkeeping
    // A component is told it will appear once per model it shows (again after its model changed),
    // and again when it scrolls into view or the whole view reappears (`forced`); one that merely
    // stays in view is not told again. Kept here: it spans the recycler, the header and overlays,
    // scrolling and the delegate.

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
    func observerWrappers() -> [ComponentWrapper] {
        var result: [ComponentWrapper] = []
        var stack = recycler.liveWrappers + floating.wrappers
        while let wrapper = stack.popLast() {
            result.append(wrapper)
            stack.append(contentsOf: wrapper.visibleChildren)
        }
        return result
    }

    /// Tells the impression reporter what is visible now (after a render, scroll or appearance).
    func updateImpressions() {
        // Not before `init` has made the reporter.
        impressions?.update()
    }
}
