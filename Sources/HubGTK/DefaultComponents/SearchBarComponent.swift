import GtkKit
import HubFramework

/// `default:searchBar` — a search entry that performs an action as the user types.
///
/// Custom data: `placeholder` (text shown when empty), `action` (`namespace:name` performed with
/// `{"text": <text>}`), `delay` (seconds to wait after the last keystroke; default 0.3, 0 fires at once).
/// As wide as the container up to ``ReadableWidth/maximum``, centered beyond it. Scrolling the view takes the focus away from the entry. Opening a view with a search bar puts
/// the cursor in it (``ComponentWithInitialFocus``), so the user can type at once.
@MainActor
public final class SearchBarComponent: ComponentActionPerformer, ComponentContentOffsetObserver,
    ComponentWithInitialFocus
{
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { bar }
    public weak var actionPerformer: (any ActionPerformer)?

    private var bar: Box?
    private var entry: SearchEntry?
    private var action: Identifier?
    private var delay = 0.3
    private var pending: MainLoopTimer?
    private var lastOffset: Point?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:searchBar`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let bar = Box(.horizontal)
        bar.addCSSClass("hub-search-bar")
        let entry = SearchEntry()
        entry.expandsHorizontally = true
        entry.verticalAlignment = .center
        bar.append(entry, expand: true)
        entry.onChanged = { [weak self] in self?.textChanged() }
        bar.showAll()
        self.bar = bar
        self.entry = entry
    }

    public func takeInitialFocus() -> Bool {
        guard let entry else { return false }
        entry.grabFocus()
        return true
    }

    /// The search field (tests type into it).
    public var searchEntry: SearchEntry? { entry }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: ReadableWidth.width(in: containerViewSize.width), height: 52)
    }

    public func prepareViewForReuse() {
        pending = nil
        entry?.text = ""
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let entry else { return }
        // Translators: the hint in an empty search field, when the view gives none of its own.
        let placeholder = model.customData?["placeholder"]?.stringValue ?? localized("Search")
        entry.placeholder = placeholder
        entry.accessibleName = placeholder
        action = model.customData?["action"]?.stringValue.flatMap(Identifier.init(string:))
        delay = max(0, model.customData?["delay"]?.doubleValue ?? 0.3)
    }

    private func textChanged() {
        guard let entry else { return }
        pending = nil
        let text = entry.text
        if delay <= 0 {
            fire(text)
        } else {
            pending = MainLoopTimer(after: delay) { [weak self] in
                self?.pending = nil
                self?.fire(text)
            }
        }
    }

    private func fire(_ text: String) {
        guard let action else { return }
        actionPerformer?.performAction(withIdentifier: action, customData: ["text": .string(text)])
    }

    /// Takes the keyboard focus away from the entry when the view scrolls while the entry has it;
    /// the call made when the component appears only records the offset.
    public func updateView(forChangedContentOffset contentOffset: Point) {
        defer { lastOffset = contentOffset }
        guard let lastOffset, lastOffset != contentOffset, let entry, entry.hasFocus else { return }
        entry.resignFocus()
    }
}
