internal import CGtk

/// A text field for search terms, with a search icon and a button to clear it (GtkSearchEntry).
@MainActor
open class SearchEntry: Entry {
    /// An empty search field.
    public override init() {
        super.init(owning: gtk_search_entry_new())
    }

    /// Called when the person asks for the next match with the field's key (Ctrl+G).
    public var onNextMatch: (@MainActor () -> Void)? {
        get { handler(forSignal: "next-match") }
        set { setHandler(newValue, forSignal: "next-match") }
    }

    /// Called when the person asks for the previous match with the field's key (Shift+Ctrl+G).
    public var onPreviousMatch: (@MainActor () -> Void)? {
        get { handler(forSignal: "previous-match") }
        set { setHandler(newValue, forSignal: "previous-match") }
    }
}
