internal import CGtk

/// A text field for search terms, with a search icon and a button to clear it (GtkSearchEntry).
@MainActor
open class SearchEntry: Entry {
    private var nextMatchHandler: (@MainActor () -> Void)?
    private var previousMatchHandler: (@MainActor () -> Void)?

    /// An empty search field.
    public override init() {
        super.init(owning: gtk_search_entry_new())
    }

    /// Called when the person asks for the next match with the field's key (Ctrl+G).
    public var onNextMatch: (@MainActor () -> Void)? {
        get { nextMatchHandler }
        set {
            nextMatchHandler = newValue
            connectOnce("next-match") {
                GSignal.connect(gtkWidget, "next-match") { [unowned self] in self.nextMatchHandler?() }
            }
        }
    }

    /// Called when the person asks for the previous match with the field's key (Shift+Ctrl+G).
    public var onPreviousMatch: (@MainActor () -> Void)? {
        get { previousMatchHandler }
        set {
            previousMatchHandler = newValue
            connectOnce("previous-match") {
                GSignal.connect(gtkWidget, "previous-match") { [unowned self] in self.previousMatchHandler?() }
            }
        }
    }
}
