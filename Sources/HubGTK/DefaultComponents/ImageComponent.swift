import GtkKit
import HubFramework

/// `default:image` — a picture card. Compact: as many columns of at least 360 points as fit (two
/// at least); with custom data `fullWidth: true` it spans the container, at most 400 points high.
/// Shows the main image (or, failing that, the background image) with the title over a gradient
/// at the bottom.
@MainActor
public final class ImageComponent: ComponentWithImageHandling, ComponentWithSelectionState {
    public let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    public var view: Widget? { card }
    private var card: Overlay?
    private(set) var imageView: ImageView?
    private var titleLabel: Label?

    /// The margin the default layout manager uses, which the two-per-row width accounts for.
    public static let margin = 15.0

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:image`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let card = Overlay()
        card.addCSSClass("hub-image-card")
        let imageView = ImageView()
        imageView.cornerRadius = 8
        card.add(imageView)
        let title = Label()
        title.xAlignment = 0
        title.ellipsizes = .end
        title.verticalAlignment = .end
        title.horizontalAlignment = .fill
        title.addCSSClass("hub-image-card-title")
        title.isExcludedFromShowAll = true
        card.addOverlay(title)
        card.showAll()
        self.card = card
        self.imageView = imageView
        titleLabel = title
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Self.size(fullWidth: model.customData?["fullWidth"]?.boolValue == true, containerWidth: containerViewSize.width)
    }

    /// The narrowest a card gets before the grid drops a column (phones keep two columns below it):
    /// at desktop sizes the grid gains columns instead of cards as wide as half the window.
    public static let minimumCardWidth = 360.0
    /// The tallest a full-width picture gets: across a desktop window it becomes a banner instead
    /// of a picture taller than the screen.
    public static let maximumFullWidthHeight = 400.0

    /// A card's size in a container `containerWidth` wide. Compact cards share each row in as many
    /// columns of at least ``minimumCardWidth`` as fit (two at least, as on a phone), with ``margin``
    /// around them; the layout manager puts as many side by side as fit, so the columns follow the
    /// window.
    public static func size(fullWidth: Bool, containerWidth: Double) -> Size {
        let width: Double
        var height: Double
        if fullWidth {
            width = max(0, containerWidth)
            height = min((width * 0.7).rounded(.down), maximumFullWidthHeight)
        } else {
            let columns = max(2, ((containerWidth - margin) / (minimumCardWidth + margin)).rounded(.down))
            width = max(0, ((containerWidth - margin * (columns + 1)) / columns).rounded(.down))
            height = (width * 0.7).rounded(.down)
        }
        height = max(0, height)
        return Size(width: width, height: height)
    }

    public func prepareViewForReuse() {
        imageView?.reset()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let card, let titleLabel, let imageView else { return }
        titleLabel.text = model.title ?? ""
        titleLabel.isVisible = model.title != nil
        let data = model.mainImageData ?? model.backgroundImageData
        if let local = data?.localImage {
            imageView.setImage(local, animated: false)
        } else if let placeholder = data?.placeholderIcon {
            imageView.setPlaceholder(placeholder.image(size: Size(width: 32, height: 32), color: Color(white: 0.4)))
        }
        // Translators: what a screen reader calls a picture card that has no title.
        card.accessibleName = model.title ?? localized("Image")
    }

    public func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
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

    public func updateView(forSelectionState state: SelectionState) {
        card?.opacity = state == .none ? 1 : 0.7
    }
}
