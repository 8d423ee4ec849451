import GtkKit
import HubFramework

/// The header and the overlays. Neither scrolls: both float in the canvas overlay, the header at
/// the top at its preferred height, the overlays centred (or where the delegate puts them) and
/// stacked in model order. A wrapper showing the same kind of component is reused in place.
extension ViewController {
    func configureHeader(_ model: ComponentModel?) {
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
        cell.attachToOverlay(canvas.overlay, halign: .fill, valign: .start)
        cell.addCSSClass("hub-header")
        headerWrapper = wrapper
    }

    func configureOverlays(_ models: [ComponentModel]) {
        var old = overlayWrappers
        var configured: [ComponentWrapper] = []
        overlayFrames.removeAll()
        for model in models {
            // Plain positional reuse (the original skipped every other wrapper, a bug).
            let previous = old.isEmpty ? nil : old.removeFirst()
            let wrapper = configureHeaderOrOverlay(model, previous: previous).wrapper
            let size = measurer.preferredSize(for: model, containerSize: containerSize)
            let cell = self.cell(for: wrapper)
            cell.setSize(size)
            let proposed = Point(x: containerSize.width / 2, y: containerSize.height / 2)
            var center = delegate?.viewController(self, centerPointForOverlayComponentAt: proposed) ?? proposed
            // The delegate's point reads left to right, as a layout manager's frames do: right to
            // left, it is mirrored across the view like them.
            if layoutDirection == .rightToLeft { center.x = containerSize.width - center.x }
            // Centred or placed by the delegate, the overlay's middle is at `center`.
            let frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                             width: size.width, height: size.height)
            if center == proposed {
                cell.attachToOverlay(canvas.overlay, halign: .center, valign: .center)
            } else {
                cell.attachToOverlay(canvas.overlay, halign: .start, valign: .start)
                cell.place(at: frame, inOverlayOfWidth: containerSize.width)
            }
            cell.addCSSClass("hub-overlay")
            configured.append(wrapper)
            overlayFrames.append(frame)
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
}
