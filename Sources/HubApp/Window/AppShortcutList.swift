import HubGTK

/// What the keyboard shortcuts window lists (Ctrl+?): the keys of the app's and the windows'
/// actions, as the application has them (so that the list cannot drift from the keys), the keys of
/// the Find bar and of the view, and the keys of the menu items the app added.
///
/// The fixed groups are a GtkBuilder definition in the framework's resources
/// (`data/resources/HubApp/shortcuts-window.ui`): the window's and the app's actions by name, and
/// the Find bar's keys. The view's keys and the app's items are added here, after them.
@MainActor
enum AppShortcutList {
    /// Where the window's definition is in the framework's resources.
    static let resourcePath = "/org/hubframework/HubApp/shortcuts-window.ui"

    /// A (hidden) shortcuts window for an app titled `appTitle`: its actions' keys as `application`
    /// has them (an action without keys is left out), the Find bar's, the view's, and `appItems`'.
    static func makeWindow(application: Application, appTitle: String, appItems: [AppMenu.Item]) -> ShortcutsWindow {
        let items = appItems.map {
            ShortcutsWindow.Shortcut(title: $0.title.replacingOccurrences(of: "_", with: ""),
                                     accelerators: application.accelerators(forAction: $0.action))
        }
        let groups = [
            // Translators: a heading of the keyboard shortcuts window: the keys inside a view.
            ShortcutsWindow.Group(title: localized("In a View"), shortcuts: viewShortcuts),
            ShortcutsWindow.Group(title: appTitle, shortcuts: items.filter { !$0.accelerators.isEmpty }),
        ]
        return FrameworkDefinition(resourcePath).part("shortcuts-window") {
            $0.shortcutsWindow($1, section: "shortcuts-section", keysOf: application, appending: groups)
        }
    }

    /// The keys of the view: those the view's scrolling handles (`ScrollCanvas`'s key handler in
    /// GtkKit) and those a focused component handles (`CellInput.navigation(for:)` in HubGTK). A
    /// key added there is listed here.
    static var viewShortcuts: [ShortcutsWindow.Shortcut] {
        [
            // Translators: a shortcut in the keyboard shortcuts window (Tab and Shift+Tab).
            .init(title: localized("Move to the next or previous component"), accelerators: ["Tab", "<Shift>Tab"]),
            // Translators: a shortcut in the keyboard shortcuts window (the arrow keys).
            .init(title: localized("Move to the component above, below or beside"),
                  accelerators: ["Up", "Down", "Left", "Right"]),
            // Translators: a shortcut in the keyboard shortcuts window (Enter).
            .init(title: localized("Open or use the focused component"), accelerators: ["Return"]),
            // Translators: a shortcut in the keyboard shortcuts window (Page Down and Space).
            .init(title: localized("Scroll down a page"), accelerators: ["Page_Down", "space"]),
            // Translators: a shortcut in the keyboard shortcuts window (Page Up and Shift+Space).
            .init(title: localized("Scroll up a page"), accelerators: ["Page_Up", "<Shift>space"]),
            // Translators: a shortcut in the keyboard shortcuts window (Home).
            .init(title: localized("Scroll to the top"), accelerators: ["Home"]),
            // Translators: a shortcut in the keyboard shortcuts window (End).
            .init(title: localized("Scroll to the bottom"), accelerators: ["End"]),
        ]
    }
}
