import HubGTK

/// The window's Find bar, below the header bar: a search field, Previous and Next, and how many
/// components the words were found in ("3 of 1,204"). Hidden until Ctrl+F (`win.find`); Escape
/// hides it again.
///
/// ``HubApplication`` drives it: typing searches the current view off the main thread, Enter and
/// Shift+Enter (or the buttons, or Ctrl+G and Shift+Ctrl+G) go to the next and previous match. Its
/// parts are public so that an app can style them or add to the bar.
@MainActor
public final class FindBar {
    /// The bar, which slides in and out.
    public let searchBar: SearchBar
    /// Where the person types the words to find; assistive technologies call it "Find in View",
    /// and read the status after its name.
    public let entry: SearchEntry
    /// Goes to the previous match (Shift+Enter).
    public let previousButton: Button
    /// Goes to the next match (Enter).
    public let nextButton: Button
    /// "3 of 1,204", "No results", or nothing while the field is empty.
    public let statusLabel: Label

    /// A hidden bar.
    public init() {
        searchBar = SearchBar()
        searchBar.showsCloseButton = true
        searchBar.addCSSClass("hub-find-bar")
        entry = SearchEntry()
        entry.widthInCharacters = 30
        // Translators: the placeholder and the accessible name of the field of the Find bar (Ctrl+F),
        // where the person types words to find in the view.
        entry.placeholder = localized("Find in View")
        entry.accessibleName = localized("Find in View")
        // Translators: the tooltip of the Find bar's button that goes to the previous match.
        previousButton = Button(iconName: "go-up-symbolic", tooltip: localized("Previous Match"))
        // Translators: the tooltip of the Find bar's button that goes to the next match.
        nextButton = Button(iconName: "go-down-symbolic", tooltip: localized("Next Match"))
        previousButton.accessibleName = localized("Previous Match")
        nextButton.accessibleName = localized("Next Match")
        statusLabel = Label("")
        statusLabel.addCSSClass("dim-label")
        statusLabel.xAlignment = 0

        let field = Box(.horizontal)
        field.addCSSClass("linked")
        field.append(entry, expand: true)
        field.append(previousButton)
        field.append(nextButton)
        let row = Box(.horizontal, spacing: 12)
        row.append(field)
        row.append(statusLabel)
        searchBar.add(row)
        searchBar.connectEntry(entry)
        status = ""
    }

    /// Whether the bar is shown.
    public var isOpen: Bool { searchBar.isSearchModeEnabled }

    /// The query whose result ``status`` tells (nil while none does): the benchmarks wait for the
    /// result of what they typed, which may say what the result before it said.
    package internal(set) var statusQuery: String?

    /// The status the label shows, which assistive technologies read as the field's description.
    public var status: String {
        get { statusLabel.text }
        set {
            statusLabel.text = newValue
            entry.accessibleDescription = newValue
        }
    }
}
