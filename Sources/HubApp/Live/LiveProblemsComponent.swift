import HubFramework
import HubGTK

/// `hub-app:liveProblems` — a panel listing what was wrong with a live document: a heading (the
/// model's subtitle, or its title) and one problem per line (`descriptionText`), in a monospace
/// font so JSON paths line up. Used as an overlay of the `live:` view.
@MainActor
final class LiveProblemsComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    var view: Widget? { panel }
    private var panel: Box?
    private var headingLabel: Label?
    private var listLabel: Label?

    static let maximumWidth = 760.0
    static let padding = 16.0
    /// The panel's border (data/resources/HubApp/style.css).
    static let border = 2.0
    static let spacing = 8.0

    func loadView() {
        let panel = Box(.vertical, spacing: Int(Self.spacing))
        panel.addCSSClass("hub-live-problems")
        let heading = Label()
        let list = Label()
        for label in [heading, list] {
            label.xAlignment = 0
            label.wrapsLines = true
            panel.append(label)
        }
        heading.addCSSClass("hub-live-problems-heading")
        list.addCSSClass("hub-live-problems-list")
        panel.showAll()
        self.panel = panel
        headingLabel = heading
        listLabel = list
    }

    private static func texts(of model: ComponentModel) -> (heading: String, list: String) {
        // Translators: the heading of the list of what was wrong with a live document.
        let problems = localized("Problems")
        if let list = model.descriptionText {
            return (model.subtitle ?? model.title ?? problems, list)
        }
        return (problems, model.title ?? "")
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
        let (heading, list) = Self.texts(of: model)
        headingLabel?.text = heading
        listLabel?.text = list
        panel?.accessibleName = heading
    }
}
