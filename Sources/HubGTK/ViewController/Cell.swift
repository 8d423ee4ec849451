import CGtk
import GtkKit
import HubFramework

/// The container a root component's widget sits in: an input-only event box the view controller
/// places at the component's frame, which receives presses for selection.
@MainActor
final class Cell {
    let widget: WidgetPointer
    private weak var controller: ViewController?
    private(set) weak var wrapper: ComponentWrapper?
    private var connections: [SignalConnection] = []

    init(controller: ViewController) {
        self.controller = controller
        // An event box whose accessible offers an "activate" action (emitting `activate`, below) and
        // reports the model's identifier: assistive technologies can open a component's target.
        widget = hub_cell_new()
        g_object_ref_sink(widget)
        gtk_event_box_set_visible_window(hub_event_box(widget), 0)
        gtk_widget_add_events(widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
                                            | GDK_POINTER_MOTION_MASK.rawValue))
        Gtk.addClass(widget, "hub-cell")
        // Components can take the keyboard focus; the cell draws GTK's focus ring over its component.
        gtk_widget_set_can_focus(widget, 1)
        connections.append(GSignal.connect(widget, "activate") { [weak self] in
            guard let self else { return }
            self.controller?.cellActivated(self)
        })
        connections.append(GSignal.connectDrawAfter(widget) { [weak self] cr in
            guard let self, gtk_widget_has_visible_focus(self.widget) != 0 else { return }
            let context = gtk_widget_get_style_context(self.widget)
            gtk_render_focus(context, cr, 1, 1, Double(gtk_widget_get_allocated_width(self.widget)) - 2,
                             Double(gtk_widget_get_allocated_height(self.widget)) - 2)
        })
        connections.append(GSignal.connectEvent(widget, "key-press-event") { [weak self] event in
            guard let self else { return false }
            return self.controller?.cellKeyPressed(self, event: event) ?? false
        })
        connections.append(GSignal.connectEvent(widget, "button-press-event") { [weak self] event in
            guard let self else { return false }
            return self.controller?.cellButtonPressed(self, event: event) ?? false
        })
        connections.append(GSignal.connectEvent(widget, "button-release-event") { [weak self] event in
            guard let self else { return false }
            return self.controller?.cellButtonReleased(self, event: event) ?? false
        })
        connections.append(GSignal.connectEvent(widget, "motion-notify-event") { [weak self] event in
            guard let self else { return false }
            return self.controller?.cellPointerMoved(self, event: event) ?? false
        })
    }

    /// Puts the wrapper's component widget in this cell (taking it out of wherever it was).
    func adopt(_ wrapper: ComponentWrapper) {
        self.wrapper = wrapper
        wrapper.loadViewIfNeeded()
        if let view = wrapper.view?.gtkWidget {
            let parent = gtk_widget_get_parent(view)
            if parent != widget {
                if let parent { gtk_container_remove(hub_container(parent), view) }
                gtk_container_add(hub_container(widget), view)
            }
            gtk_widget_show(view)
        }
        describeComponent()
    }

    private var describedName: String?
    private var describedDescription: String?
    private var describedIdentifier: String?

    /// Names the cell for assistive technologies after its component's model — again whenever the
    /// wrapper shows another model, since cells and wrappers are reused. The name is what a sighted
    /// user reads first: the model's title (or subtitle, or description), else the first text the
    /// component shows (a container's first row), and the model's identifier only as a last resort.
    func describeComponent() {
        guard let model = wrapper?.model, let accessible = gtk_widget_get_accessible(widget) else { return }
        let texts = [model.title, model.subtitle, model.descriptionText].compactMap { $0 }.filter { !$0.isEmpty }
        // Bounded like every text of the widget layer: a model built in code has no text limit.
        let name = DisplayText.cut(texts.first ?? firstAccessibleName(under: wrapper?.view?.gtkWidget) ?? model.identifier,
                                   to: DisplayText.maximumLength)
        let description = DisplayText.cut(texts.dropFirst().first ?? "", to: DisplayText.maximumLength)
        // Setting an unchanged name would still tell every listening client that it changed.
        if name != describedName {
            describedName = name
            atk_object_set_name(accessible, name)
        }
        if description != describedDescription {
            describedDescription = description
            atk_object_set_description(accessible, description)
        }
        if model.identifier != describedIdentifier {
            describedIdentifier = model.identifier
            hub_cell_set_identifier(widget, model.identifier)
        }
    }

    /// The first non-empty accessible name of a shown widget under `root` (itself included), depth
    /// first: a label's text, a named image or button.
    private func firstAccessibleName(under root: WidgetPointer?) -> String? {
        guard let root, gtk_widget_get_visible(root) != 0 else { return nil }
        if let accessible = gtk_widget_get_accessible(root), let name = atk_object_get_name(accessible) {
            let text = String(cString: name).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { return text }
        }
        guard hub_is_container(root) != 0 else { return nil }
        for child in Gtk.children(of: root) {
            if let name = firstAccessibleName(under: child) { return name }
        }
        return nil
    }

    func show() { gtk_widget_show(widget) }

    /// Whether the keyboard focus is on the cell or inside its component (an entry, a button).
    var containsFocus: Bool {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(hub_window(toplevel))
        else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func addCSSClass(_ name: String) { Gtk.addClass(widget, name) }

    func hide() { gtk_widget_hide(widget) }

    /// Moves an overlay cell placed at the start corner by `offset` (its margins).
    /// Places the cell, floating at the start and top of an overlay `width` wide, at `frame` (from
    /// the left edge, as the layout's frames are). GTK's start margin is the right one when the
    /// widget reads right to left.
    func place(at frame: Rect, inOverlayOfWidth width: Double) {
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let start = rightToLeft ? width - frame.maxX : frame.minX
        gtk_widget_set_margin_start(widget, Int32(max(0, start).rounded()))
        gtk_widget_set_margin_top(widget, Int32(max(0, frame.minY).rounded()))
    }

    func setSize(_ size: Size) {
        let width = size.width < 0 ? -1 : Int32(max(0, size.width).rounded())
        let height = size.height < 0 ? -1 : Int32(max(0, size.height).rounded())
        gtk_widget_set_size_request(widget, width, height)
    }

    /// Floats the cell above the content (header and overlays).
    func attachToOverlay(_ overlay: WidgetPointer, halign: Alignment, valign: Alignment) {
        if gtk_widget_get_parent(widget) != overlay {
            detachFromOverlay()
            gtk_overlay_add_overlay(hub_overlay(overlay), widget)
        }
        gtk_widget_set_halign(widget, halign.gtkAlign)
        gtk_widget_set_valign(widget, valign.gtkAlign)
        gtk_widget_show(widget)
    }

    func detachFromOverlay() {
        if let parent = gtk_widget_get_parent(widget) {
            gtk_container_remove(hub_container(parent), widget)
        }
    }

    func tearDown() {
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        detachFromOverlay()
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }
}
