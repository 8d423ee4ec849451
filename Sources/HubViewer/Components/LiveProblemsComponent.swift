import CGtk
import HubFramework
import HubGTK

/// `viewer:liveProblems` — a panel listing what was wrong with a live document: a heading (the
/// model's subtitle, or its title) and one problem per line (`descriptionText`), in a monospace
/// font so JSON paths line up. Used as an overlay of the `live:` view.
@MainActor
final class LiveProblemsComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    private(set) var view: Widget?
    private var headingLabel: Widget?
    private var listLabel: Widget?

    static let maximumWidth = 760.0
    static let padding = 16.0
    /// The panel's border (hub-viewer.css).
    static let border = 2.0
    static let spacing = 8.0

    func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, Int32(Self.spacing))!
        Gtk.addClass(box, "hub-live-problems")
        let heading = gtk_label_new(nil)!
        let list = gtk_label_new(nil)!
        for label in [heading, list] {
            gtk_label_set_xalign(hub_label(label), 0)
            gtk_label_set_line_wrap(hub_label(label), 1)
            gtk_label_set_line_wrap_mode(hub_label(label), PANGO_WRAP_WORD_CHAR)
            gtk_box_pack_start(hub_box(box), label, 0, 0, 0)
        }
        Gtk.addClass(heading, "hub-live-problems-heading")
        Gtk.addClass(list, "hub-live-problems-list")
        gtk_widget_show_all(box)
        headingLabel = heading
        listLabel = list
        view = box
    }

    private static func texts(of model: ComponentModel) -> (heading: String, list: String) {
        if let list = model.descriptionText {
            return (model.subtitle ?? model.title ?? "Problems", list)
        }
        return ("Problems", model.title ?? "")
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let available = containerViewSize.width > 0 ? containerViewSize.width - 2 * 20 : Self.maximumWidth
        let width = max(200, min(Self.maximumWidth, available))
        let textWidth = width - 2 * (Self.padding + Self.border)
        let (heading, list) = Self.texts(of: model)
        let headingSize = TextMeasurer.shared.size(of: heading, maxWidth: textWidth, cssClass: "hub-live-problems-heading")
        let listSize = TextMeasurer.shared.size(of: list, maxWidth: textWidth, cssClass: "hub-live-problems-list")
        let height = headingSize.height + Self.spacing + listSize.height + 2 * (Self.padding + Self.border)
        return Size(width: width, height: height.rounded(.up))
    }

    func prepareViewForReuse() {}

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let headingLabel, let listLabel else { return }
        let (heading, list) = Self.texts(of: model)
        gtk_label_set_text(hub_label(headingLabel), heading)
        gtk_label_set_text(hub_label(listLabel), list)
        if let view { Gtk.setAccessibleName(view, heading) }
    }
}
