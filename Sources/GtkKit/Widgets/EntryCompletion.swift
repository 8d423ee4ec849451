internal import CGtk

/// Suggestions shown in a popup under an ``Entry`` as the user types (GtkEntryCompletion over a
/// list of strings).
@MainActor
public final class EntryCompletion {
    let gtkCompletion: UnsafeMutablePointer<GtkEntryCompletion>
    private let store: UnsafeMutablePointer<GtkListStore>

    /// A completion that pops up after `minimumKeyLength` typed characters.
    public init(minimumKeyLength: Int = 1) {
        gtkCompletion = gtk_entry_completion_new()
        store = hub_list_store_new_string()
        gtk_entry_completion_set_model(gtkCompletion, hub_tree_model(UnsafeMutableRawPointer(store)))
        gtk_entry_completion_set_text_column(gtkCompletion, 0)
        gtk_entry_completion_set_inline_completion(gtkCompletion, 0)
        gtk_entry_completion_set_popup_completion(gtkCompletion, 1)
        gtk_entry_completion_set_minimum_key_length(gtkCompletion, Int32(minimumKeyLength))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(store))
        g_object_unref(UnsafeMutableRawPointer(gtkCompletion))
    }

    /// The texts suggested, in order; those that start with what was typed are shown.
    public var suggestions: [String] = [] {
        didSet {
            gtk_list_store_clear(store)
            for suggestion in suggestions { hub_list_store_append_string(store, suggestion) }
        }
    }
}
