import CGtk
import HubFramework
import HubGTK

/// Creates the components of the `cities` namespace: `row` and `image`.
@MainActor
final class CitiesComponentFactory: ComponentFactoryShowcaseNameProvider {
    func createComponent(forName name: String) -> (any Component)? {
        if name == "row" {
            return CitiesRowComponent()
        }

        if name == "image" {
            return CitiesImageComponent()
        }

        return nil
    }

    var showcaseableComponentNames: [String] { ["row", "image"] }

    func showcaseName(forComponentName name: String) -> String? {
        switch name {
        case "row": return "City row"
        case "image": return "City picture"
        default: return nil
        }
    }
}

/// `cities:row` — a plain list row with a title and a subtitle under it, 50 points high,
/// stretching across the view and stacking against the rows around it.
@MainActor
final class CitiesRowComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    private(set) var view: Widget?
    private var titleLabel: Widget?
    private var subtitleLabel: Widget?

    func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 1)!
        Gtk.addClass(box, "cities-row")
        gtk_widget_set_valign(box, GTK_ALIGN_FILL)
        let title = gtk_label_new(nil)!
        let subtitle = gtk_label_new(nil)!
        for label in [title, subtitle] {
            gtk_label_set_xalign(hub_label(label), 0)
            gtk_label_set_ellipsize(hub_label(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(hub_label(label), 1)
        }
        Gtk.addClass(title, "cities-row-title")
        Gtk.addClass(subtitle, "cities-row-subtitle")
        gtk_widget_set_valign(title, GTK_ALIGN_END)
        gtk_widget_set_vexpand(title, 1)
        gtk_widget_set_valign(subtitle, GTK_ALIGN_START)
        gtk_widget_set_vexpand(subtitle, 1)
        gtk_box_pack_start(hub_box(box), title, 1, 1, 0)
        gtk_box_pack_start(hub_box(box), subtitle, 1, 1, 0)
        gtk_widget_show_all(box)
        titleLabel = title
        subtitleLabel = subtitle
        view = box
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: 50)
    }

    func prepareViewForReuse() {
        for label in [titleLabel, subtitleLabel].compactMap({ $0 }) { gtk_label_set_text(hub_label(label), "") }
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let titleLabel, let subtitleLabel, let view else { return }
        gtk_label_set_text(hub_label(titleLabel), model.title ?? "")
        gtk_label_set_text(hub_label(subtitleLabel), model.subtitle ?? "")
        Gtk.setAccessibleName(view, [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", "))
    }

    /// The texts shown now (tests read them).
    var displayedTitle: String { titleLabel.map(Gtk.labelText) ?? "" }
    var displayedSubtitle: String { subtitleLabel.map(Gtk.labelText) ?? "" }
}

/// `cities:image` — a picture, two side by side: compact width, 70 % as high as wide. It has no
/// text; it waits for its image, showing grey until it arrives.
@MainActor
final class CitiesImageComponent: ComponentWithImageHandling {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    private(set) var view: Widget?
    private var imageView: ImageView?

    func loadView() {
        let imageView = ImageView()
        imageView.backgroundColor = Color(white: 0.5)
        Gtk.addClass(imageView.widget, "cities-image")
        gtk_widget_show(imageView.widget)
        self.imageView = imageView
        view = imageView.widget
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let margin = 15.0
        let width = ((containerViewSize.width - margin * 3) / 2).rounded(.down)
        return Size(width: width, height: (width * 0.7).rounded(.down))
    }

    func prepareViewForReuse() {
        imageView?.setImage(nil, animated: false)
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        // Nothing to do here: the picture arrives through `updateView(forLoadedImage:…)`.
    }

    func preferredSizeForImage(from imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size
    {
        // The image covers the whole component.
        preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        // No animation, to keep things simple.
        imageView?.setImage(image, animated: false)
    }

    /// The image shown now, if one arrived (tests check it).
    var displayedImage: (any HubFramework.Image)? { imageView?.image }
}
