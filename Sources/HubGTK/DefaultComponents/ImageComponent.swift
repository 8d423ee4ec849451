import CGtk
import HubFramework

/// `default:image` — a picture card. Compact: two fit side by side; with custom data
/// `fullWidth: true` it spans the container. Shows the main image (or, failing that, the background
/// image) with the title over a gradient at the bottom.
@MainActor
public final class ImageComponent: ComponentWithImageHandling, ComponentWithSelectionState {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    public private(set) var view: Widget?
    private(set) var imageView: ImageView?
    private var titleLabel: Widget?

    /// The margin the default layout manager uses, which the two-per-row width accounts for.
    public static let margin = 15.0

    public init() {}

    public func loadView() {
        let overlay = gtk_overlay_new()!
        Gtk.addClass(overlay, "hub-image-card")
        let imageView = ImageView()
        imageView.cornerRadius = 8
        gtk_container_add(hub_container(overlay), imageView.widget)
        let title = gtk_label_new(nil)!
        gtk_label_set_xalign(hub_label(title), 0)
        gtk_label_set_ellipsize(hub_label(title), PANGO_ELLIPSIZE_END)
        gtk_widget_set_valign(title, GTK_ALIGN_END)
        gtk_widget_set_halign(title, GTK_ALIGN_FILL)
        Gtk.addClass(title, "hub-image-card-title")
        gtk_widget_set_no_show_all(title, 1)
        gtk_overlay_add_overlay(hub_overlay(overlay), title)
        gtk_widget_show_all(overlay)
        self.imageView = imageView
        titleLabel = title
        view = overlay
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let width: Double
        if model.customData?["fullWidth"]?.boolValue == true {
            width = containerViewSize.width
        } else {
            width = ((containerViewSize.width - Self.margin * 3) / 2).rounded(.down)
        }
        return Size(width: max(0, width), height: (max(0, width) * 0.7).rounded(.down))
    }

    public func prepareViewForReuse() {
        imageView?.reset()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let titleLabel, let imageView else { return }
        gtk_label_set_text(hub_label(titleLabel), model.title ?? "")
        gtk_widget_set_visible(titleLabel, model.title == nil ? 0 : 1)
        let data = model.mainImageData ?? model.backgroundImageData
        if let local = data?.localImage {
            imageView.setImage(local, animated: false)
        } else if let placeholder = data?.placeholderIcon {
            imageView.setPlaceholder(placeholder.image(size: Size(width: 32, height: 32), color: Color(white: 0.4)))
        }
        if let view { Gtk.setAccessibleName(view, model.title ?? "Image") }
    }

    public func preferredSizeForImage(from imageData: ComponentImageData, model: ComponentModel,
                                      containerViewSize: Size) -> Size
    {
        guard imageData.type == .main || (imageData.type == .background && model.mainImageData == nil) else {
            return .zero
        }
        return preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
    }

    public func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                           model: ComponentModel, animated: Bool)
    {
        imageView?.setImage(image, animated: animated)
    }

    public func updateViewForSelectionState(_ state: SelectionState) {
        guard let view else { return }
        gtk_widget_set_opacity(view, state == .none ? 1 : 0.7)
    }
}
