import CGtk
import Foundation
import HubFramework

/// Shows one view URI: runs its content loading chain and renders the resulting view models as
/// components, creating widgets only for what is visible and recycling the rest.
///
/// The body scrolls inside a `ScrollCanvas`; the header floats on top and does not scroll (the
/// body starts below its preferred height); overlays are centred on top of everything, stacked.
/// Each body component is placed at the frame the layout engine computed. While scrolling, widgets
/// that leave the visible area (plus `overscan`) go back to a reuse pool keyed by `namespace:name`
/// and are configured with the models that come into view.
@MainActor
public final class ViewController: ViewModelLoaderDelegate, ScrollCanvasDelegate, ActionPerformer {
    public let viewURI: URL
    public let featureInfo: FeatureInfo
    public var featureIdentifier: String { featureInfo.identifier }
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
    public var imageLoader: ComponentImageLoading?

    let pool: ComponentReusePool
    let measurer: ComponentMeasurer
    /// The layout of the rendered view model.
    public private(set) var layout: ComponentLayout?
    private var lastRenderedViewModel: ViewModel?
    private var needsRender = false
    private(set) var visibleWrappers: [Int: ComponentWrapper] = [:]
    private(set) var headerWrapper: ComponentWrapper?
    private(set) var overlayWrappers: [ComponentWrapper] = []
    private var cells: [ObjectIdentifier: Cell] = [:]
    var highlightedWrapper: ComponentWrapper?
    var gesture: GestureTracking?
    private var lastProgrammaticContentOffset: Point = .zero
    private(set) var isVisible = false
    private var stateView: StateView?
    private var lastError: (any Error)?
    private var wasLoading = false
    private var connections: [SignalConnection] = []

    /// - Parameter loader: the content loading chain for `viewURI`.
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
        Gtk.addClass(canvas.widget, "hub-view")
        gtk_widget_set_name(canvas.layout, "collectionView")
        if let accessible = gtk_widget_get_accessible(canvas.layout) { atk_object_set_role(accessible, ATK_ROLE_LIST) }
        loader.delegate = self
        loader.actionPerformer = self
        gtk_widget_set_visible(canvas.scrollbar, 0)
    }

    /// Gives the keyboard focus to the view's content (its list of components), so that the arrow
    /// keys, Page Up/Down, Home and End scroll it.
    public func focusContent() {
        gtk_widget_grab_focus(canvas.layout)
    }

    /// Stops loading and releases every widget. The controller must not be used afterwards.
    public func tearDown() {
        loader.cancel()
        cancelGesture()
        for wrapper in allWrappers() + pool.drain() { wrapper.tearDown() }
        for cell in cells.values { cell.tearDown() }
        cells.removeAll()
        visibleWrappers.removeAll()
        headerWrapper = nil
        overlayWrappers.removeAll()
        stateView?.tearDown()
        stateView = nil
        connections.forEach { $0.disconnect() }
        connections.removeAll()
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
        for index in visibleWrappers.keys.sorted() { cellWillAppear(visibleWrappers[index]!, forced: true) }
        for wrapper in [headerWrapper].compactMap({ $0 }) + overlayWrappers { wrapperWillAppear(wrapper) }
        loader.loadViewModel()
        updateLoadingState()
    }

    /// Call when the view went away (navigated from). Work in flight is cancelled; it loads again
    /// on `viewWillAppear` according to the reload policy.
    public func viewDidDisappear() {
        isVisible = false
        cancelGesture()
        loader.cancel()
        updateLoadingState()
    }

    /// Loads the content again, ignoring the reload policy.
    public func reload() {
        loader.reloadViewModel()
        updateLoadingState()
    }

    /// True while the content loading chain runs.
    public var isLoading: Bool { loader.isLoading }

    // MARK: ViewModelLoaderDelegate

    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        lastError = nil
        delegate?.viewController(self, willUpdateWith: viewModel)
        self.viewModel = viewModel
        navigationItem = viewModel.navigationItem ?? NavigationItem()
        renderCurrentViewModel()
        updateLoadingState()
        delegate?.viewControllerDidUpdate(self)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        lastError = error
        updateLoadingState()  // also updates the state view
        delegate?.viewController(self, didFailToUpdateWith: error)
    }

    private func updateLoadingState() {
        let loading = loader.isLoading
        if loading != wasLoading {
            wasLoading = loading
            delegate?.viewController(self, loadingStateDidChange: loading)
        }
        updateStateView()
    }

    // MARK: Rendering

    private var addsHeaderMargin: Bool {
        delegate?.viewControllerShouldAutomaticallyManageTopContentInset(self) ?? true
    }

    /// The size components are laid out in.
    public var containerSize: Size { canvas.viewportSize }

    private func renderCurrentViewModel() {
        guard let viewModel else { return }
        guard canvas.viewportSize.width > 0 else {
            needsRender = true
            return
        }
        needsRender = false
        for wrapper in visibleWrappers.values { wrapper.saveComponentUIState() }
        configureHeader(viewModel.headerComponentModel)
        configureOverlays(viewModel.overlayComponentModels)

        let container = containerSize
        let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                       header: viewModel.headerComponentModel, measurer: measurer)
        let previousLayout = layout
        let previousVisibleTop = previousLayout?.firstIndex(intersecting: canvas.visibleRect)
        var diff: ViewModelDiff?
        // After an empty body (the initial content, a loading state) a diff could only say "all
        // inserted": a fresh layout is cheaper than applying it, and there is no offset to keep.
        if let last = lastRenderedViewModel, !last.bodyComponentModels.isEmpty {
            diff = ViewModelDiff(from: last, to: viewModel)
        }

        if var current = layout, let diff, current.containerSize == container,
            current.addsHeaderMargin == addsHeaderMargin
        {
            if diff.body.hasChanges {
                _ = current.update(insertedIndexes: diff.body.inserted, deletedIndexes: diff.body.deleted,
                                   reloadedIndexes: diff.body.reloaded, measuring: measuring)
            }
            if diff.headerChanged { _ = current.invalidateHeader(measuring: measuring) }
            layout = current
        } else {
            layout = ComponentLayout(containerSize: container, measuring: measuring, layoutManager: layoutManager,
                                     addsHeaderMargin: addsHeaderMargin)
        }
        lastRenderedViewModel = viewModel
        guard let layout else { return }

        var target = Point(x: 0, y: canvas.contentOffset)
        if let diff {
            target = ContentOffsetPreservation.targetContentOffset(
                proposedOffset: target, previousLayout: previousLayout, newLayout: layout,
                diff: (diff.body.inserted, diff.body.deleted), currentOffset: target,
                topVisibleIndex: previousVisibleTop, contentInset: .zero, viewHeight: canvas.viewportSize.height)
        }
        canvas.setContentHeight(layout.contentSize.height)
        gtk_widget_set_visible(canvas.scrollbar,
                               scrollHandler.shouldShowScrollIndicators(in: self)
                                   && layout.contentSize.height > canvas.viewportSize.height ? 1 : 0)
        if target.y != canvas.contentOffset {
            canvas.setContentOffset(target.y)  // updates the visible cells through the delegate
        }
        updateVisibleCells()
        for wrapper in [headerWrapper].compactMap({ $0 }) + overlayWrappers where isVisible {
            if !wrapper.viewHasAppearedSinceLastModelChange { wrapperWillAppear(wrapper) }
        }
        updateStateView()
        delegate?.viewControllerDidFinishRendering(self)
    }

    /// Places components for the current viewport: keeps the ones still visible (reconfiguring
    /// those whose model changed), recycles the ones that left, and takes wrappers from the pool
    /// for the ones that came into view.
    func updateVisibleCells() {
        guard let layout, let viewModel, layout.count == viewModel.bodyComponentModels.count else { return }
        let body = viewModel.bodyComponentModels
        let visible = canvas.visibleRect
        let area = Rect(x: 0, y: visible.minY - overscan, width: visible.width, height: visible.height + 2 * overscan)
        let container = containerSize

        var previous: [String: ComponentWrapper] = [:]
        previous.reserveCapacity(visibleWrappers.count)
        for wrapper in visibleWrappers.values {
            if let model = wrapper.model { previous[model.identifier] = wrapper }
        }
        var next: [Int: ComponentWrapper] = [:]
        var appearing: [Int] = []
        layout.forEachIndex(intersecting: area) { index in
            let model = body[index]
            if let wrapper = previous[model.identifier], wrapper.model?.componentIdentifier == model.componentIdentifier {
                previous[model.identifier] = nil
                next[index] = wrapper
                let changed = wrapper.model != model
                let frame = layout.frame(at: index)
                wrapper.frame = frame  // children are sized to it while configuring
                wrapper.configureView(with: model, containerViewSize: container)
                place(wrapper, at: frame)
                if changed {
                    imageLoader?.loadImages(for: wrapper, containerViewSize: container)
                    if isVisible { cellWillAppear(wrapper, forced: false) }
                }
            } else {
                appearing.append(index)
            }
        }
        // Recycle first, so the pool can hand the freed wrappers to the appearing models.
        for wrapper in previous.values { endDisplaying(wrapper) }
        for index in appearing {
            let model = body[index]
            let wrapper = pool.wrapper(for: model, delegate: self, parent: nil)
            // A component creating children while it is configured sizes them to its frame.
            let frame = layout.frame(at: index)
            wrapper.frame = frame
            wrapper.configureView(with: model, containerViewSize: container)
            let cell = self.cell(for: wrapper)
            cell.adopt(wrapper)
            place(wrapper, at: frame)
            gtk_widget_show(cell.widget)
            next[index] = wrapper
            imageLoader?.loadImages(for: wrapper, containerViewSize: container)
            if isVisible { cellWillAppear(wrapper, forced: canvas.isScrolling) }
        }
        visibleWrappers = next
    }

    private func place(_ wrapper: ComponentWrapper, at frame: Rect) {
        let cell = self.cell(for: wrapper)
        wrapper.frame = frame
        cell.setSize(frame.size)
        if canvas.origin(of: cell.widget) == nil {
            canvas.addChild(cell.widget, at: frame.origin)
        } else {
            canvas.moveChild(cell.widget, to: frame.origin)
        }
    }

    private func endDisplaying(_ wrapper: ComponentWrapper) {
        if let model = wrapper.model, let view = wrapper.view {
            delegate?.viewController(self, componentWith: model, layoutTraits: wrapper.component.layoutTraits,
                                     didDisappearFrom: view)
        }
        if highlightedWrapper === wrapper { cancelComponentSelection() }
        wrapper.saveComponentUIState()
        if let cell = cells[ObjectIdentifier(wrapper)] { gtk_widget_hide(cell.widget) }
        wrapper.prepareViewForReuse()
    }

    func cell(for wrapper: ComponentWrapper) -> Cell {
        let key = ObjectIdentifier(wrapper)
        if let cell = cells[key] { return cell }
        let cell = Cell(controller: self)
        cells[key] = cell
        return cell
    }

    // MARK: Appearance bookkeeping
    // A component is told it will appear once per model it shows: again after its model changed,
    // and again when the whole view reappears (`forced`), but not on every scroll step.

    private func cellWillAppear(_ wrapper: ComponentWrapper, forced: Bool) {
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

    // MARK: Header and overlays
    // Neither scrolls: both float in the canvas overlay, the header at the top at its preferred
    // height, the overlays centred (or where the delegate puts them) and stacked in model order.

    private func configureHeader(_ model: ComponentModel?) {
        guard let model else {
            if let header = headerWrapper {
                discard(header)
                headerWrapper = nil
            }
            return
        }
        let (wrapper, changed) = configureHeaderOrOverlay(model, previous: headerWrapper)
        let cell = self.cell(for: wrapper)
        if changed, let view = wrapper.view {
            // The header's own widget carries its height, so a collapsing header can resize itself.
            let size = measurer.preferredSize(for: model, containerSize: containerSize)
            view.setSizeRequest(width: -1, height: Int(size.height.rounded()))
        }
        cell.setSize(Size(width: -1, height: -1))
        cell.attachToOverlay(canvas.overlay, halign: GTK_ALIGN_FILL, valign: GTK_ALIGN_START)
        Gtk.addClass(cell.widget, "hub-header")
        headerWrapper = wrapper
    }

    private func configureOverlays(_ models: [ComponentModel]) {
        var old = overlayWrappers
        var configured: [ComponentWrapper] = []
        for model in models {
            // Plain positional reuse (the original skipped every other wrapper, a bug).
            let previous = old.isEmpty ? nil : old.removeFirst()
            let wrapper = configureHeaderOrOverlay(model, previous: previous).wrapper
            let size = measurer.preferredSize(for: model, containerSize: containerSize)
            let cell = self.cell(for: wrapper)
            cell.setSize(size)
            let proposed = Point(x: containerSize.width / 2, y: containerSize.height / 2)
            let center = delegate?.viewController(self, centerPointForOverlayComponentAt: proposed) ?? proposed
            if center == proposed {
                cell.attachToOverlay(canvas.overlay, halign: GTK_ALIGN_CENTER, valign: GTK_ALIGN_CENTER)
            } else {
                cell.attachToOverlay(canvas.overlay, halign: GTK_ALIGN_START, valign: GTK_ALIGN_START)
                gtk_widget_set_margin_start(cell.widget, Int32(max(0, center.x - size.width / 2)))
                gtk_widget_set_margin_top(cell.widget, Int32(max(0, center.y - size.height / 2)))
            }
            Gtk.addClass(cell.widget, "hub-overlay")
            configured.append(wrapper)
        }
        for unused in old {
            discard(unused)
        }
        overlayWrappers = configured
    }

    /// Reuses `previous` when it shows the same kind of component; `changed` is false when the
    /// model was equal and nothing was touched.
    private func configureHeaderOrOverlay(_ model: ComponentModel, previous: ComponentWrapper?)
        -> (wrapper: ComponentWrapper, changed: Bool)
    {
        if let previous, let current = previous.model, current == model { return (previous, false) }
        let wrapper: ComponentWrapper
        if let previous, previous.model?.componentIdentifier == model.componentIdentifier {
            // Reused in place; unlike the original it is not also filed in the reuse pool.
            previous.saveComponentUIState()
            wrapper = previous
        } else {
            if let previous {
                discard(previous)
            }
            wrapper = pool.wrapper(for: model, delegate: self, parent: nil)
            pool.remove(wrapper)
        }
        wrapper.configureView(with: model, containerViewSize: containerSize)
        cell(for: wrapper).adopt(wrapper)
        imageLoader?.loadImages(for: wrapper, containerViewSize: containerSize)
        return (wrapper, true)
    }

    /// Takes a header or overlay wrapper that is no longer used off the screen and releases it.
    private func discard(_ wrapper: ComponentWrapper) {
        let key = ObjectIdentifier(wrapper)
        cells[key]?.detachFromOverlay()
        wrapper.tearDown()
        cells[key]?.tearDown()
        cells[key] = nil
    }

    // MARK: Loading and error states

    private func updateStateView() {
        let hasContent = viewModel.map {
            !$0.bodyComponentModels.isEmpty || $0.headerComponentModel != nil || !$0.overlayComponentModels.isEmpty
        } ?? false
        let state: StateView.State?
        if let lastError, !loader.isLoading {
            state = .error(lastError, compact: hasContent)
        } else if loader.isLoading && !hasContent {
            state = .loading
        } else if !hasContent && loader.previouslyLoadedViewModel != nil {
            state = .empty
        } else {
            state = nil
        }
        if let state {
            if stateView == nil {
                let view = StateView { [weak self] in self?.reload() }
                gtk_overlay_add_overlay(hub_overlay(canvas.overlay), view.widget)
                stateView = view
            }
            stateView?.show(state)
        } else {
            stateView?.hide()
        }
    }

    /// The state shown over the content, for tests: "loading", an error message, or nil.
    public var visibleStateDescription: String? { stateView?.currentDescription }

    // MARK: ScrollCanvasDelegate

    package func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas) {
        if needsRender || (layout != nil && layout?.containerSize.width != canvas.viewportSize.width) {
            relayoutForNewSize()
            return
        }
        cancelGesture()  // content moved under the pointer: a press in progress is no longer a click
        updateVisibleCells()
        let offset = Point(x: 0, y: canvas.contentOffset)
        scrollHandler.scrollViewDidScroll(in: self, contentOffset: offset)
        notifyContentOffsetObservers(offset)
        loadNextPageIfNearEnd()
    }

    private func relayoutForNewSize() {
        if let layout, layout.containerSize.width != canvas.viewportSize.width || needsRender {
            // Every width may change: lay out again and reconfigure what is visible.
            self.layout = nil
            lastRenderedViewModel = nil
            for wrapper in visibleWrappers.values { wrapper.reconfigureView(containerViewSize: containerSize) }
        }
        renderCurrentViewModel()
    }

    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {
        cancelComponentSelection()
        scrollHandler.scrollingWillStart(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double)
    {
        let proposed = Point(x: 0, y: target)
        let chosen = scrollHandler.targetContentOffsetForEndedScroll(
            in: self, velocity: Point(x: 0, y: velocity), currentContentOffset: Point(x: 0, y: canvas.contentOffset),
            proposedContentOffset: proposed)
        target = chosen.y
        if let layout, target >= layout.contentSize.height - canvas.viewportSize.height, !loader.isLoading {
            loader.loadNextPageForCurrentViewModel()
            updateLoadingState()
        }
    }

    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {
        scrollHandler.scrollingDidEnd(in: self, currentContentRect: currentContentRect)
    }

    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool {
        delegate?.viewControllerShouldStartScrolling(self) ?? true
    }

    private var currentContentRect: Rect {
        let height = min(canvas.viewportSize.height, (layout?.contentSize.height ?? 0) - canvas.contentOffset)
        return Rect(x: 0, y: canvas.contentOffset, width: canvas.viewportSize.width, height: max(0, height))
    }

    /// Desktop scrolling has no "end of drag" for wheels and scrollbars, so the next page is also
    /// requested whenever the bottom of the content comes within one viewport of the visible area.
    private func loadNextPageIfNearEnd() {
        guard let layout, !loader.isLoading, loader.previouslyLoadedViewModel != nil else { return }
        let remaining = layout.contentSize.height - (canvas.contentOffset + canvas.viewportSize.height)
        if remaining < canvas.viewportSize.height {
            loader.loadNextPageForCurrentViewModel()
            updateLoadingState()
        }
    }

    func notifyContentOffsetObservers(_ offset: Point) {
        for wrapper in observerWrappers() where wrapper.isContentOffsetObserver {
            wrapper.updateView(forChangedContentOffset: offset)
        }
    }

    /// Every wrapper in use: visible body components, the header, overlays and their visible children.
    func observerWrappers() -> [ComponentWrapper] {
        var result: [ComponentWrapper] = []
        var stack = visibleWrappers.keys.sorted().compactMap { visibleWrappers[$0] }
        if let headerWrapper { stack.append(headerWrapper) }
        stack.append(contentsOf: overlayWrappers)
        while let wrapper = stack.popLast() {
            result.append(wrapper)
            stack.append(contentsOf: wrapper.visibleChildren)
        }
        return result
    }

    private func allWrappers() -> [ComponentWrapper] {
        var all = Array(visibleWrappers.values) + overlayWrappers
        if let headerWrapper { all.append(headerWrapper) }
        return all
    }

    // MARK: Geometry and scrolling API

    /// The frame of the body component at `index` (content coordinates), `.zero` when out of bounds.
    public func frameForBodyComponent(at index: Int) -> Rect {
        layout?.frame(at: index) ?? .zero
    }

    /// The body component under `point` (view coordinates), or nil.
    public func indexOfBodyComponent(at point: Point) -> Int? {
        layout?.index(at: Point(x: point.x, y: point.y + canvas.contentOffset))
    }

    /// The current content offset.
    public var contentOffset: Point { Point(x: 0, y: canvas.contentOffset) }

    /// Scrolls to `offset` (clamped).
    public func scroll(to offset: Point, animated: Bool = false) {
        lastProgrammaticContentOffset = Point(x: 0, y: min(max(0, offset.y), canvas.maximumOffset))
        canvas.setContentOffset(offset.y, animated: animated)
    }

    /// The offset that shows the body component at `index` at `scrollPosition`: its top edge at the
    /// top of the view (`.top`), its middle in the middle (`.centeredVertically`) or its bottom edge at
    /// the bottom (`.bottom`), clamped to the content. Scroll handlers without a rule of their own use it.
    public func defaultContentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition) -> Point {
        layout?.contentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition, contentInset: .zero,
                              viewHeight: canvas.viewportSize.height) ?? .zero
    }

    /// Scrolls a component into view; for children (`indexPath` longer than 1) asks each parent
    /// to scroll to the next child. `completion` is called with each level's index path.
    public func scrollToComponent(ofType type: ComponentType, indexPath: [Int], scrollPosition: ScrollPosition,
                                  animated: Bool, completion: (@MainActor ([Int]) -> Void)? = nil)
    {
        guard let first = indexPath.first, let viewModel else { return }
        var root: ComponentWrapper?
        switch type {
        case .body:
            guard first < viewModel.bodyComponentModels.count else { return }
            let offset = scrollHandler.contentOffsetForDisplayingComponent(
                at: first, scrollPosition: scrollPosition, contentSize: layout?.contentSize ?? .zero, in: self)
            scroll(to: offset, animated: false)
            root = visibleWrappers[first]
        case .header:
            root = headerWrapper
        case .overlay:
            root = overlayWrappers.indices.contains(first) ? overlayWrappers[first] : nil
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

    /// Visible component widgets of a type, keyed by index path (header `[0]`, body `[row]`,
    /// overlays `[i]`, children extend their parent's path).
    public func visibleComponentViews(forComponentType type: ComponentType) -> [[Int]: Widget] {
        var roots: [([Int], ComponentWrapper)] = []
        switch type {
        case .header: if let headerWrapper { roots = [([0], headerWrapper)] }
        case .body: roots = visibleWrappers.map { ([$0.key], $0.value) }
        case .overlay: roots = overlayWrappers.enumerated().map { ([$0.offset], $0.element) }
        }
        var result: [[Int]: Widget] = [:]
        var stack = roots
        while let (path, wrapper) = stack.popLast() {
            if let view = wrapper.view { result[path] = view }
            for (index, _) in wrapper.visibleChildViewsByIndex {
                if let child = wrapper.visibleChildComponent(at: index) { stack.append((path + [index], child)) }
            }
        }
        return result
    }

    /// The visible widget of the component at `indexPath`, or nil.
    public func visibleView(forComponentOfType type: ComponentType, indexPath: [Int]) -> Widget? {
        guard let first = indexPath.first else { return nil }
        var wrapper: ComponentWrapper?
        switch type {
        case .header: wrapper = first == 0 ? headerWrapper : nil
        case .body: wrapper = visibleWrappers[first]
        case .overlay: wrapper = overlayWrappers.indices.contains(first) ? overlayWrappers[first] : nil
        }
        for index in indexPath.dropFirst() { wrapper = wrapper?.visibleChildComponent(at: index) }
        return wrapper?.view
    }

    // MARK: Statistics (benchmarks and tests)

    /// Component widgets currently placed for the body.
    public var liveBodyComponentCount: Int { visibleWrappers.count }
    /// Wrappers waiting in the reuse pool.
    public var pooledComponentCount: Int { pool.idleCount }
    /// Components the pool ever created.
    public var createdComponentCount: Int { pool.createdCount }
    /// The body indexes that currently have widgets.
    public var liveBodyIndexes: [Int] { visibleWrappers.keys.sorted() }

    /// The component showing the body model at `index`, if it is live.
    public func liveComponent(atBodyIndex index: Int) -> (any Component)? { visibleWrappers[index]?.component }
    /// The header component, if any.
    public var headerComponent: (any Component)? { headerWrapper?.component }
    /// The overlay components, in order.
    public var overlayComponents: [any Component] { overlayWrappers.map(\.component) }
    /// The cell widget hosting the body component at `index` (its allocation is the component's frame).
    package func cellWidget(atBodyIndex index: Int) -> WidgetPointer? {
        visibleWrappers[index].flatMap { cells[ObjectIdentifier($0)]?.widget }
    }
    /// The cell widget hosting the header.
    package var headerCellWidget: WidgetPointer? { headerWrapper.flatMap { cells[ObjectIdentifier($0)]?.widget } }
    /// The cell widgets hosting the overlays.
    package var overlayCellWidgets: [WidgetPointer] { overlayWrappers.compactMap { cells[ObjectIdentifier($0)]?.widget } }
}
