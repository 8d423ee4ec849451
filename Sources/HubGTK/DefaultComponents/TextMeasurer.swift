import CGtk
import HubFramework

/// Measures text the way a label with a given CSS class would draw it, for components whose
/// preferred size depends on their text.
@MainActor
public final class TextMeasurer {
    public static let shared = TextMeasurer()
    private var labels: [String: Widget] = [:]

    private func label(for cssClass: String) -> Widget {
        if let label = labels[cssClass] { return label }
        let label = gtk_label_new(nil)!
        g_object_ref_sink(label)
        gtk_label_set_line_wrap(hub_label(label), 1)
        gtk_label_set_line_wrap_mode(hub_label(label), PANGO_WRAP_WORD_CHAR)
        Gtk.addClass(label, cssClass)
        labels[cssClass] = label
        return label
    }

    /// The size `text` takes when wrapped at `maxWidth`.
    public func size(of text: String, maxWidth: Double, cssClass: String) -> Size {
        let label = self.label(for: cssClass)
        gtk_label_set_text(hub_label(label), text)
        guard let layout = gtk_label_get_layout(hub_label(label)) else { return .zero }
        pango_layout_set_width(layout, Int32(maxWidth * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }
}
