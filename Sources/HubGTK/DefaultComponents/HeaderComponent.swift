import CGtk
import HubFramework

/// `default:header` — a large header with a dimmed background image and a bold title that
/// collapses as the content scrolls: 250 high at the top, shrinking to 64, with the title
/// shrinking from 30 to 18 points. Scrolling back to the top restores it.
@MainActor
public final class HeaderComponent: ComponentWithImageHandling, ComponentContentOffsetObserver, ComponentViewObserver {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    public private(set) var view: Widget?
    private var imageView: ImageView?
    private var titleLabel: Widget?
    private var fontSize = 30.0
    private var title = ""

    public static let expandedHeight = 250.0
    public static let collapsedHeight = 64.0
    static let maximumFontSize = 30.0
    static let minimumFontSize = 18.0

    /// The height the header currently has (it follows the content offset).
    public private(set) var currentHeight = HeaderComponent.expandedHeight

    public init() {}

    public func loadView() {
        let overlay = gtk_overlay_new()!
        Gtk.addClass(overlay, "hub-header-component")
        let imageView = ImageView()
        imageView.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.22)
        imageView.imageAlpha = 0.6
        gtk_container_add(hub_container(overlay), imageView.widget)
        let title = gtk_label_new(nil)!
        gtk_label_set_ellipsize(hub_label(title), PANGO_ELLIPSIZE_END)
        gtk_widget_set_halign(title, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(title, GTK_ALIGN_CENTER)
        Gtk.addClass(title, "hub-header-title")
        gtk_overlay_add_overlay(hub_overlay(overlay), title)
        gtk_widget_show_all(overlay)
        self.imageView = imageView
        titleLabel = title
        view = overlay
        applyFont()
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: Self.expandedHeight)
    }

    public func prepareViewForReuse() {
        imageView?.reset()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let imageView else { return }
        title = model.title ?? ""
        applyFont()
        if let view { Gtk.setAccessibleName(view, model.title ?? "Header") }
        if let local = (model.backgroundImageData ?? model.mainImageData)?.localImage {
            imageView.setImage(local, animated: false)
        }
    }

    public func updateView(forChangedContentOffset contentOffset: Point) {
        let height = max(Self.expandedHeight - contentOffset.y, Self.collapsedHeight)
        guard height != currentHeight || view.map({ gtk_widget_get_allocated_height($0) }) == 0 else { return }
        currentHeight = height
        if let view { gtk_widget_set_size_request(view, -1, Int32(height.rounded())) }
        fontSize = min(max(Self.maximumFontSize * height / Self.expandedHeight, Self.minimumFontSize),
                       Self.maximumFontSize)
        applyFont()
    }

    /// Draws the title at the current font size (bold markup of the escaped title).
    private func applyFont() {
        guard let titleLabel, let escaped = g_markup_escape_text(title, -1) else { return }
        defer { g_free(escaped) }
        let markup = "<span size=\"\(Int(fontSize * 1024))\" weight=\"bold\">\(String(cString: escaped))</span>"
        gtk_label_set_markup(hub_label(titleLabel), markup)
    }

    /// The title's font size in points (tests check that it follows the height).
    public var titleFontSize: Double { fontSize }

    public func viewDidResize() {}
    public func viewWillAppear() {}

    public func preferredSizeForImage(from imageData: ComponentImageData, model: ComponentModel,
                                      containerViewSize: Size) -> Size
    {
        imageData.type == .background || (imageData.type == .main && model.backgroundImageData == nil)
            ? Size(width: containerViewSize.width, height: Self.expandedHeight) : .zero
    }

    public func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                           model: ComponentModel, animated: Bool)
    {
        imageView?.setImage(image, animated: animated)
    }
}
