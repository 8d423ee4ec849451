import GtkKit
import HubFramework

/// `default:colorContainer` — a coloured panel (custom data `color`: red, blue, green or yellow)
/// hosting its first child component, inset by 15 points. As wide as the container up to
/// ``ReadableWidth/maximum``, centered beyond it, like the rows it usually holds.
@MainActor
public final class ColorContainerComponent: ComponentWithChildren {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { panel }
    public weak var childDelegate: (any ComponentChildDelegate)?
    private var panel: Box?
    private var child: (index: Int, view: Widget)?
    private var colorClass: String?

    /// Space between the panel's edges and its child, in points, on every side.
    public static let inset = 15.0
    static let colors = ["red", "blue", "green", "yellow"]

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:colorContainer`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let panel = Box(.vertical)
        panel.addCSSClass("hub-color-container")
        self.panel = panel
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let width = ReadableWidth.width(in: containerViewSize.width)
        var childSize = Size(width: width - 2 * Self.inset, height: 50)
        if let first = model.children.first, let component = childDelegate?.component(self, childComponentFor: first) {
            childSize = component.preferredViewSize(forDisplaying: first, containerViewSize: Self.childContainer(width))
        }
        return Size(width: width, height: childSize.height + 2 * Self.inset)
    }

    /// The space the child has: the panel less its inset on both sides.
    private static func childContainer(_ panelWidth: Double) -> Size {
        Size(width: max(0, panelWidth - 2 * inset), height: 0)
    }

    public func prepareViewForReuse() {
        removeChild()
    }

    private func removeChild() {
        guard let panel, let child else { return }
        childDelegate?.component(self, didStopDisplayingChildAt: child.index, view: child.view)
        panel.remove(child.view)
        self.child = nil
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let panel else { return }
        removeChild()
        if let colorClass { panel.removeCSSClass(colorClass) }
        let color = model.customData?["color"]?.stringValue ?? "blue"
        let colorClass = "hub-color-\(Self.colors.contains(color) ? color : "blue")"
        panel.addCSSClass(colorClass)
        self.colorClass = colorClass
        guard let first = model.children.first,
            let component = childDelegate?.component(self, childComponentFor: first), let childView = component.view
        else { return }
        let inset = Self.inset
        childView.margins = EdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        // The view controller sized the child for the whole panel; inside the inset it is narrower
        // (or the panel would grow past its frame by twice the inset).
        let childSize = component.preferredViewSize(
            forDisplaying: first, containerViewSize: Self.childContainer(ReadableWidth.width(in: containerViewSize.width)))
        childView.setSizeRequest(width: Int(childSize.width.rounded()), height: Int(childSize.height.rounded()))
        panel.append(childView, expand: true)
        child = (first.index, childView)
        childDelegate?.component(self, willDisplayChildAt: first.index, view: childView)
    }
}
