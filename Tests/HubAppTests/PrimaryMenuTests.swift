import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// What every app on the shell gets: the primary menu in each window's header bar, the About
/// window, the keyboard shortcuts window listing every key, and the app's own menu items.
final class PrimaryMenuTests: GtkTestCase, @unchecked Sendable {
    func testEveryWindowHasThePrimaryMenuAndEveryItemHasItsAction() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.isFileOpeningEnabled = true
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            XCTAssertEqual(window.menuButton.accessibleName, "Main Menu")
            XCTAssertEqual(window.menuButton.tooltip, "Main Menu")
            let items = try XCTUnwrap(window.menuButton.menu).items
            XCTAssertEqual(items.map(\.label), ["_New Window", "_Open…", "_Keyboard Shortcuts", "_About Atlas"])
            XCTAssertEqual(items.map(\.action), ["app.new-window", "app.open", "win.show-help-overlay", "app.about"])
            for item in items {
                let name = String(item.action.dropFirst(4))
                let exists = item.action.hasPrefix("app.") ? app.application.hasAction(name) : window.window.hasAction(name)
                XCTAssertTrue(exists, "\(item.action) exists, so that the item is not greyed out")
            }
            // The button is the last thing in the header bar; F10 opens the menu.
            XCTAssertEqual(gtk_widget_get_parent(window.menuButton.gtkWidget), window.headerBar.gtkWidget)
            XCTAssertFalse(window.menuButton.isMenuShown)
            pressInWindow(key: GDK_KEY_F10, of: window.window.gtkWidget)
            XCTAssertTrue(window.menuButton.isMenuShown, "F10 opened the menu")
            window.window.activateAction("show-primary-menu")
            XCTAssertFalse(window.menuButton.isMenuShown, "and closes it")

            // A second window shows the same menu.
            let second = app.openNewWindow()
            XCTAssertEqual(second.menuButton.menu?.items.map(\.action), items.map(\.action))
        }
    }

    func testAnAppAddsItsOwnItemsWithAFewLines() throws {
        try onMain {
            let app = try AtlasApp.make()
            var favourites = 0
            // As an app adds them: before it runs.
            app.addMenuItem("_Peru", action: "show-peru", accelerators: ["<Control><Alt>p"]) { app.open(["atlas:country:peru"]) }
            // The shared application keeps the key after this test: the next tests list every key.
            defer { app.application.setAccelerators([], forAction: "app.show-peru") }
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            XCTAssertEqual(window.menuButton.menu?.items.map(\.label),
                           ["_New Window", "_Peru", "_Keyboard Shortcuts", "_About Atlas"], "in the app's section")
            XCTAssertEqual(app.application.accelerators(forAction: "app.show-peru"), ["<Primary><Alt>p"])
            pressInWindow(key: GDK_KEY_p, state: GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue, of: window.window.gtkWidget)
            XCTAssertEqual(app.navigator.currentPage?.uri, "atlas:country:peru", "Ctrl+Alt+P ran the item")

            // One added later shows in the windows already open, and runs from the menu (and D-Bus).
            app.addMenuItem("Favourites", action: "favourites") { favourites += 1 }
            XCTAssertEqual(window.menuButton.menu?.items.map(\.label),
                           ["_New Window", "_Peru", "Favourites", "_Keyboard Shortcuts", "_About Atlas"])
            app.application.activateAction("favourites")
            XCTAssertEqual(favourites, 1)

            // The shortcuts window lists the item with its keys, under the app's name.
            window.window.activateAction("show-help-overlay")
            let shortcuts = try XCTUnwrap(app.appWindows.appWindow(of: window)?.openShortcutsWindow)
            XCTAssertTrue(shortcuts.shortcuts.contains(ShortcutsWindow.Shortcut(title: "Peru", accelerators: ["<Primary><Alt>p"])),
                          "\(shortcuts.shortcuts)")
        }
    }

    func testTheShortcutsWindowListsEveryKeyOfTheAppItsWindowsAndTheView() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.showsAddressBar = true
            app.isFileOpeningEnabled = true
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            // Ctrl+?, as the key is pressed (the question mark is a shifted key).
            pressInWindow(key: GDK_KEY_question, state: GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue,
                          of: window.window.gtkWidget)
            let appWindow = try XCTUnwrap(app.appWindows.appWindow(of: window))
            let shortcuts = try XCTUnwrap(appWindow.openShortcutsWindow, "Ctrl+? showed the shortcuts window")
            pump(until: { shortcuts.isMapped }, "the shortcuts window on screen")
            XCTAssertTrue(shortcuts.transientParent === window.window)
            let listed = shortcuts.shortcuts

            // Every key GTK has for an action of the app or its windows is listed, with the action's other keys.
            let actions = app.application.actionsWithAccelerators.filter { !app.application.accelerators(forAction: $0).isEmpty }
            XCTAssertTrue(actions.contains("win.back") && actions.contains("app.new-window"), "\(actions)")
            for action in actions {
                let keys = app.application.accelerators(forAction: action)
                XCTAssertTrue(listed.contains { $0.accelerators == keys }, "\(action) \(keys) is listed: \(listed)")
            }
            // The view's keys: scrolling (ScrollCanvas) and moving between components (CellInput).
            let keys = Set(listed.flatMap(\.accelerators))
            for key in ["Page_Down", "Page_Up", "Home", "End", "space", "<Shift>space", "Tab", "<Shift>Tab", "Up", "Down",
                        "Left", "Right", "Return"]
            {
                XCTAssertTrue(keys.contains(key), "\(key) is listed")
            }
            XCTAssertTrue(listed.allSatisfy { !$0.title.isEmpty && !$0.accelerators.isEmpty })

            // Asked again, the open window comes to the front; closed, it goes.
            window.window.activateAction("show-help-overlay")
            XCTAssertTrue(appWindow.openShortcutsWindow === shortcuts)
            shortcuts.close()
            pump(until: { appWindow.openShortcutsWindow == nil }, "the shortcuts window closed")
            XCTAssertFalse(shortcuts.isMapped)

            // Asked for after it closed, the same window comes back (GTK never frees one's parts:
            // a window made at every Ctrl+? kept 170 kB each time), unless a key changed meanwhile.
            window.window.activateAction("show-help-overlay")
            XCTAssertTrue(appWindow.openShortcutsWindow === shortcuts, "the closed window is shown again")
            shortcuts.close()
            pump(until: { appWindow.openShortcutsWindow == nil }, "the shortcuts window closed again")
            let backKeys = app.application.accelerators(forAction: "win.back")
            app.application.setAccelerators(backKeys + ["F9"], forAction: "win.back")
            defer { app.application.setAccelerators(backKeys, forAction: "win.back") }
            window.window.activateAction("show-help-overlay")
            let remade = try XCTUnwrap(appWindow.openShortcutsWindow)
            XCTAssertFalse(remade === shortcuts, "a window listing the keys there are now")
            XCTAssertTrue(remade.shortcuts.contains { $0.accelerators == backKeys + ["F9"] }, "\(remade.shortcuts)")
            remade.close()
            pump(until: { appWindow.openShortcutsWindow == nil }, "the new shortcuts window closed")

            // Both go with their window when it is destroyed (the app closes its windows), rather than
            // stay open alone. (While they are open, they are modal: the window cannot be closed.)
            window.window.activateAction("show-help-overlay")
            let again = try XCTUnwrap(appWindow.openShortcutsWindow)
            app.showAbout()
            let about = try XCTUnwrap(app.menu.about.dialog)
            pump(until: { again.isMapped && about.isMapped }, "the shortcuts and About windows on screen")
            window.window.destroy()
            XCTAssertFalse(again.isMapped || about.isMapped, "both gone with their window")
            XCTAssertNil(app.menu.about.dialog)
        }
    }

    func testAboutShowsTheNameVersionAndWhatTheAppSaysOfItself() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.about = AboutInfo(summary: "Countries of the world", website: URL(string: "https://example.org/atlas"),
                                  licenseIdentifier: "MIT", developers: ["The Atlas makers"])
            app.startup()
            let window = app.activate()
            defer { app.close() }
            app.application.activateAction("about")
            let about = try XCTUnwrap(app.menu.about.dialog, "app.about showed the About window")
            pump(until: { about.isMapped }, "the About window on screen")
            XCTAssertEqual(about.programName, "Atlas")
            XCTAssertEqual(about.version, "2.1")
            XCTAssertEqual(about.comments, "Countries of the world")
            XCTAssertEqual(about.website, URL(string: "https://example.org/atlas"))
            XCTAssertEqual(about.authors, ["The Atlas makers"])
            XCTAssertEqual(about.licenseIdentifier, "MIT")
            XCTAssertTrue(about.isKnownLicense, "GTK names the MIT licence and links to it")
            XCTAssertTrue(about.transientParent === window.window)
            app.showAbout()
            XCTAssertTrue(app.menu.about.dialog === about, "one About window at a time")
            about.destroy()
            XCTAssertNil(app.menu.about.dialog)
        }
    }
}
