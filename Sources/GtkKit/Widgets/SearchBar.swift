internal import CGtk

/// A bar that slides in below a window's header bar to hold a search field, hidden until search
/// mode is on (GtkSearchBar).
///
/// Connected to its field (``connectEntry(_:)``), Escape in the field turns search mode off; the
/// bar's close button (``showsCloseButton``) does too.
///
/// ```swift
/// let bar = SearchBar()
/// let field = SearchEntry()
/// bar.add(field)
/// bar.connectEntry(field)
/// bar.isSearchModeEnabled = true   // Ctrl+F
/// ```
@MainActor
open class SearchBar: Container {
    private var modeHandler: (@MainActor (Bool) -> Void)?

    /// A bar in search mode off (hidden); its one child goes in with ``Container/add(_:)``.
    public init() {
        super.init(owning: gtk_search_bar_new())
    }

    /// Makes `entry` the bar's search field: Escape in it turns search mode off.
    public func connectEntry(_ entry: Entry) {
        gtk_search_bar_connect_entry(hub_search_bar(gtkWidget), hub_entry(entry.gtkWidget))
    }

    /// Whether the bar is shown (it slides in and out as this changes).
    public var isSearchModeEnabled: Bool {
        get { gtk_search_bar_get_search_mode(hub_search_bar(gtkWidget)) != 0 }
        set { gtk_search_bar_set_search_mode(hub_search_bar(gtkWidget), newValue ? 1 : 0) }
    }

    /// Whether the bar shows a button that turns search mode off.
    public var showsCloseButton: Bool {
        get { gtk_search_bar_get_show_close_button(hub_search_bar(gtkWidget)) != 0 }
        set { gtk_search_bar_set_show_close_button(hub_search_bar(gtkWidget), newValue ? 1 : 0) }
    }

    /// Called with ``isSearchModeEnabled`` each time it changes, whoever changes it (the code,
    /// Escape in the field, the close button).
    public var onSearchModeChanged: (@MainActor (Bool) -> Void)? {
        get { modeHandler }
        set {
            modeHandler = newValue
            connectOnce("notify::search-mode-enabled") {
                GSignal.connect(gtkWidget, "notify::search-mode-enabled") { [unowned self] in
                    self.modeHandler?(self.isSearchModeEnabled)
                }
            }
        }
    }
}
