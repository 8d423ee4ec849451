import GtkKit
import HubFramework

/// The cell a root component's widget sits in: GtkKit's ``/GtkKit/ActivatableCell``, which the view
/// controller places at the component's frame. It takes the focus, draws the focus ring, reports
/// presses, releases, movement and keys to its `CellInputHandler`, and tells assistive
/// technologies what the component shows.
@MainActor
final class Cell {
    let widget = ActivatableCell()
    private(set) weak var wrapper: ComponentWrapper?

    /// A cell that reports its input to `handler` (held weakly: an event that comes after the cell
    /// or the view is gone does nothing).
    init(handler: (any CellInputHandler)?) {
        widget.addCSSClass("hub-cell")
        widget.onActivate { [weak self, weak handler] in
            guard let self else { return }
            handler?.cellWasActivated(self)
        }
        widget.onKeyPress(forwarding(to: handler) { $0.cell($1, didReceiveKey: $2) })
        widget.onButtonPress(forwarding(to: handler) { $0.cell($1, didReceivePress: $2) })
        widget.onButtonRelease(forwarding(to: handler) { $0.cell($1, didReceiveRelease: $2) })
        widget.onPointerMotion(forwarding(to: handler) { $0.cell($1, didReceiveMotion: $2) })
    }

    /// A GTK handler that passes the cell's event to `handler`, while both live.
    private func forwarding<Event>(to handler: (any CellInputHandler)?,
                                   _ method: @escaping @MainActor (any CellInputHandler, Cell, Event) -> Bool)
        -> @MainActor (Event) -> Bool
    {
        { [weak self, weak handler] event in
            guard let self, let handler else { return false }
            return method(handler, self, event)
        }
    }

    /// Puts the wrapper's component widget in this cell (taking it out of wherever it was).
    func adopt(_ wrapper: ComponentWrapper) {
        self.wrapper = wrapper
        wrapper.loadViewIfNeeded()
        if let view = wrapper.view { widget.child = view }
        describeComponent()
    }

    /// The name and description last given to the cell.
    private var accessibleLabels = AccessibleLabels()

    /// Names the cell for assistive technologies after its component's model — again whenever the
    /// wrapper shows another model, since cells and wrappers are reused. The name is what a sighted
    /// user reads first: the model's title (or subtitle, or description), else the first text the
    /// component shows (a container's first row), and the model's identifier only as a last resort.
    /// The description is the next of those texts, then the accessory text.
    func describeComponent() {
        guard let model = wrapper?.model else { return }
        let texts = [model.title, model.subtitle, model.descriptionText].compactMap { $0 }.filter { !$0.isEmpty }
        // Bounded like every text of the widget layer: a model built in code has no text limit.
        let name = DisplayText.cut(texts.first ?? wrapper?.view?.firstAccessibleNameInTree ?? model.identifier,
                                   to: DisplayText.maximumLength)
        // The description: the next text, then the accessory (a price, a count), which a sighted
        // user reads at the end of the row.
        let details = [texts.dropFirst().first, model.accessoryTitle].compactMap { $0 }.filter { !$0.isEmpty }
        let description = DisplayText.cut(details.joined(separator: ", "), to: DisplayText.maximumLength)
        accessibleLabels.give(name: name, description: description, to: widget)
        widget.accessibleIdentifier = model.identifier
    }

    func show() { widget.show() }

    func hide() { widget.hide() }

    /// Whether the keyboard focus is on the cell or inside its component (an entry, a button).
    var containsFocus: Bool { widget.containsFocus }

    func addCSSClass(_ name: String) { widget.addCSSClass(name) }

    /// Places the cell, floating at the start and top of an overlay `width` wide, at `frame` (from
    /// the left edge, as the layout's frames are). GTK's start margin is the right one when the
    /// widget reads right to left.
    func place(at frame: Rect, inOverlayOfWidth width: Double) {
        let start = widget.textDirection == .rightToLeft ? width - frame.maxX : frame.minX
        var margins = widget.margins
        margins.left = max(0, start).rounded()
        margins.top = max(0, frame.minY).rounded()
        widget.margins = margins
    }

    /// Asks for `size`; a negative width or height leaves that dimension to the component.
    func setSize(_ size: Size) {
        let width = size.width < 0 ? -1 : Int(max(0, size.width).rounded())
        let height = size.height < 0 ? -1 : Int(max(0, size.height).rounded())
        widget.setSizeRequest(width: width, height: height)
    }

    /// Floats the cell above the content (header and overlays).
    func attachToOverlay(of canvas: any FloatingSurface, horizontally: Alignment, vertically: Alignment) {
        canvas.float(widget, horizontally: horizontally, vertically: vertically)
    }

    /// Takes the cell off the canvas or the overlay it is on.
    func detachFromOverlay() { widget.removeFromParent() }

    func tearDown() {
        detachFromOverlay()
        widget.child = nil
    }
}
