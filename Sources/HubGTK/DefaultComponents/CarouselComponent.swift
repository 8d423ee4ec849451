import CGtk
import HubFramework

/// `default:carousel` — a horizontally scrolling strip of child components (created through the
/// child delegate). It remembers its horizontal scroll position per model.
@MainActor
public final class CarouselComponent: ComponentWithChildren, ComponentWithRestorableUIState, ComponentWithScrolling {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    public private(set) var view: Widget?
    public weak var childDelegate: (any ComponentChildDelegate)?
    private var strip: Widget?
    private var scrolled: Widget?
    private var children: [(index: Int, view: Widget)] = []

    /// Space around and between the children.
    public static let spacing = 15.0

    public init() {}

    public func loadView() {
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(hub_scrolled_window(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_overlay_scrolling(hub_scrolled_window(scrolled), 1)
        Gtk.addClass(scrolled, "hub-carousel")
        let strip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Int32(Self.spacing))!
        gtk_widget_set_margin_start(strip, Int32(Self.spacing))
        gtk_widget_set_margin_end(strip, Int32(Self.spacing))
        gtk_widget_set_valign(strip, GTK_ALIGN_CENTER)
        gtk_container_add(hub_container(scrolled), strip)
        gtk_widget_show_all(scrolled)
        self.strip = strip
        self.scrolled = scrolled
        view = scrolled
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        var height = 150.0
        if let first = model.children.first,
            let child = childDelegate?.component(self, childComponentFor: first)
        {
            height = child.preferredViewSize(forDisplaying: first, containerViewSize: containerViewSize).height
        }
        return Size(width: containerViewSize.width, height: height + 8)
    }

    public func prepareViewForReuse() {
        removeChildren()
    }

    private func removeChildren() {
        guard let strip else { return }
        for child in children {
            childDelegate?.component(self, didStopDisplayingChildAt: child.index, view: child.view)
            gtk_container_remove(hub_container(strip), child.view)
        }
        children.removeAll()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let strip else { return }
        removeChildren()
        for childModel in model.children {
            guard let child = childDelegate?.component(self, childComponentFor: childModel), let childView = child.view
            else { continue }
            gtk_box_pack_start(hub_box(strip), childView, 0, 0, 0)
            children.append((childModel.index, childView))
            childDelegate?.component(self, willDisplayChildAt: childModel.index, view: childView)
        }
        horizontalOffset = 0
    }

    /// How far the strip is scrolled horizontally.
    public var horizontalOffset: Double {
        get {
            guard let scrolled else { return 0 }
            return gtk_adjustment_get_value(gtk_scrolled_window_get_hadjustment(hub_scrolled_window(scrolled)))
        }
        set {
            guard let scrolled else { return }
            gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(hub_scrolled_window(scrolled)), newValue)
        }
    }

    public func currentUIState() -> Any? {
        horizontalOffset > 0 ? horizontalOffset : nil
    }

    public func restoreUIState(_ state: Any) {
        guard let offset = state as? Double else { return }
        // The strip may not be allocated yet: apply now and once more after layout.
        horizontalOffset = offset
        GSource.idle { [weak self] in
            self?.horizontalOffset = offset
            return false
        }
    }

    public func scrollToComponent(at childIndex: Int, position: ScrollPosition, animated: Bool,
                                  completion: @escaping @MainActor () -> Void)
    {
        guard let entry = children.first(where: { $0.index == childIndex }), let strip else { return completion() }
        var x: Int32 = 0
        var y: Int32 = 0
        gtk_widget_translate_coordinates(entry.view, strip, 0, 0, &x, &y)
        horizontalOffset = max(0, Double(x) - Self.spacing)
        completion()
    }
}
