import HubFramework

/// The header and the overlays. Neither scrolls: both float in the canvas overlay, the header at
/// the top at its preferred height, the overlays centred (or where the delegate puts them) and
/// stacked in model order. A wrapper showing the same kind of component is reused in place.
///
/// It owns those wrappers and the overlays' frames (which impressions need); their cells come from
/// the recycler, which keeps the cell of every root component.
@MainActor
final class HeaderAndOverlays {
    private unowned let controller: ViewController
    private(set) var header: ComponentWrapper?
    private(set) var overlays: [ComponentWrapper] = []
    /// The frames of the overlays, in the view's coordinates, in model order.
    private(set) var overlayFrames: [Rect] = []

    init(controller: ViewController) {
        self.controller = controller
    }

    /// The header (if any), then the overlays.
    var wrappers: [ComponentWrapper] { [header].compactMap { $0 } + overlays }

    private var recycler: BodyRecycler { controller.recycler }
    private var containerSize: Size { controller.containerSize }

    func configureHeader(_ model: ComponentModel?) {
        guard let model else {
            if let header {
                recycler.discard(header)
                self.header = nil
            }
            return
        }
        let (wrapper, changed) = configureHeaderOrOverlay(model, previous: header)
        let cell = recycler.cell(for: wrapper)
        if changed, let view = wrapper.view {
            // The header's own widget carries its height, so a collapsing header can resize itself.
            let size = controller.bodyLayout.measurer.preferredSize(for: model, containerSize: containerSize)
            view.setSizeRequest(width: -1, height: Int(size.height.rounded()))
        }
        cell.setSize(Size(width: -1, height: -1))
        cell.attachToOverlay(of: controller.canvas, horizontally: .fill, vertically: .start)
        cell.addCSSClass("hub-header")
        header = wrapper
    }

    func configureOverlays(_ models: [ComponentModel]) {
        var old = overlays
        var configured: [ComponentWrapper] = []
        overlayFrames.removeAll()
        for model in models {
            // Plain positional reuse (the original skipped every other wrapper, a bug).
            let previous = old.isEmpty ? nil : old.removeFirst()
            let wrapper = configureHeaderOrOverlay(model, previous: previous).wrapper
            let size = controller.bodyLayout.measurer.preferredSize(for: model, containerSize: containerSize)
            let cell = recycler.cell(for: wrapper)
            cell.setSize(size)
            let proposed = Point(x: containerSize.width / 2, y: containerSize.height / 2)
            var center = controller.delegate?.viewController(controller, centerPointForOverlayComponentAt: proposed)
                ?? proposed
            // The delegate's point reads left to right, as a layout manager's frames do: right to
            // left, it is mirrored across the view like them.
            if controller.layoutDirection == .rightToLeft { center.x = containerSize.width - center.x }
            // Centred or placed by the delegate, the overlay's middle is at `center`.
            let frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                             width: size.width, height: size.height)
            if center == proposed {
                cell.attachToOverlay(of: controller.canvas, horizontally: .center, vertically: .center)
            } else {
                cell.attachToOverlay(of: controller.canvas, horizontally: .start, vertically: .start)
                cell.place(at: frame, inOverlayOfWidth: containerSize.width)
            }
            cell.addCSSClass("hub-overlay")
            configured.append(wrapper)
            overlayFrames.append(frame)
        }
        for unused in old {
            recycler.discard(unused)
        }
        overlays = configured
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
                recycler.discard(previous)
            }
            wrapper = recycler.takeWrapper(for: model)
        }
        wrapper.configureView(with: model, containerViewSize: containerSize)
        recycler.cell(for: wrapper).adopt(wrapper)
        controller.images.load(for: wrapper, containerViewSize: containerSize)
        return (wrapper, true)
    }

    /// The recycler tore the wrappers down with every other widget (`tearDown()`).
    func forgetWrappers() {
        header = nil
        overlays.removeAll()
    }
}
