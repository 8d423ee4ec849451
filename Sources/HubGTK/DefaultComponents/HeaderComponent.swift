import GtkKit
import HubFramework

/// `default:header` — a large header with a dimmed background image and a bold title that
/// collapses as the content scrolls: 250 high at the top, shrinking to 64, with the title
/// shrinking from 30 to 18 points. Scrolling back to the top restores it.
@MainActor
public final class HeaderComponent: ComponentWithImageHandling, ComponentContentOffsetObserver, ComponentViewObserver {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    public var view: Widget? { container }
    private var container: Overlay?
    private var imageView: ImageView?
    private var titleLabel: Label?
    private var fontSize = 30.0
    private var title = ""

    /// The height, in points, with the content scrolled to the top; also its preferred height,
    /// so the body starts below it.
    public static let expandedHeight = 250.0
    /// The height, in points, the header shrinks to once the content has scrolled far enough.
    public static let collapsedHeight = 64.0
    static let maximumFontSize = 30.0
    static let minimumFontSize = 18.0

    /// The height the header currently has (it follows the content offset).
    public private(set) var currentHeight = HeaderComponent.expandedHeight

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:header`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let container = Overlay()
        container.addCSSClass("hub-header-component")
        let imageView = ImageView()
        imageView.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.22)
        imageView.imageAlpha = 0.6
        container.add(imageView)
        let title = Label()
        title.ellipsizes = .end
        title.horizontalAlignment = .center
        title.verticalAlignment = .center
        title.addCSSClass("hub-header-title")
        container.addOverlay(title)
        container.showAll()
        self.container = container
        self.imageView = imageView
        titleLabel = title
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
        // Translators: what a screen reader calls a view's header (its large title area at the top)
        // when the header has no title.
        container?.accessibleName = model.title ?? localized("Header")
        if let local = (model.backgroundImageData ?? model.mainImageData)?.localImage {
            imageView.setImage(local, animated: false)
        }
    }

    /// Shrinks the header by the distance scrolled, down to ``collapsedHeight``, and scales the
    /// title's font with it.
    public func updateView(forChangedContentOffset contentOffset: Point) {
        let height = max(Self.expandedHeight - contentOffset.y, Self.collapsedHeight)
        guard height != currentHeight || container?.allocatedSize.height == 0 else { return }
        currentHeight = height
        container?.setSizeRequest(width: -1, height: Int(height.rounded()))
        fontSize = min(max(Self.maximumFontSize * height / Self.expandedHeight, Self.minimumFontSize),
                       Self.maximumFontSize)
        applyFont()
    }

    /// Draws the title at the current font size (bold markup of the escaped title).
    private func applyFont() {
        guard let titleLabel else { return }
        let escaped = Label.escapeMarkup(title)
        titleLabel.setMarkup("<span size=\"\(Int(fontSize * 1024))\" weight=\"bold\">\(escaped)</span>")
    }

    /// The title's font size in points (tests check that it follows the height).
    public var titleFontSize: Double { fontSize }

    public func viewDidResize() {}
    public func viewWillAppear() {}

    public func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
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
