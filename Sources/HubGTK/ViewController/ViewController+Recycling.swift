import GtkKit
import HubFramework

/// The visible-cell recycler: only body components in the visible area (plus `overscan`) have
/// widgets. Each sits in a `Cell` placed on the canvas at its layout frame; components that leave
/// the area go back to the reuse pool and are handed to the models that come into view.
extension ViewController {
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
        visibleCellUpdateCount += 1
        // The layout must be this view model's: complete, or the first chunks of it while a large
        // body is still being laid out (ViewController+LargeViewModels.swift).
        guard let layout, let viewModel,
            layout.count == viewModel.bodyComponentModels.count
                || (lastRenderedViewModel === viewModel && layout.count < viewModel.bodyComponentModels.count)
        else { return }
        let body = viewModel.bodyComponentModels
        let visible = canvas.visibleRect
        let area = Rect(x: 0, y: visible.minY - overscan, width: visible.width, height: visible.height + 2 * overscan)
        let container = containerSize

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
                imageLoader?.loadImages(for: wrapper, containerViewSize: container)
                if isVisible { cellWillAppear(wrapper, forced: false) }
            }
        }
        // Recycle first, so the pool can hand the freed wrappers to the appearing models.
        for wrapper in placed.values { endDisplaying(wrapper) }
        for wrapper in liveBody.unplaced where !claimed.contains(ObjectIdentifier(wrapper)) { endDisplaying(wrapper) }
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
            cell.show()
            next[index] = wrapper
            imageLoader?.loadImages(for: wrapper, containerViewSize: container)
            if isVisible { cellWillAppear(wrapper, forced: canvas.isScrolling) }
        }
        liveBody.replace(with: next, for: viewModel)
    }

    /// Puts the wrapper's cell at `frame` on the canvas (adding it the first time).
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

    /// The component left the visible area: tells the delegate, keeps its UI state, hides its cell
    /// and hands the wrapper back to the reuse pool.
    private func endDisplaying(_ wrapper: ComponentWrapper) {
        if let model = wrapper.model, let view = wrapper.view {
            delegate?.viewController(self, componentWith: model, layoutTraits: wrapper.component.layoutTraits,
                                     didDisappearFrom: view)
        }
        if highlightedWrapper === wrapper { cancelComponentSelection() }
        wrapper.saveComponentUIState()
        if let cell = cells[ObjectIdentifier(wrapper)] {
            // Hiding the focused cell would leave the window with no focus at all (GTK unsets it),
            // so the next key would reach no part of the view: after a click focused a row and a
            // key scrolled it away, Home, End and Page Up/Down went nowhere. The content surface
            // takes the focus instead, and its keys keep scrolling.
            if cell.containsFocus { canvas.focusContent() }
            cell.hide()
        }
        wrapper.prepareViewForReuse()
    }

    /// The cell a root component's widget sits in, created the first time (one per wrapper).
    func cell(for wrapper: ComponentWrapper) -> Cell {
        let key = ObjectIdentifier(wrapper)
        if let cell = cells[key] { return cell }
        let cell = Cell(controller: self)
        cells[key] = cell
        return cell
    }
}
