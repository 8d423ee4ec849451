import HubFramework
import HubGTK

/// `hub-app:showcaseHeading` — the heading above each component of the showcase: its name (title),
/// its `namespace:name` (subtitle, monospace) and its category and traits (accessory title).
@MainActor
final class ShowcaseHeadingComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    var view: Widget? { heading }
    private var heading: Box?
    private let titleLabel = Label()
    private let identifierLabel = Label()
    private let detailLabel = Label()

    static let height = 58.0

    func loadView() {
        let heading = Box(.vertical, spacing: 2)
        heading.addCSSClass("hub-showcase-heading")
        heading.verticalAlignment = .fill
        titleLabel.addCSSClass("hub-showcase-heading-title")
        identifierLabel.addCSSClass("hub-showcase-heading-identifier")
        detailLabel.addCSSClass("hub-showcase-heading-detail")
        detailLabel.addCSSClass("dim-label")
        for label in [titleLabel, identifierLabel, detailLabel] {
            label.xAlignment = 0
            label.ellipsizes = .end
        }
        let top = Box(.horizontal, spacing: 10)
        top.append(titleLabel)
        top.append(identifierLabel)
        heading.append(top)
        heading.append(detailLabel)
        heading.showAll()
        self.heading = heading
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: Self.height)
    }

    func prepareViewForReuse() {}

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        titleLabel.text = model.title ?? ""
        identifierLabel.text = model.subtitle ?? ""
        detailLabel.text = model.accessoryTitle ?? ""
        heading?.accessibleName = [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", ")
    }
}
