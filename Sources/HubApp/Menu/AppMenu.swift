import HubGTK

/// The primary menu every window shows in its menu button: the shell's items (New Window, Open…
/// when the app opens files), then the app's own (``HubApplication/addMenuItem(_:action:accelerators:handler:)``),
/// then Keyboard Shortcuts and About, each section set apart. One model for every window: an item
/// added later appears in the windows already open.
///
/// The fixed part is a GtkBuilder definition in the framework's resources
/// (`data/resources/HubApp/primary-menu.ui`), where designers and the GTK Inspector see it; what
/// the app decides is filled in here: Open… is left out when the app opens no files, the app's
/// items go into the definition's empty `app-section`, and About names the app. The About window
/// that item opens is the menu's too (``about``).
@MainActor
final class AppMenu {
    /// An item the app added: its title, its action (`app.NAME`) and the action's keys.
    struct Item: Equatable {
        let title: String
        let action: String
        let accelerators: [String]
    }

    /// Where the definition is in the framework's resources.
    static let resourcePath = "/org/hubframework/HubApp/primary-menu.ui"

    /// The menu the windows show, with New Window, Open… and Keyboard Shortcuts from the definition
    /// from the start; ``addShellItems(opensFiles:title:)`` makes it the app's.
    let model: Menu
    /// New Window, Open….
    private let windowSection: Menu
    /// The app's own items.
    private let appSection: Menu
    /// Keyboard Shortcuts, About.
    private let helpSection: Menu
    /// The items the app added, in order.
    private(set) var appItems: [Item] = []
    /// The About window its last item opens (`app.about`).
    let about = AppAbout()
    /// Whether the shell's items are settled (once, when the application starts up).
    private var hasShellItems = false

    /// The menu of the definition.
    init() {
        let definition = FrameworkDefinition(Self.resourcePath)
        model = definition.part("primary-menu") { $0.menu($1) }
        windowSection = definition.part("window-section") { $0.menu($1) }
        appSection = definition.part("app-section") { $0.menu($1) }
        helpSection = definition.part("help-section") { $0.menu($1) }
    }

    /// Settles the shell's items once: Open… stays only when `opensFiles`, and About `title` ends
    /// the menu.
    func addShellItems(opensFiles: Bool, title: String) {
        guard !hasShellItems else { return }
        hasShellItems = true
        if !opensFiles { windowSection.removeItems(action: "app.open") }
        // Translators: the last item of the primary menu; %s is the app's name ("About Hub Viewer").
        helpSection.append(localized("_About %s", title), action: "app.about")
    }

    /// Adds the app's item `title`, which runs `action` (`app.NAME`), at the end of the app's section.
    func addItem(_ item: Item) {
        appItems.append(item)
        appSection.append(item.title, action: item.action)
    }
}
