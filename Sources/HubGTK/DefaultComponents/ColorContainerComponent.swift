import CGtk
import HubFramework

/// `default:colorContainer` — a coloured panel (custom data `color`: red, blue, green or yellow)
/// hosting its first child component, inset by 15 points.
@MainActor
public final class ColorContainerComponent: ComponentWithChildren {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    public private(set) var view: Widget?
    public weak var childDelegate: (any ComponentChildDelegate)?
    private var child: (index: Int, view: Widget)?
    private var colorClass: String?

    public static let inset = 15.0
    static let colors = ["red", "blue", "green", "yellow"]

    public init() {}

    public func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Gtk.addClass(box, "hub-color-container")
        view = box
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        var childSize = Size(width: containerViewSize.width - 2 * Self.inset, height: 50)
        if let first = model.children.first, let component = childDelegate?.component(self, childComponentFor: first) {
            childSize = component.preferredViewSize(forDisplaying: first, containerViewSize: containerViewSize)
        }
        return Size(width: containerViewSize.width, height: childSize.height + 2 * Self.inset)
    }

    public func prepareViewForReuse() {
        removeChild()
    }

    private func removeChild() {
        guard let view, let child else { return }
        childDelegate?.component(self, didStopDisplayingChildAt: child.index, view: child.view)
        gtk_container_remove(hub_container(view), child.view)
        self.child = nil
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let view else { return }
        removeChild()
        if let colorClass { Gtk.removeClass(view, colorClass) }
        let color = model.customData?["color"]?.stringValue ?? "blue"
        colorClass = "hub-color-\(Self.colors.contains(color) ? color : "blue")"
        Gtk.addClass(view, colorClass!)
        guard let first = model.children.first,
            let component = childDelegate?.component(self, childComponentFor: first), let childView = component.view
        else { return }
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top,
                     gtk_widget_set_margin_bottom] { side(childView, Int32(Self.inset)) }
        gtk_box_pack_start(hub_box(view), childView, 1, 1, 0)
        child = (first.index, childView)
        childDelegate?.component(self, willDisplayChildAt: first.index, view: childView)
    }
}
