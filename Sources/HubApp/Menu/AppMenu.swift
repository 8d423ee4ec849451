import HubGTK

/// The primary menu every window shows in its menu button: the shell's items (New Window, Open…
/// when the app opens files), then the app's own (``HubApplication/addMenuItem(_:action:accelerators:handler:)``),
/// then Keyboard Shortcuts and About, each section set apart. One model for every window: an item
/// added later appears in the windows already open.
@MainActor
final class AppMenu {
    /// An item the app added: its title, its action (`app.NAME`) and the action's keys.
    struct Item: Equatable {
        let title: String
        let action: String
        let accelerators: [String]
    }

    /// The menu the windows show.
    let model = Menu()
    /// New Window, Open….
    private let windowSection = Menu()
    /// The app's own items.
    private let appSection = Menu()
    /// Keyboard Shortcuts, About.
    private let helpSection = Menu()
    /// The items the app added, in order.
    private(set) var appItems: [Item] = []
    /// Whether the shell's items are in (they are added once, when the application starts up).
    private var hasShellItems = false

    /// A menu with the app's section only; the shell's items come with ``addShellItems(opensFiles:title:)``.
    init() {
        model.appendSection(windowSection)
        model.appendSection(appSection)
        model.appendSection(helpSection)
    }

    /// Adds the shell's items once: New Window, Open… (when `opensFiles`), Keyboard Shortcuts and
    /// About `title`.
    func addShellItems(opensFiles: Bool, title: String) {
        guard !hasShellItems else { return }
        hasShellItems = true
        // Translators: an item of the primary menu; opens another window on the app's start view.
        windowSection.append(localized("_New Window"), action: "app.new-window")
        if opensFiles {
            // Translators: an item of the primary menu; shows the dialog for choosing a JSON file to open.
            windowSection.append(localized("_Open…"), action: "app.open")
        }
        // Translators: an item of the primary menu; shows the window that lists the keyboard shortcuts.
        helpSection.append(localized("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        // Translators: the last item of the primary menu; %s is the app's name ("About Hub Viewer").
        helpSection.append(localized("_About %s", title), action: "app.about")
    }

    /// Adds the app's item `title`, which runs `action` (`app.NAME`), at the end of the app's section.
    func addItem(_ item: Item) {
        appItems.append(item)
        appSection.append(item.title, action: item.action)
    }
}
