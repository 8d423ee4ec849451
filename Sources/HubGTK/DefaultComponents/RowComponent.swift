import GtkKit
import HubFramework

/// `default:row` — a list row with an optional image or icon, a title, a subtitle, an accessory
/// text and a chevron when it leads somewhere, and a spinner named "Sending" while the request it
/// sent waits for its answer (``/HubFramework/ComponentModel/isBusy``). Full width up to ``ReadableWidth/maximum`` (centered
/// beyond it), stacks against other rows.
@MainActor
public final class RowComponent: ComponentWithImageHandling {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { row }

    private var row: Box?
    private(set) var imageView: ImageView?
    private var titleLabel: Label?
    private var subtitleLabel: Label?
    private var accessoryLabel: Label?
    private var chevron: IconView?
    /// Turns before the chevron while the row's request is in flight.
    private(set) var busy: BusyIndicator?

    /// Size of the leading image.
    public static let imageSize = Size(width: 40, height: 40)

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:row`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("hub-row")
        let imageView = ImageView()
        imageView.cornerRadius = 6
        imageView.setSizeRequest(width: Int(Self.imageSize.width), height: Int(Self.imageSize.height))
        imageView.verticalAlignment = .center
        imageView.isExcludedFromShowAll = true
        row.append(imageView)

        let texts = Box(.vertical, spacing: 2)
        texts.verticalAlignment = .center
        let title = Label()
        let subtitle = Label()
        for label in [title, subtitle] {
            label.xAlignment = 0
            label.ellipsizes = .end
            label.isSingleLine = true
        }
        title.addCSSClass("hub-row-title")
        subtitle.addCSSClass("hub-row-subtitle")
        subtitle.addCSSClass("dim-label")
        subtitle.isExcludedFromShowAll = true
        texts.append(title)
        texts.append(subtitle)
        row.append(texts, expand: true)

        let accessory = Label()
        accessory.addCSSClass("dim-label")
        accessory.isExcludedFromShowAll = true
        row.append(accessory)

        // Before the chevron, once a request of the row's is first in flight.
        let busy = BusyIndicator { [weak row] spinner in
            row?.append(spinner)
            row?.reorder(spinner, to: 3)
        }

        let chevron = IconView(iconName: "go-next-symbolic")
        chevron.addCSSClass("dim-label")
        chevron.isExcludedFromShowAll = true
        row.append(chevron)

        row.showAll()
        self.row = row
        self.imageView = imageView
        titleLabel = title
        subtitleLabel = subtitle
        accessoryLabel = accessory
        self.chevron = chevron
        self.busy = busy
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: ReadableWidth.width(in: containerViewSize.width), height: model.subtitle == nil ? 48 : 64)
    }

    public func prepareViewForReuse() {
        imageView?.reset()
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let row, let titleLabel, let subtitleLabel, let accessoryLabel, let chevron, let imageView else { return }
        titleLabel.text = model.title ?? ""
        subtitleLabel.text = model.subtitle ?? ""
        subtitleLabel.isVisible = model.subtitle != nil
        accessoryLabel.text = model.accessoryTitle ?? ""
        accessoryLabel.isVisible = model.accessoryTitle != nil
        chevron.isVisible = model.target?.uri != nil
        busy?.show(for: model)

        imageView.isVisible = model.mainImageData != nil || model.icon != nil
        if let local = model.mainImageData?.localImage {
            imageView.setImage(local, animated: false)
        } else if let placeholder = model.mainImageData?.placeholderIcon ?? model.icon {
            imageView.setPlaceholder(placeholder.image(size: Size(width: 24, height: 24),
                                                       color: Color(white: 0.35)))
        }
        row.accessibleName = [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", ")
    }

    public func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
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
