import HubFramework

/// The visible-cell recycler: only body components in the visible area (plus `overscan`) have
/// widgets. Each sits in a `Cell` placed on the canvas at its layout frame; components that leave
/// the area go back to the reuse pool and are handed to the models that come into view.
///
/// It owns the reuse pool, the record of the live body components (`LiveBodyComponents`) and the
/// cells of every root component (the header and overlays borrow theirs from here, since a wrapper
/// the pool hands out may have had a cell as a body component before).
@MainActor
final class BodyRecycler {
    private unowned let controller: ViewController
    private let pool: ComponentReusePool
    /// The body components that have widgets (see `LiveBodyComponents`).
    private var liveBody = LiveBodyComponents<ComponentWrapper>()
    /// The cell each root component's widget sits in, by wrapper.
    private var cells: [ObjectIdentifier: Cell] = [:]
    /// Extra height above and below the visible area for which components are kept alive.
    var overscan: Double = 240
    /// How many times the visible cells have been brought up to date (for the tests: once per
    /// render or scroll, never twice).
    private(set) var updateCount = 0

    init(controller: ViewController, pool: ComponentReusePool) {
        self.controller = controller
        self.pool = pool
    }

    /// The body components that have widgets, by body index.
    var placedWrappers: [Int: ComponentWrapper] { liveBody.placed }
    /// Every body component that has a widget, placed or not.
    var liveWrappers: [ComponentWrapper] { liveBody.all }
    var liveCount: Int { liveBody.count }
    var pooledCount: Int { pool.idleCount }
    var createdCount: Int { pool.createdCount }

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
    func updateVisibleCells() {
        updateCount += 1
        // The layout must be this view model's: complete, or the first chunks of it while a large
        // body is still being laid out (IncrementalLayout.swift).
        guard let layout = controller.layout, let viewModel = controller.viewModel,
            layout.count == viewModel.bodyComponentModels.count
                || (controller.renderer.lastRenderedViewModel === viewModel
                    && layout.count < viewModel.bodyComponentModels.count)
        else { return }
        let canvas = controller.canvas
        let body = viewModel.bodyComponentModels
        let visible = canvas.visibleRect
        let area = Rect(x: 0, y: visible.minY - overscan, width: visible.width, height: visible.height + 2 * overscan)
        let container = controller.containerSize

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
                cells[ObjectIdentifier(wrapper)]?.describeComponent()  // another model: another name
                controller.images.load(for: wrapper, containerViewSize: container)
                if controller.content.isVisible { controller.cellWillAppear(wrapper, forced: false) }
            }
        }
        // Recycle first, so the pool can hand the freed wrappers to the appearing models.
        for wrapper in placed.values { endDisplaying(wrapper) }
        for wrapper in liveBody.unplaced where !claimed.contains(ObjectIdentifier(wrapper)) { endDisplaying(wrapper) }
        for index in appearing {
            let model = body[index]
            let wrapper = pool.wrapper(for: model, delegate: controller, parent: nil)
            // A component creating children while it is configured sizes them to its frame.
            let frame = layout.frame(at: index)
            wrapper.frame = frame
            wrapper.configureView(with: model, containerViewSize: container)
            let cell = self.cell(for: wrapper)
            cell.adopt(wrapper)
            place(wrapper, at: frame)
            cell.show()
            next[index] = wrapper
            controller.images.load(for: wrapper, containerViewSize: container)
            if controller.content.isVisible { controller.cellWillAppear(wrapper, forced: canvas.isScrolling) }
        }
        liveBody.replace(with: next, for: viewModel)
    }

    /// Puts the wrapper's cell at `frame` on the canvas (adding it the first time).
    private func place(_ wrapper: ComponentWrapper, at frame: Rect) {
        let cell = self.cell(for: wrapper)
        wrapper.frame = frame
        cell.setSize(frame.size)
        let canvas = controller.canvas
        if canvas.origin(of: cell.widget) == nil {
            canvas.addChild(cell.widget, at: frame.origin)
        } else {
            canvas.moveChild(cell.widget, to: frame.origin)
        }
    }

    /// The component left the visible area: tells the delegate, keeps its UI state, hides its cell
    /// and hands the wrapper back to the reuse pool.
    private func endDisplaying(_ wrapper: ComponentWrapper) {
        if let model = wrapper.model, let view = wrapper.view {
            controller.delegate?.viewController(controller, componentWith: model,
                                                layoutTraits: wrapper.component.layoutTraits, didDisappearFrom: view)
        }
        controller.input.wrapperWillLeave(wrapper)
        wrapper.saveComponentUIState()
        if let cell = cells[ObjectIdentifier(wrapper)] {
            // Hiding the focused cell would leave the window with no focus at all (GTK unsets it),
            // so the next key would reach no part of the view: after a click focused a row and a
            // key scrolled it away, Home, End and Page Up/Down went nowhere. The content surface
            // takes the focus instead, and its keys keep scrolling.
            if cell.containsFocus { controller.canvas.focusContent() }
            cell.hide()
        }
        wrapper.prepareViewForReuse()
    }

    /// The cell a root component's widget sits in, created the first time (one per wrapper).
    func cell(for wrapper: ComponentWrapper) -> Cell {
        let key = ObjectIdentifier(wrapper)
        if let cell = cells[key] { return cell }
        let cell = Cell(controller: controller)
        cells[key] = cell
        return cell
    }

    /// The cell of a root component that has one, without creating it.
    func existingCell(for wrapper: ComponentWrapper) -> Cell? { cells[ObjectIdentifier(wrapper)] }

    /// A wrapper from the pool for `model`, taken out of it for good (the header and overlays).
    func takeWrapper(for model: ComponentModel) -> ComponentWrapper {
        let wrapper = pool.wrapper(for: model, delegate: controller, parent: nil)
        pool.remove(wrapper)
        return wrapper
    }

    /// A wrapper from the pool for a child of `parent`, configured and sized for it (a parent asks
    /// its `ComponentWrapperDelegate` for its children).
    func makeChild(for model: ComponentModel, of parent: ComponentWrapper) -> ComponentWrapper {
        // Children of a root body component get its frame as their container; others the parent's view size.
        var container = controller.containerSize
        // (A body component being configured has its frame already, but is not placed yet.)
        if parent.isRootComponent, parent.frame.size.width > 0 {
            container = parent.frame.size
        } else if let view = parent.view {
            container = view.allocatedSize
        }
        let child = pool.wrapper(for: model, delegate: controller, parent: parent)
        child.loadViewIfNeeded()
        child.view?.removeFromParent()  // it may have been a root's cell content
        child.configureView(with: model, containerViewSize: container)
        if let view = child.view {
            let size = controller.bodyLayout.measurer.preferredSize(for: model, containerSize: container)
            view.setSizeRequest(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
            view.show()
        }
        controller.images.load(for: child, containerViewSize: controller.containerSize)
        return child
    }

    /// The wrapper is done with its model: it waits in the pool.
    func returnToPool(_ wrapper: ComponentWrapper) { pool.add(wrapper) }

    /// Releases a header or overlay wrapper that is no longer used, with its cell.
    func discard(_ wrapper: ComponentWrapper) {
        let key = ObjectIdentifier(wrapper)
        cells[key]?.detachFromOverlay()
        wrapper.tearDown()
        cells[key]?.tearDown()
        cells[key] = nil
    }

    /// Releases every widget: the live body components, `others` (the header and overlays), the
    /// pool and every cell.
    func tearDown(alongWith others: [ComponentWrapper]) {
        for wrapper in liveBody.all + others + pool.drain() { wrapper.tearDown() }
        for cell in cells.values { cell.tearDown() }
        cells.removeAll()
        liveBody = LiveBodyComponents()
    }
}
