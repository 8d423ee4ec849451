import GtkKit
import HubFramework

/// `default:carousel` — a horizontally scrolling strip of child components (created through the
/// child delegate). It remembers its horizontal scroll position per model.
@MainActor
public final class CarouselComponent: ComponentWithChildren, ComponentWithRestorableUIState, ComponentWithScrolling {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    public var view: Widget? { scrolled }
    public weak var childDelegate: (any ComponentChildDelegate)?
    private var strip: Box?
    private var scrolled: ScrolledWindow?
    private var children: [(index: Int, view: Widget)] = []
    private var restoreAfterLayout: MainLoopTimer?

    /// Space around and between the children.
    public static let spacing = 15.0

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:carousel`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let scrolled = ScrolledWindow()
        scrolled.setScrollBarPolicy(horizontal: .automatic, vertical: .never)
        scrolled.usesOverlayScrollBars = true
        scrolled.addCSSClass("hub-carousel")
        let strip = Box(.horizontal, spacing: Int(Self.spacing))
        strip.margins = EdgeInsets(top: 0, left: Self.spacing, bottom: 0, right: Self.spacing)
        strip.verticalAlignment = .center
        scrolled.add(strip)
        scrolled.showAll()
        self.strip = strip
        self.scrolled = scrolled
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
            strip.remove(child.view)
        }
        children.removeAll()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let strip else { return }
        removeChildren()
        for childModel in model.children {
            guard let child = childDelegate?.component(self, childComponentFor: childModel), let childView = child.view
            else { continue }
            strip.append(childView, fill: false)
            children.append((childModel.index, childView))
            childDelegate?.component(self, willDisplayChildAt: childModel.index, view: childView)
        }
        horizontalOffset = 0
    }

    /// How far the strip is scrolled horizontally.
    public var horizontalOffset: Double {
        get { scrolled?.horizontalOffset ?? 0 }
        set { scrolled?.horizontalOffset = newValue }
    }

    public func currentUIState() -> Any? {
        horizontalOffset > 0 ? horizontalOffset : nil
    }

    public func restoreUIState(_ state: Any) {
        guard let offset = state as? Double else { return }
        // The strip may not be allocated yet: apply now and once more after layout.
        horizontalOffset = offset
        restoreAfterLayout = MainLoopTimer(whenIdle: { [weak self] in self?.horizontalOffset = offset })
    }

    public func scrollToComponent(at childIndex: Int, position: ScrollPosition, animated: Bool,
                                  completion: @escaping @MainActor () -> Void)
    {
        guard let entry = children.first(where: { $0.index == childIndex }), let strip else { return completion() }
        let origin = entry.view.convert(Point(x: 0, y: 0), to: strip) ?? Point(x: 0, y: 0)
        horizontalOffset = max(0, origin.x - Self.spacing)
        completion()
    }
}
