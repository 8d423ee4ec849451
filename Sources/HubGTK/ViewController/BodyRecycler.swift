import HubFramework

/// The visible-cell recycler: only body components in the visible area (plus `overscan`) have
/// widgets. Each sits in a `Cell` placed on the canvas at its layout frame; components that leave
/// the area go back to the reuse pool and are handed to the models that come into view.
///
/// It owns the record of the live body components (`LiveBodyComponents`). It is given the reuse
/// pool and the cells of the root components (both shared with the header and overlays) and the
/// surface the cells are placed on. What follows a placement is the view controller's, which it
/// gives with each update: a component shown for a model (its images load, it may appear) and a
/// component about to leave the screen.
@MainActor
final class BodyRecycler {
    private let pool: ComponentReusePool
    private let cells: RootCells
    private let surface: any CellSurface
    /// The body components that have widgets (see `LiveBodyComponents`).
    private var liveBody = LiveBodyComponents<ComponentWrapper>()
    /// Extra height above and below the visible area for which components are kept alive.
    var overscan: Double = 240
    /// How many times the visible cells have been brought up to date (for the tests: once per
    /// render or scroll, never twice).
    private(set) var updateCount = 0

    init(pool: ComponentReusePool, cells: RootCells, surface: any CellSurface) {
        self.pool = pool
        self.cells = cells
        self.surface = surface
    }

    /// The body components that have widgets, by body index.
    var placedWrappers: [Int: ComponentWrapper] { liveBody.placed }
    /// Every body component that has a widget, placed or not.
    var liveWrappers: [ComponentWrapper] { liveBody.all }
    var liveCount: Int { liveBody.count }

    /// A render follows the body diff from `old` to `new` (see `LiveBodyComponents`).
    func follow(_ diff: ListDiff?, to new: ViewModel, from old: ViewModel?) {
        liveBody.update(to: new, following: diff, from: old)
    }

    /// The content was dropped: live components are matched to models by identifier when it is back.
    func forgetViewModel() { liveBody.forgetViewModel() }

    func saveComponentUIStates() {
        for wrapper in liveBody.all { wrapper.saveComponentUIState() }
    }

    func reconfigureLiveComponents(containerViewSize: Size) {
        for wrapper in liveBody.all { wrapper.reconfigureView(containerViewSize: containerViewSize) }
    }

    /// Places components for the current viewport: keeps the ones still visible (reconfiguring
    /// those whose model changed), recycles the ones that left, and takes wrappers from the pool
    /// for the ones that came into view.
    ///
    /// Whether a kept component's model changed comes from `liveBody`, which followed the diff of
    /// the last render: only the indexes the diff reloaded are configured again, and while merely
    /// scrolling no model is compared at all. Components whose index the diff could not tell (their
    /// item was deleted, perhaps to be inserted elsewhere, or there was no diff) are matched to
    /// models by identifier and compared.
    ///
    /// `layout` must be `viewModel`'s: complete, or the first chunks of it while a large body is
    /// still being laid out (`isRendered`: the view model was rendered; IncrementalLayout.swift).
    ///
    /// When no component has a widget yet (a view's first content, or content back after a
    /// discard), only the visible area is filled: the components above and below it would add their
    /// creation, allocation and style to the frame that first shows the view, for nothing anyone
    /// sees in it. True then: the caller updates again once that frame is out, and the overscan
    /// fills (docs/benchmarks.md, "The 100-component view").
    ///
    /// `didShow` hears each wrapper configured for a model and placed (`isNew` when it came from the
    /// pool); `willHide` each wrapper about to leave the screen, before the pool may hand it on.
    @discardableResult
    func updateVisibleCells(layout: ComponentLayout, viewModel: ViewModel, isRendered: Bool, visibleRect visible: Rect,
                            containerSize container: Size,
                            didShow: (ComponentWrapper, _ isNew: Bool) -> Void,
                            willHide: (ComponentWrapper) -> Void) -> Bool
    {
        updateCount += 1
        guard layout.count == viewModel.bodyComponentModels.count
            || (isRendered && layout.count < viewModel.bodyComponentModels.count)
        else { return false }
        let body = viewModel.bodyComponentModels
        let defersOverscan = liveBody.count == 0 && overscan > 0
        let margin = defersOverscan ? 0 : overscan
        let area = Rect(x: 0, y: visible.minY - margin, width: visible.width, height: visible.height + 2 * margin)

        // Content that arrived without a render (the view had no width) has no diff to follow.
        liveBody.update(to: viewModel)
        var placed = liveBody.placed
        let reloaded = liveBody.reloaded
        var unplaced: [String: ComponentWrapper] = [:]
        for wrapper in liveBody.unplaced.reversed() {  // reversed: the first of equal identifiers wins
            if let model = wrapper.model { unplaced[model.identifier] = wrapper }
        }
        var claimed: Set<ObjectIdentifier> = []

        var next: [Int: ComponentWrapper] = [:]
        next.reserveCapacity(placed.count)
        var appearing: [Int] = []
        layout.forEachIndex(intersecting: area) { index in
            let model = body[index]
            let wrapper: ComponentWrapper
            let changed: Bool
            let isReloaded = reloaded.contains(index)
            if let live = placed[index],
                !isReloaded || live.model?.componentIdentifier == model.componentIdentifier
            {
                placed[index] = nil
                wrapper = live
                wrapper.frame = layout.frame(at: index)  // children are sized to it while configuring
                if isReloaded {
                    wrapper.configureView(withChangedModel: model, containerViewSize: container)
                } else {
                    wrapper.keepModel(model)
                }
                changed = isReloaded
            } else if let live = unplaced[model.identifier],
                live.model?.componentIdentifier == model.componentIdentifier
            {
                unplaced[model.identifier] = nil
                claimed.insert(ObjectIdentifier(live))
                wrapper = live
                wrapper.frame = layout.frame(at: index)
                changed = wrapper.configureView(with: model, containerViewSize: container)
            } else {
                appearing.append(index)
                return
            }
            next[index] = wrapper
            place(wrapper, at: wrapper.frame)
            if changed {
                cells.existingCell(for: wrapper)?.describeComponent()  // another model: another name
                didShow(wrapper, false)
            }
        }
        // Recycle first, so the pool can hand the freed wrappers to the appearing models.
        for wrapper in placed.values { endDisplaying(wrapper, willHide: willHide) }
        for wrapper in liveBody.unplaced where !claimed.contains(ObjectIdentifier(wrapper)) {
            endDisplaying(wrapper, willHide: willHide)
        }
        for index in appearing {
            let model = body[index]
            let wrapper = pool.wrapper(for: model, parent: nil)
            // A component creating children while it is configured sizes them to its frame.
            let frame = layout.frame(at: index)
            wrapper.frame = frame
            wrapper.configureView(with: model, containerViewSize: container)
            let cell = cells.cell(for: wrapper)
            cell.adopt(wrapper)
            place(wrapper, at: frame)
            cell.show()
            next[index] = wrapper
            didShow(wrapper, true)
        }
        liveBody.replace(with: next, for: viewModel)
        return defersOverscan && liveBody.count > 0
    }

    /// Puts the wrapper's cell at `frame` on the canvas (adding it the first time).
    private func place(_ wrapper: ComponentWrapper, at frame: Rect) {
        let cell = cells.cell(for: wrapper)
        wrapper.frame = frame
        cell.setSize(frame.size)
        if surface.origin(of: cell.widget) == nil {
            surface.addChild(cell.widget, at: frame.origin)
        } else {
            surface.moveChild(cell.widget, to: frame.origin)
        }
    }

    /// The component left the visible area: says so (`willHide`), keeps its UI state, hides its cell
    /// and hands the wrapper back to the reuse pool.
    private func endDisplaying(_ wrapper: ComponentWrapper, willHide: (ComponentWrapper) -> Void) {
        willHide(wrapper)
        wrapper.saveComponentUIState()
        if let cell = cells.existingCell(for: wrapper) {
            // Hiding the focused cell would leave the window with no focus at all (GTK unsets it),
            // so the next key would reach no part of the view: after a click focused a row and a
            // key scrolled it away, Home, End and Page Up/Down went nowhere. The content surface
            // takes the focus instead, and its keys keep scrolling.
            if cell.containsFocus { surface.focusContent() }
            cell.hide()
        }
        wrapper.prepareViewForReuse()
    }

    /// Releases the live body components' widgets (the pool and the cells are released by their owner).
    func tearDown() {
        for wrapper in liveBody.all { wrapper.tearDown() }
        liveBody = LiveBodyComponents()
    }
}
