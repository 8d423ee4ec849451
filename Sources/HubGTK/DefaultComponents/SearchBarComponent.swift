import CGtk
import HubFramework

/// `default:searchBar` — a search entry that performs an action as the user types.
///
/// Custom data: `placeholder` (text shown when empty), `action` (`namespace:name` performed with
/// `{"text": <text>}`), `delay` (seconds to wait after the last keystroke; default 0.3, 0 fires at once).
/// Scrolling the view takes the focus away from the entry.
@MainActor
public final class SearchBarComponent: ComponentActionPerformer, ComponentContentOffsetObserver {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    public private(set) var view: Widget?
    public weak var actionPerformer: (any ActionPerformer)?

    private var entry: Widget?
    private var action: Identifier?
    private var delay = 0.3
    private var pending: UInt32 = 0
    private var connections: [SignalConnection] = []
    private var isConfiguring = false
    private var lastOffset: Point?

    public init() {}

    public func loadView() {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        Gtk.addClass(box, "hub-search-bar")
        let entry = gtk_search_entry_new()!
        gtk_widget_set_hexpand(entry, 1)
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER)
        gtk_box_pack_start(hub_box(box), entry, 1, 1, 0)
        // The framework may finalize the view before this component goes away; the entry must
        // outlive it so that `deinit` can disconnect from it.
        g_object_ref(UnsafeMutableRawPointer(entry))
        connections.append(GSignal.connect(entry, "changed") { [weak self] in self?.textChanged() })
        gtk_widget_show_all(box)
        self.entry = entry
        view = box
    }

    isolated deinit {
        GSource.cancel(pending)
        connections.forEach { $0.disconnect() }
        if let entry { g_object_unref(UnsafeMutableRawPointer(entry)) }
    }

    /// The entry widget (tests type into it).
    public var entryWidget: Widget? { entry }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: 52)
    }

    public func prepareViewForReuse() {
        GSource.cancel(pending)
        pending = 0
        isConfiguring = true
        if let entry { gtk_entry_set_text(hub_entry(entry), "") }
        isConfiguring = false
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let entry else { return }
        let placeholder = model.customData?["placeholder"]?.stringValue ?? "Search"
        gtk_entry_set_placeholder_text(hub_entry(entry), placeholder)
        Gtk.setAccessibleName(entry, placeholder)
        action = model.customData?["action"]?.stringValue.flatMap(Identifier.init(string:))
        delay = max(0, model.customData?["delay"]?.doubleValue ?? 0.3)
    }

    private func textChanged() {
        guard !isConfiguring, let entry else { return }
        GSource.cancel(pending)
        pending = 0
        let text = Gtk.entryText(entry)
        if delay <= 0 {
            fire(text)
        } else {
            pending = GSource.timeout(milliseconds: UInt32(delay * 1000)) { [weak self] in
                self?.pending = 0
                self?.fire(text)
                return false
            }
        }
    }

    private func fire(_ text: String) {
        guard let action else { return }
        actionPerformer?.performAction(withIdentifier: action, customData: ["text": .string(text)])
    }

    public func updateView(forChangedContentOffset contentOffset: Point) {
        defer { lastOffset = contentOffset }
        guard let lastOffset, lastOffset != contentOffset, let entry, gtk_widget_has_focus(entry) != 0,
            let toplevel = gtk_widget_get_toplevel(entry)
        else { return }
        gtk_window_set_focus(hub_window(toplevel), nil)
    }
}
