import HubGTK

/// What the keyboard shortcuts window lists (Ctrl+?): the keys of the app's and the windows'
/// actions, as the application has them (so that the list cannot drift from the keys), the keys of
/// the view, and the keys of the menu items the app added.
@MainActor
enum AppShortcutList {
    /// The groups of the shortcuts window of an app titled `appTitle`: its actions' keys as
    /// `application` has them (an action without keys is left out), the view's, and `appItems`'.
    static func groups(application: Application, appTitle: String, appItems: [AppMenu.Item]) -> [ShortcutsWindow.Group] {
        func shortcut(_ title: String, _ action: String) -> ShortcutsWindow.Shortcut {
            ShortcutsWindow.Shortcut(title: title, accelerators: application.accelerators(forAction: action))
        }
        var groups = [
            // Translators: a heading of the keyboard shortcuts window: the keys for windows and the app.
            ShortcutsWindow.Group(title: localized("General"), shortcuts: [
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Open a new window"), "app.new-window"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Open a file"), "app.open"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Close the window"), "win.close"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Quit"), "app.quit"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Show the main menu"), "win.show-primary-menu"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Show the keyboard shortcuts"), "win.show-help-overlay"),
            ]),
            // Translators: a heading of the keyboard shortcuts window: going between views.
            ShortcutsWindow.Group(title: localized("Navigation"), shortcuts: [
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Go back"), "win.back"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Go forward"), "win.forward"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Reload the view"), "win.reload"),
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Type a view URI"), "win.focus-address"),
            ]),
            // Translators: a heading of the keyboard shortcuts window: the keys of the Find bar.
            ShortcutsWindow.Group(title: localized("Find"), shortcuts: [
                // Translators: a shortcut in the keyboard shortcuts window.
                shortcut(localized("Find in the view"), "win.find"),
            ] + findShortcuts),
            // Translators: a heading of the keyboard shortcuts window: the keys inside a view.
            ShortcutsWindow.Group(title: localized("In a View"), shortcuts: viewShortcuts),
        ]
        let items = appItems.filter { !$0.accelerators.isEmpty }
            .map { ShortcutsWindow.Shortcut(title: $0.title.replacingOccurrences(of: "_", with: ""),
                                            accelerators: application.accelerators(forAction: $0.action)) }
        groups.append(ShortcutsWindow.Group(title: appTitle, shortcuts: items))
        for index in groups.indices { groups[index].shortcuts.removeAll { $0.accelerators.isEmpty } }
        return groups
    }

    /// The keys of the Find bar's field (`FindController`, and GtkSearchEntry's own Ctrl+G and
    /// Shift+Ctrl+G).
    static var findShortcuts: [ShortcutsWindow.Shortcut] {
        [
            // Translators: a shortcut in the keyboard shortcuts window (Enter and Ctrl+G in the Find bar).
            .init(title: localized("Go to the next match"), accelerators: ["Return", "<Control>g"]),
            // Translators: a shortcut in the keyboard shortcuts window (Shift+Enter and Shift+Ctrl+G in the Find bar).
            .init(title: localized("Go to the previous match"), accelerators: ["<Shift>Return", "<Shift><Control>g"]),
            // Translators: a shortcut in the keyboard shortcuts window (Escape in the Find bar).
            .init(title: localized("Close the Find bar"), accelerators: ["Escape"]),
        ]
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
