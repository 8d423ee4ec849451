import GtkKit
import HubFramework

/// `default:label` — multi-line text (the model's title) centred in its area, sized to the text.
@MainActor
public final class LabelComponent: Component {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    public var view: Widget? { label }
    private var label: Label?

    /// Padding around the text.
    static let padding = 8.0

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:label`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let label = Label()
        label.wrapsLines = true
        label.justification = .center
        label.addCSSClass("hub-label")
        label.show()
        self.label = label
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        guard let title = model.title, !title.isEmpty else { return .zero }
        let maxWidth = max(1, containerViewSize.width - 2 * 15 - 2 * Self.padding)
        let measured = TextMeasurer.shared.size(of: title, maxWidth: maxWidth, cssClass: "hub-label")
        return Size(width: (measured.width + 2 * Self.padding).rounded(.up),
                    height: (measured.height + 2 * Self.padding).rounded(.up))
    }

    public func prepareViewForReuse() {}

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        label?.text = model.title ?? ""
    }
}
