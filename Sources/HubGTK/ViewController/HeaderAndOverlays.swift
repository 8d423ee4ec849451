import HubFramework

/// The header and the overlays. Neither scrolls: both float above the content, the header at the
/// top at its preferred height, the overlays centred (or where the view's delegate puts them) and
/// stacked in model order. A wrapper showing the same kind of component is reused in place.
///
/// It owns those wrappers and the overlays' frames (which impressions need). It is given the reuse
/// pool and the cells of the root components (shared with the recycler), the measurer and the
/// surface the cells float on. Each call returns the wrappers it configured for a new model, whose
/// images the view controller then loads.
@MainActor
final class HeaderAndOverlays {
    private let pool: ComponentReusePool
    private let cells: RootCells
    private let measurer: ComponentMeasurer
    private let surface: any FloatingSurface
    private(set) var header: ComponentWrapper?
    private(set) var overlays: [ComponentWrapper] = []
    /// The frames of the overlays, in the view's coordinates, in model order.
    private(set) var overlayFrames: [Rect] = []

    init(pool: ComponentReusePool, cells: RootCells, measurer: ComponentMeasurer, surface: any FloatingSurface) {
        self.pool = pool
        self.cells = cells
        self.measurer = measurer
        self.surface = surface
    }

    /// The header (if any), then the overlays.
    var wrappers: [ComponentWrapper] { [header].compactMap { $0 } + overlays }

    /// Shows `model` as the header (nil: no header). Returns the wrapper when it was configured for
    /// a new model.
    func configureHeader(_ model: ComponentModel?, containerSize: Size) -> ComponentWrapper? {
        guard let model else {
            if let header {
                discard(header)
                self.header = nil
            }
            return nil
        }
        let (wrapper, changed) = configure(model, reusing: header, containerSize: containerSize)
        let cell = cells.cell(for: wrapper)
        if changed, let view = wrapper.view {
            // The header's own widget carries its height, so a collapsing header can resize itself.
            let size = measurer.preferredSize(for: model, containerSize: containerSize)
            view.setSizeRequest(width: -1, height: Int(size.height.rounded()))
        }
        cell.setSize(Size(width: -1, height: -1))
        cell.attachToOverlay(of: surface, horizontally: .fill, vertically: .start)
        cell.addCSSClass("hub-header")
        header = wrapper
        return changed ? wrapper : nil
    }

    /// Shows `models` as the overlays, each centred or at the centre `placement` gives for the
    /// proposed one (which reads left to right: right to left, it is mirrored across the view, as
    /// the layout's frames are). Returns the wrappers configured for a new model.
    func configureOverlays(_ models: [ComponentModel], containerSize: Size, direction: LayoutDirection,
                           placement: (Point) -> Point) -> [ComponentWrapper]
    {
        var old = overlays
        var configured: [ComponentWrapper] = []
        var changed: [ComponentWrapper] = []
        overlayFrames.removeAll()
        for model in models {
            // Plain positional reuse (the original skipped every other wrapper, a bug).
            let previous = old.isEmpty ? nil : old.removeFirst()
            let (wrapper, isNew) = configure(model, reusing: previous, containerSize: containerSize)
            if isNew { changed.append(wrapper) }
            let size = measurer.preferredSize(for: model, containerSize: containerSize)
            let cell = cells.cell(for: wrapper)
            cell.setSize(size)
            let proposed = Point(x: containerSize.width / 2, y: containerSize.height / 2)
            var center = placement(proposed)
            if direction == .rightToLeft { center.x = containerSize.width - center.x }
            // Centred or placed by the delegate, the overlay's middle is at `center`.
            let frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                             width: size.width, height: size.height)
            if center == proposed {
                cell.attachToOverlay(of: surface, horizontally: .center, vertically: .center)
            } else {
                cell.attachToOverlay(of: surface, horizontally: .start, vertically: .start)
                cell.place(at: frame, inOverlayOfWidth: containerSize.width)
            }
            cell.addCSSClass("hub-overlay")
            configured.append(wrapper)
            overlayFrames.append(frame)
        }
        for unused in old {
            discard(unused)
        }
        overlays = configured
        return changed
    }

    /// Reuses `previous` when it shows the same kind of component; `changed` is false when the
    /// model was equal and nothing was touched.
    private func configure(_ model: ComponentModel, reusing previous: ComponentWrapper?, containerSize: Size)
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
            wrapper = pool.wrapper(for: model, parent: nil)
            pool.remove(wrapper)  // taken out of the pool for good
        }
        wrapper.configureView(with: model, containerViewSize: containerSize)
        cells.cell(for: wrapper).adopt(wrapper)
        return (wrapper, true)
    }

    /// Releases a header or overlay wrapper that is no longer used, with its cell.
    private func discard(_ wrapper: ComponentWrapper) {
        cells.existingCell(for: wrapper)?.detachFromOverlay()
        wrapper.tearDown()
        cells.discardCell(of: wrapper)
    }

    /// Releases the header and the overlays.
    func tearDown() {
        for wrapper in wrappers { wrapper.tearDown() }
        header = nil
        overlays.removeAll()
        overlayFrames.removeAll()
    }
}
