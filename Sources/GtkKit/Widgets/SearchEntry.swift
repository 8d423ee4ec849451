internal import CGtk

/// A text field for search terms, with a search icon and a button to clear it (GtkSearchEntry).
@MainActor
open class SearchEntry: Entry {
    /// An empty search field.
    public override init() {
        super.init(owning: gtk_search_entry_new())
    }
}
