import CGtk
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
        widget = gtk_event_box_new()
        g_object_ref_sink(widget)
        gtk_event_box_set_visible_window(hub_event_box(widget), 0)
        gtk_widget_add_events(widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
                                            | GDK_POINTER_MOTION_MASK.rawValue))
        Gtk.addClass(widget, "hub-cell")
        // Components can take the keyboard focus; the cell draws GTK's focus ring over its component.
        gtk_widget_set_can_focus(widget, 1)
        if let accessible = gtk_widget_get_accessible(widget) { atk_object_set_role(accessible, ATK_ROLE_LIST_ITEM) }
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
        if let model = wrapper.model, let accessible = gtk_widget_get_accessible(widget) {
            atk_object_set_name(accessible, model.title ?? model.identifier)
            atk_object_set_description(accessible, model.subtitle ?? model.descriptionText ?? "")
        }
        wrapper.loadViewIfNeeded()
        guard let view = wrapper.view?.gtkWidget else { return }
        let parent = gtk_widget_get_parent(view)
        if parent != widget {
            if let parent { gtk_container_remove(hub_container(parent), view) }
            gtk_container_add(hub_container(widget), view)
        }
        gtk_widget_show(view)
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
    func setOverlayOffset(_ offset: Point) {
        gtk_widget_set_margin_start(widget, Int32(max(0, offset.x)))
        gtk_widget_set_margin_top(widget, Int32(max(0, offset.y)))
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
