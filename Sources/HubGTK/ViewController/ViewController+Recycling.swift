import CGtk
import HubFramework

/// The visible-cell recycler: only body components in the visible area (plus `overscan`) have
/// widgets. Each sits in a `Cell` placed on the canvas at its layout frame; components that leave
/// the area go back to the reuse pool and are handed to the models that come into view.
extension ViewController {
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

    func place(_ wrapper: ComponentWrapper, at frame: Rect) {
        let cell = self.cell(for: wrapper)
        wrapper.frame = frame
        cell.setSize(frame.size)
        if canvas.origin(of: cell.widget) == nil {
            canvas.addChild(cell.widget, at: frame.origin)
        } else {
            canvas.moveChild(cell.widget, to: frame.origin)
        }
    }

    func endDisplaying(_ wrapper: ComponentWrapper) {
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
}
