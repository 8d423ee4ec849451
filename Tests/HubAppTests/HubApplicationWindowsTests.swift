import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// Several windows, each with its own history; where a launch's URIs open; the size each window
/// leaves for the next; and opening files: a plain path on the command line, files dropped on a
/// window, the file chooser, and the recent files every opened file is added to.
final class HubApplicationWindowsTests: GtkTestCase, @unchecked Sendable {
    private static let schemaID = "org.hubframework.Viewer"

    /// Atlas with a feature for `file:` JSON documents (titled with the file's name), as the viewer
    /// has, and recent files of its own in a temporary file.
    @MainActor
    private func makeApp(recentFiles file: URL? = nil) throws -> HubApplication {
        let app = try AtlasApp.make()
        try app.hub.featureRegistry.registerFeature(
            identifier: "file", viewURIPredicate: ViewURIPredicate { $0.isFileURL && $0.pathExtension == "json" },
            title: "File",
            contentOperationFactories: [BlockContentOperationFactory { uri in
                [BlockContentOperation { context in
                    context.viewModelBuilder.navigationBarTitle = uri.lastPathComponent
                    context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = uri.path
                }]
            }])
        if let file { app.fileOpening.recentFiles = RecentFiles(storedIn: file) }
        return app
    }

    /// Launches `app` as a launch without URIs does (GApplication's `activate`): its first window, on
    /// the start view.
    @MainActor
    private func launch(_ app: HubApplication) throws -> HubWindow {
        app.application.activate()
        return try XCTUnwrap(app.mainWindow)
    }

    /// A folder of its own for a test, removed at its end.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-windows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// Tells `window` it has the keyboard focus, as the X server does when the user switches to it;
    /// GTK then puts it first in the application's windows. The focus changes the X server itself
    /// reported (each window presented asks for the focus) are handled first, so that none arrives
    /// after this one.
    @MainActor
    private func focus(_ window: HubWindow) {
        gdk_display_sync(gdk_display_get_default())
        while g_main_context_iteration(nil, 0) != 0 {}
        let event = hub_event_new_focus(gtk_widget_get_window(window.window.gtkWidget), 1)!
        defer { gdk_event_free(event) }
        gtk_widget_send_focus_change(window.window.gtkWidget, event)
    }

    func testANewWindowHasItsOwnHistoryAndTheAppsNavigatorGoesToTheNextWindow() throws {
        try onMain {
            let app = try makeApp()
            app.startup()
            let first = try launch(app)
            defer { app.close() }
            pump(until: { first.window.isMapped }, "the first window on screen")
            XCTAssertTrue(app.mainWindow === first)
            XCTAssertTrue(app.navigator(of: first) === app.navigator)
            app.navigator.open("atlas:country:japan")
            XCTAssertEqual(app.navigator.pages.count, 2)

            // Ctrl+N, as the key is pressed in the first window.
            pressInWindow(key: GDK_KEY_n, state: GDK_CONTROL_MASK.rawValue, of: first.window.gtkWidget)
            XCTAssertEqual(app.windows.count, 2, "Ctrl+N opened a window")
            let second = try XCTUnwrap(app.windows.last)
            let secondNavigator = try XCTUnwrap(app.navigator(of: second))
            XCTAssertFalse(secondNavigator === app.navigator, "a history of its own")
            XCTAssertEqual(secondNavigator.pages.map(\.uri), [AtlasApp.countries.absoluteString], "on the start view")
            XCTAssertFalse(secondNavigator.canGoBack)
            XCTAssertEqual(secondNavigator.exampleURI, app.navigator.exampleURI, "made like the app's")
            pump(until: { second.window.isMapped }, "the second window on screen")
            XCTAssertTrue(app.activeWindow === second, "the new window is the one the user is in")

            // Each window's keys act on its own history.
            secondNavigator.open("atlas:country:peru")
            g_action_group_activate_action(OpaquePointer(second.window.gtkWidget), "back", nil)
            XCTAssertEqual(secondNavigator.currentPage?.uri, AtlasApp.countries.absoluteString)
            XCTAssertEqual(app.navigator.currentPage?.uri, "atlas:country:japan", "the first window did not move")
            XCTAssertEqual(first.title, "Japan")
            XCTAssertEqual(second.title, "Countries")

            // The application's action, as D-Bus clients and the menu run it.
            app.application.activateAction("new-window")
            XCTAssertEqual(app.windows.count, 3)
            let third = try XCTUnwrap(app.windows.last)

            // Closing the first window lets the app's navigator go; the next window takes it.
            g_action_group_activate_action(OpaquePointer(first.window.gtkWidget), "close", nil)
            pump(until: { app.windows.count == 2 }, "the first window closed")
            XCTAssertNil(app.mainWindow)
            XCTAssertEqual(app.navigator.pages.count, 0, "its pages went with it")
            XCTAssertTrue(app.windows.allSatisfy { app.navigator(of: $0) !== app.navigator })
            let fourth = app.openNewWindow()
            XCTAssertTrue(app.mainWindow === fourth)
            XCTAssertTrue(app.navigator(of: fourth) === app.navigator)
            XCTAssertEqual(app.navigator.currentPage?.uri, AtlasApp.countries.absoluteString)
            XCTAssertNil(app.navigator(of: first), "a closed window has no navigator")
            _ = third
        }
    }

    func testAURIFromAnotherLaunchOpensInTheWindowTheUserWasInLast() throws {
        try onMain {
            let app = try makeApp()
            app.startup()
            let first = try launch(app)
            defer { app.close() }
            let second = app.openNewWindow()
            pump(until: { first.window.isMapped && second.window.isMapped }, "both windows on screen")

            focus(first)
            XCTAssertTrue(app.activeWindow === first)
            // What GApplication's Open method (another process's launch, handed over on the session
            // bus) calls.
            let open = try XCTUnwrap(app.application.onOpen)
            open([URL(string: "atlas:country:peru")!])
            XCTAssertEqual(app.navigator(of: first)?.currentPage?.uri, "atlas:country:peru")
            XCTAssertEqual(app.navigator(of: second)?.currentPage?.uri, AtlasApp.countries.absoluteString)

            // A launch's command line, as the primary instance receives it.
            focus(second)
            XCTAssertTrue(app.activeWindow === second)
            let launch = try XCTUnwrap(commandLine(["atlas", "atlas:country:japan"], in: URL(fileURLWithPath: "/")))
            XCTAssertEqual(app.launchHandler.handle(launch, for: app), 0)
            XCTAssertEqual(app.navigator(of: second)?.currentPage?.uri, "atlas:country:japan")
            XCTAssertEqual(app.navigator(of: first)?.currentPage?.uri, "atlas:country:peru")

            // A component's target opens in the window the user is in: the hub's opener.
            focus(first)
            XCTAssertTrue(app.hub.manager.uriOpener?.open(AtlasApp.countryURI("France")) ?? false)
            XCTAssertEqual(app.navigator(of: first)?.currentPage?.uri, "atlas:country:france")
            XCTAssertEqual(app.navigator(of: second)?.currentPage?.uri, "atlas:country:japan")
        }
    }

    func testEachWindowLeavesItsSizeAndStateForTheNext() throws {
        try onMain {
            let app = try makeApp()
            app.settingsSchemaID = Self.schemaID
            let settings = try XCTUnwrap(app.settings, "the schema is compiled by make test")
            defer { for key in ["window-width", "window-height", "window-maximized"] { settings.reset(key) } }
            app.startup()
            let first = try launch(app)
            defer { app.close() }
            let second = app.openNewWindow()
            pump(until: { first.window.isMapped && second.window.isMapped }, "both windows on screen")
            first.window.resize(width: 820, height: 610)
            second.window.resize(width: 700, height: 500)
            pump(until: { first.window.size == (820, 610) && second.window.size == (700, 500) }, "the new sizes")

            // Closing a window remembers its size: the next window opens at it.
            second.window.close()
            pump(until: { app.windows.count == 1 }, "the second window closed")
            XCTAssertEqual(settings.int32(forKey: "window-width"), 700)
            XCTAssertEqual(settings.int32(forKey: "window-height"), 500)
            let third = app.openNewWindow()
            pump(until: { third.window.size == (700, 500) }, "the third window at the size the second left")

            // A window that was maximized opens maximized, and leaves its unmaximized size.
            settings.setBool(true, forKey: "window-maximized")
            settings.setInt32(760, forKey: "window-width")
            settings.setInt32(540, forKey: "window-height")
            let fourth = app.openNewWindow()
            pump(until: { fourth.window.isMaximized }, "the fourth window restored maximized")
            settings.setBool(false, forKey: "window-maximized")
            fourth.window.close()
            pump(until: { app.windows.count == 2 }, "the fourth window closed")
            XCTAssertTrue(settings.bool(forKey: "window-maximized"))
            XCTAssertEqual(settings.int32(forKey: "window-width"), 760)
            XCTAssertEqual(settings.int32(forKey: "window-height"), 540)

            // Quitting saves every window, the one the user was in last, last.
            focus(first)
            third.window.resize(width: 640, height: 480)
            pump(until: { third.window.size == (640, 480) }, "the third window's new size")
            app.close()
            XCTAssertEqual(settings.int32(forKey: "window-width"), 820, "the window used last is remembered")
            XCTAssertEqual(settings.int32(forKey: "window-height"), 610)
            XCTAssertFalse(settings.bool(forKey: "window-maximized"))
        }
    }

    func testAPlainPathOnTheCommandLineOpensTheFileAndAddsItToTheRecentFiles() throws {
        let folder = try temporaryFolder()
        try onMain {
            let recent = folder.appendingPathComponent("recently-used.xbel")
            let app = try makeApp(recentFiles: recent)
            app.startup()
            defer { app.close() }
            try Data("{}".utf8).write(to: folder.appendingPathComponent("view.json"))
            let document = folder.appendingPathComponent("view.json")

            // The launch as the primary instance receives it: the path relative to the launch's folder.
            let launch = try XCTUnwrap(commandLine(["atlas", "view.json"], in: folder))
            XCTAssertEqual(app.launchHandler.handle(launch, for: app), 0)
            let page = try XCTUnwrap(app.navigator.currentPage)
            XCTAssertEqual(page.uri, document.absoluteString)
            XCTAssertFalse(page.isErrorPage)
            XCTAssertEqual(app.mainWindow?.title, "view.json")
            pump(until: { app.fileOpening.recentFiles?.contains(document) ?? false }, "the file in the recent files")
            XCTAssertFalse(app.fileOpening.recentFiles?.contains(AtlasApp.countries) ?? true, "a view URI is no file")
        }
    }

    func testJSONFilesDroppedOnAWindowOpenInIt() throws {
        let folder = try temporaryFolder()
        try onMain {
            let app = try makeApp(recentFiles: folder.appendingPathComponent("recently-used.xbel"))
            app.isFileOpeningEnabled = true
            app.startup()
            let first = try launch(app)
            defer { app.close() }
            let second = app.openNewWindow()
            focus(second)
            let document = folder.appendingPathComponent("dropped view.json")
            let other = folder.appendingPathComponent("notes.txt")
            try Data("{}".utf8).write(to: document)
            try Data("notes".utf8).write(to: other)

            // Each window is a place to drop files on: GTK asks it for URI lists.
            let targets = try XCTUnwrap(gtk_drag_dest_get_target_list(first.window.gtkWidget))
            XCTAssertNotEqual(gtk_target_list_find(targets, gdk_atom_intern("text/uri-list", 0), nil), 0)

            // What the window's drop handler receives from GTK (Xvfb cannot drag): the JSON file
            // opens in the window it was dropped on; the other file is left alone.
            let window = try XCTUnwrap(app.appWindows.appWindow(of: first))
            window.filesDropped([other, document])
            XCTAssertEqual(app.navigator(of: first)?.pages.map(\.uri), [AtlasApp.countries.absoluteString, document.absoluteString])
            XCTAssertEqual(app.navigator(of: second)?.pages.count, 1, "not in the window the user was in")
            XCTAssertEqual(first.title, "dropped view.json")
            pump(until: { app.fileOpening.recentFiles?.contains(document) ?? false }, "the dropped file in the recent files")
            XCTAssertFalse(app.fileOpening.recentFiles?.contains(other) ?? true)
        }
    }

    func testWithoutFileOpeningThereIsNoOpenAndNoDrop() throws {
        try onMain {
            let app = try makeApp()
            app.startup()
            let window = app.activate()
            defer { app.close() }
            let targets = gtk_drag_dest_get_target_list(window.window.gtkWidget)
            XCTAssertTrue(targets == nil || gtk_target_list_find(targets, gdk_atom_intern("text/uri-list", 0), nil) == 0,
                          "files dropped do nothing")
            XCTAssertFalse(app.menu.model.items.contains { $0.action == "app.open" })
            XCTAssertEqual(app.application.accelerators(forAction: "app.open"), [], "Ctrl+O is free")
            app.chooseFilesToOpen()
            XCTAssertNil(app.fileOpening.chooser)
        }
    }

    func testOpenShowsTheFileChooserOverTheWindowFilteredToJSON() throws {
        try onMain {
            let app = try makeApp()
            app.isFileOpeningEnabled = true
            app.startup()
            let window = try launch(app)
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            XCTAssertTrue(app.application.hasAction("open"))
            XCTAssertEqual(app.application.accelerators(forAction: "app.open"), ["<Primary>o"])
            pressInWindow(key: GDK_KEY_o, state: GDK_CONTROL_MASK.rawValue, of: window.window.gtkWidget)
            let chooser = try XCTUnwrap(app.fileOpening.chooser, "Ctrl+O shows the chooser")
            XCTAssertTrue(chooser.isShown)
            // Without a portal, GTK shows its own dialog, over the window.
            XCTAssertTrue(toplevels().contains { widget in
                String(cString: gtk_widget_get_name(widget)) == "GtkFileChooserDialog"
                    && gtk_window_get_transient_for(hub_window(widget)) == hub_window(window.window.gtkWidget)
            }, "the file chooser dialog over the window")
            chooser.cancel()
            XCTAssertNil(app.fileOpening.chooser, "gone once answered")
            XCTAssertEqual(app.navigator.pages.count, 1, "a cancelled chooser opens nothing")
        }
    }

    /// GTK's toplevel windows (a widget's name is its type's until it is given one).
    @MainActor
    private func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { result.append(data.assumingMemoryBound(to: GtkWidget.self)) }
            node = current.pointee.next
        }
        return result
    }

    /// A command line as the primary instance receives a launch's, from `arguments` (the program
    /// first) launched in `folder`: GApplicationCommandLine's construct properties, as GIO sets them.
    @MainActor
    private func commandLine(_ arguments: [String], in folder: URL) -> ApplicationCommandLine? {
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        let argv = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                g_variant_new_bytestring_array($0, -1)
            }
        }
        // The builder copies the type: the one made here is freed here.
        let dictionaryType = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(dictionaryType) }
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("cwd"),
                                                                      g_variant_new_variant(g_variant_new_bytestring(folder.path))))
        let platform = g_variant_builder_end(builder)
        g_variant_builder_unref(builder)
        // G_TYPE_VARIANT is a macro Swift does not import: GLib's fundamental type 21.
        let variantType = GType(21 << 2)
        var values = [GValue(), GValue()]
        g_value_init(&values[0], variantType)
        g_value_set_variant(&values[0], argv)
        g_value_init(&values[1], variantType)
        g_value_set_variant(&values[1], platform)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        let nameStrings = [strdup("arguments"), strdup("platform-data")]
        defer { nameStrings.forEach { free($0) } }
        var names = nameStrings.map { UnsafePointer<CChar>($0) }
        guard let object = g_object_new_with_properties(g_application_command_line_get_type(), 2, &names, values) else {
            return nil
        }
        defer { g_object_unref(object) }
        return ApplicationCommandLine(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GApplicationCommandLine.self))
    }
}
