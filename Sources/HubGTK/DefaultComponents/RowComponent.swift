import CGtk
import HubFramework

/// `default:row` — a list row with an optional image or icon, a title, a subtitle, an accessory
/// text and a chevron when it leads somewhere. Full width, stacks against other rows.
@MainActor
public final class RowComponent: ComponentWithImageHandling {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    public private(set) var view: Widget?

    private(set) var imageView: ImageView?
    private var titleLabel: Widget?
    private var subtitleLabel: Widget?
    private var accessoryLabel: Widget?
    private var chevron: Widget?

    /// Size of the leading image.
    public static let imageSize = Size(width: 40, height: 40)

    public init() {}

    public func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        Gtk.addClass(box, "hub-row")
        let imageView = ImageView()
        imageView.cornerRadius = 6
        gtk_widget_set_size_request(imageView.widget, Int32(Self.imageSize.width), Int32(Self.imageSize.height))
        gtk_widget_set_valign(imageView.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_no_show_all(imageView.widget, 1)
        gtk_box_pack_start(hub_box(box), imageView.widget, 0, 0, 0)

        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_valign(texts, GTK_ALIGN_CENTER)
        let title = gtk_label_new(nil)!
        let subtitle = gtk_label_new(nil)!
        for label in [title, subtitle] {
            gtk_label_set_xalign(hub_label(label), 0)
            gtk_label_set_ellipsize(hub_label(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(hub_label(label), 1)
        }
        Gtk.addClass(title, "hub-row-title")
        Gtk.addClass(subtitle, "hub-row-subtitle")
        Gtk.addClass(subtitle, "dim-label")
        gtk_widget_set_no_show_all(subtitle, 1)
        gtk_box_pack_start(hub_box(texts), title, 0, 0, 0)
        gtk_box_pack_start(hub_box(texts), subtitle, 0, 0, 0)
        gtk_box_pack_start(hub_box(box), texts, 1, 1, 0)

        let accessory = gtk_label_new(nil)!
        Gtk.addClass(accessory, "dim-label")
        gtk_widget_set_no_show_all(accessory, 1)
        gtk_box_pack_start(hub_box(box), accessory, 0, 0, 0)

        let chevron = gtk_image_new_from_icon_name("go-next-symbolic", GTK_ICON_SIZE_BUTTON)!
        Gtk.addClass(chevron, "dim-label")
        gtk_widget_set_no_show_all(chevron, 1)
        gtk_box_pack_start(hub_box(box), chevron, 0, 0, 0)

        gtk_widget_show_all(box)
        self.imageView = imageView
        titleLabel = title
        subtitleLabel = subtitle
        accessoryLabel = accessory
        self.chevron = chevron
        view = box
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: model.subtitle == nil ? 48 : 64)
    }

    public func prepareViewForReuse() {
        imageView?.reset()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let titleLabel, let subtitleLabel, let accessoryLabel, let chevron, let imageView else { return }
        gtk_label_set_text(hub_label(titleLabel), model.title ?? "")
        gtk_label_set_text(hub_label(subtitleLabel), model.subtitle ?? "")
        gtk_widget_set_visible(subtitleLabel, model.subtitle == nil ? 0 : 1)
        gtk_label_set_text(hub_label(accessoryLabel), model.accessoryTitle ?? "")
        gtk_widget_set_visible(accessoryLabel, model.accessoryTitle == nil ? 0 : 1)
        gtk_widget_set_visible(chevron, model.target?.uri == nil ? 0 : 1)

        let hasImage = model.mainImageData != nil || model.icon != nil
        gtk_widget_set_visible(imageView.widget, hasImage ? 1 : 0)
        if let local = model.mainImageData?.localImage {
            imageView.setImage(local, animated: false)
        } else if let placeholder = model.mainImageData?.placeholderIcon ?? model.icon {
            imageView.setPlaceholder(placeholder.image(size: Size(width: 24, height: 24),
                                                       color: Color(white: 0.35)))
        }
        Gtk.setAccessibleName(view!, [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", "))
    }

    public func preferredSizeForImage(from imageData: ComponentImageData, model: ComponentModel,
                                      containerViewSize: Size) -> Size
    {
        imageData.type == .main ? Self.imageSize : .zero
    }

    public func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                           model: ComponentModel, animated: Bool)
    {
        guard imageData.type == .main else { return }
        imageView?.setImage(image, animated: animated)
    }
}
