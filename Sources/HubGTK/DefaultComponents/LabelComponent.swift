import CGtk
import HubFramework

/// `default:label` — multi-line text (the model's title) centred in its area, sized to the text.
@MainActor
public final class LabelComponent: Component {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    public private(set) var view: Widget?
    private var label: Widget?

    /// Padding around the text.
    static let padding = 8.0

    public init() {}

    public func loadView() {
        let label = gtk_label_new(nil)!
        gtk_label_set_line_wrap(hub_label(label), 1)
        gtk_label_set_line_wrap_mode(hub_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(hub_label(label), GTK_JUSTIFY_CENTER)
        Gtk.addClass(label, "hub-label")
        gtk_widget_show(label)
        self.label = label
        view = label
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
        guard let label else { return }
        gtk_label_set_text(hub_label(label), model.title ?? "")
    }
}
