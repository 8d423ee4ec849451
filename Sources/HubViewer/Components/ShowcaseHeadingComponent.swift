import CGtk
import HubFramework
import HubGTK

/// `viewer:showcaseHeading` — the heading above each component of the showcase: its name (title),
/// its `namespace:name` (subtitle, monospace) and its category and traits (accessory title).
@MainActor
final class ShowcaseHeadingComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    private(set) var view: Widget?
    private var titleLabel: Widget?
    private var identifierLabel: Widget?
    private var detailLabel: Widget?

    static let height = 58.0

    func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        Gtk.addClass(box, "hub-showcase-heading")
        gtk_widget_set_valign(box, GTK_ALIGN_FILL)
        let top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
        let title = gtk_label_new(nil)!
        let identifier = gtk_label_new(nil)!
        let detail = gtk_label_new(nil)!
        Gtk.addClass(title, "hub-showcase-heading-title")
        Gtk.addClass(identifier, "hub-showcase-heading-identifier")
        Gtk.addClass(detail, "hub-showcase-heading-detail")
        Gtk.addClass(detail, "dim-label")
        for label in [title, identifier, detail] {
            gtk_label_set_xalign(hub_label(label), 0)
            gtk_label_set_ellipsize(hub_label(label), PANGO_ELLIPSIZE_END)
        }
        gtk_box_pack_start(hub_box(top), title, 0, 0, 0)
        gtk_box_pack_start(hub_box(top), identifier, 0, 0, 0)
        gtk_box_pack_start(hub_box(box), top, 0, 0, 0)
        gtk_box_pack_start(hub_box(box), detail, 0, 0, 0)
        gtk_widget_show_all(box)
        titleLabel = title
        identifierLabel = identifier
        detailLabel = detail
        view = box
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: Self.height)
    }

    func prepareViewForReuse() {}

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let titleLabel, let identifierLabel, let detailLabel else { return }
        gtk_label_set_text(hub_label(titleLabel), model.title ?? "")
        gtk_label_set_text(hub_label(identifierLabel), model.subtitle ?? "")
        gtk_label_set_text(hub_label(detailLabel), model.accessoryTitle ?? "")
        if let view {
            Gtk.setAccessibleName(view, [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", "))
        }
    }
}
