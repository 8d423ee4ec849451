import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// Issue 39, goal 6: the fixed parts of the window (its header bar, the primary menu, the keyboard
/// shortcuts window) are GtkBuilder definitions in the framework's GResource bundle, read by
/// resource path, so that a designer changes them in `.ui` files and the GTK Inspector sees them.
final class WindowDefinitionTests: GtkTestCase, @unchecked Sendable {
    /// The folder of the resource sources (data/resources).
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/resources")
    private static let definitions = ["HubApp/header-bar.ui", "HubApp/primary-menu.ui", "HubApp/shortcuts-window.ui"]

    func testTheLinkedInBundleHasTheDefinitionsOfDataResources() throws {
        try onMain {
            FrameworkResources.registerIfNeeded()
            for path in Self.definitions {
                let linked = try XCTUnwrap(ResourceBundle.data(at: "/org/hubframework/\(path)"), path)
                XCTAssertEqual(linked, try Data(contentsOf: Self.sources.appendingPathComponent(path)), path)
            }
            XCTAssertEqual(HubWindow.headerBarResourcePath, "/org/hubframework/HubApp/header-bar.ui")
            XCTAssertEqual(AppMenu.resourcePath, "/org/hubframework/HubApp/primary-menu.ui")
            XCTAssertEqual(AppShortcutList.resourcePath, "/org/hubframework/HubApp/shortcuts-window.ui")
        }
    }

    /// A definition changed by a designer, in a bundle registered after the framework's (GLib looks a
    /// path up in the last registered bundle first), shows in the window: the window reads its
    /// definitions by resource path rather than building the parts in code.
    func testTheWindowShowsWhatItsDefinitionsInTheResourcesSay() throws {
        try onMain {
            FrameworkResources.registerIfNeeded()
            func changed(_ path: String, _ replacements: [(String, String)]) throws -> String {
                var text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
                for (old, new) in replacements {
                    XCTAssertTrue(text.contains(old), "\(path) has \(old)")
                    text = text.replacingOccurrences(of: old, with: new)
                }
                return text
            }
            let resources = try CompiledResources(prefix: "/org/hubframework", files: [
                "HubApp/header-bar.ui": try changed("HubApp/header-bar.ui", [(">Reload<", ">Refresh<")]),
                "HubApp/primary-menu.ui": try changed("HubApp/primary-menu.ui",
                                                      [(">_New Window<", ">_Another Window<")]),
                "HubApp/shortcuts-window.ui": try changed("HubApp/shortcuts-window.ui",
                                                          [(">Open a new window<", ">Open another window<")]),
            ])
            defer { resources.remove() }
            let designed = try ResourceBundle(contentsOf: resources.url)
            designed.register()
            defer { designed.unregister() }

            let app = try AtlasApp.make()
            app.showsAddressBar = true
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            XCTAssertEqual(window.reloadButton.tooltip, "Refresh")
            XCTAssertEqual(window.reloadButton.accessibleName, "Refresh")
            XCTAssertEqual(window.menuButton.menu?.items.first?.label, "_Another Window")
            window.window.activateAction("show-help-overlay")
            let shortcuts = try XCTUnwrap(app.appWindows.appWindow(of: window)?.openShortcutsWindow).shortcuts
            XCTAssertTrue(shortcuts.contains(ShortcutsWindow.Shortcut(
                title: "Open another window", accelerators: app.application.accelerators(forAction: "app.new-window"))),
                          "\(shortcuts)")
        }
    }

    /// The parts the app decides are filled into the definitions: the address bar's entry in the
    /// title area, the app's own items in the menu's empty section, About with the app's name.
    func testTheDynamicPartsAreFilledIntoTheDefinitions() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.showsAddressBar = true
            app.addMenuItem("_Peru", action: "show-peru") {}
            app.startup()
            let window = app.activate()
            defer { app.close() }
            let entry = try XCTUnwrap(window.addressEntry)
            XCTAssertEqual(entry.purpose, .url, "the definition's input purpose, read back")
            XCTAssertEqual(entry.accessibleName, "Address")
            XCTAssertEqual(entry.widthInCharacters, 40)
            XCTAssertEqual(window.titleLabel?.text, "Atlas")
            XCTAssertTrue(window.titleLabel?.hasCSSClass("title") ?? false)
            XCTAssertTrue(window.backButton.tooltip == "Back" && window.backButton.accessibleName == "Back")
            XCTAssertFalse(window.backButton.isEnabled)
            let buildableName = gtk_buildable_get_name(OpaquePointer(window.headerBar.gtkWidget))
                .map { String(cString: $0) }
            XCTAssertEqual(buildableName, "header-bar", "the header bar is the definition's")
            XCTAssertEqual(window.menuButton.menu?.items.map(\.label),
                           ["_New Window", "_Peru", "_Keyboard Shortcuts", "_About Atlas"])
            window.window.activateAction("show-help-overlay")
            let shortcuts = try XCTUnwrap(app.appWindows.appWindow(of: window)?.openShortcutsWindow)
            XCTAssertEqual(shortcuts.title, "Keyboard Shortcuts", "what the window list and a screen reader call it")
            XCTAssertTrue(shortcuts.isModal)
        }
    }
}
