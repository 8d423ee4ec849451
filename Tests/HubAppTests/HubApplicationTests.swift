import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// The shell with an app of its own (not the viewer): no address bar, its own features, the keys,
/// history with appearance driven by the screen, the error page, and the opt-in features.
final class HubApplicationTests: GtkTestCase, @unchecked Sendable {
    /// The accelerators GTK has for an action of the app (`app.quit`) or of its windows (`win.back`),
    /// as GTK writes them (Control is `<Primary>`).
    @MainActor
    private func accelerators(_ action: String, of app: HubApplication) -> [String] {
        guard let list = gtk_application_get_accels_for_action(app.application.gtkApplication, action) else {
            return []
        }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let accelerator = list[index] {
            result.append(String(cString: accelerator))
            index += 1
        }
        return result
    }

    /// Runs one of a window's actions (`win.NAME`), as its keyboard shortcut does in that window.
    @MainActor
    private func activate(_ action: String, of window: HubWindow) {
        g_action_group_activate_action(OpaquePointer(window.window.gtkWidget), action, nil)
    }

    @MainActor
    private func bodyTitles(_ page: Navigator.Page?) -> [String] {
        page?.viewController.viewModel?.bodyComponentModels.compactMap(\.title) ?? []
    }

    func testAnAppWithItsOwnFeaturesAndNoAddressBar() throws {
        try onMain {
            let app = try AtlasApp.make()
            var startups = 0
            app.onStartup = { startups += 1 }
            app.startup()
            app.startup()
            XCTAssertEqual(startups, 1, "onStartup runs once, when the application starts up")

            // A launch without URIs: the window opens on the start URI.
            app.application.activate()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window on screen")
            XCTAssertNil(window.addressEntry, "no address bar unless the app asks for one")
            XCTAssertNil(window.titleLabel)
            XCTAssertNil(gtk_header_bar_get_custom_title(hub_header_bar(window.headerBar.gtkWidget)),
                         "the header bar shows the title itself")
            let countries = try XCTUnwrap(app.navigator.currentPage)
            XCTAssertEqual(countries.uri, AtlasApp.countries.absoluteString)
            pump(until: { countries.viewController.liveBodyComponentCount == 3 }, "the countries")
            XCTAssertEqual(bodyTitles(countries), AtlasApp.names)
            XCTAssertEqual(window.title, "Countries")
            XCTAssertEqual(window.headerBar.title, "Countries")
            XCTAssertFalse(window.backButton.isEnabled)

            // The keys, without Ctrl+L and F6 (there is no address entry to focus) and Ctrl+O (the
            // app does not open files). What acts on one window is the window's action.
            XCTAssertEqual(accelerators("win.back", of: app), ["<Alt>Left", "Back"])
            XCTAssertEqual(accelerators("win.forward", of: app), ["<Alt>Right", "Forward"])
            XCTAssertEqual(accelerators("win.reload", of: app), ["F5", "<Primary>r"])
            XCTAssertEqual(accelerators("win.close", of: app), ["<Primary>w"])
            XCTAssertEqual(accelerators("app.quit", of: app), ["<Primary>q"])
            XCTAssertEqual(accelerators("win.focus-address", of: app), [])
            XCTAssertEqual(accelerators("app.new-window", of: app), ["<Primary>n"])
            XCTAssertEqual(accelerators("app.open", of: app), [])
            XCTAssertEqual(accelerators("win.show-primary-menu", of: app), ["F10"])
            XCTAssertEqual(accelerators("win.show-help-overlay", of: app), ["<Primary>question"])

            // A row leads to its country: the title and the bar button follow the view.
            let cell = try XCTUnwrap(countries.viewController.cellView(atBodyIndex: 1)?.gtkWidget)
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "the Japan row on screen")
            click(cell)
            let japan = try XCTUnwrap(app.navigator.currentPage)
            XCTAssertEqual(japan.uri, "atlas:country:japan")
            pump(until: { japan.viewController.liveBodyComponentCount == 1 }, "Japan")
            XCTAssertEqual(window.title, "Japan")
            XCTAssertTrue(window.backButton.isEnabled)
            XCTAssertEqual(window.barItemsBox.children.count, 1)
            XCTAssertEqual(window.barItemsBox.children.first?.tooltip, "Favourite")
            // The shell drives appearance from the screen: the list left it, the country is on it.
            XCTAssertFalse(countries.viewController.isVisible)
            XCTAssertTrue(japan.viewController.isVisible)

            // Alt+Left's action goes back to the list as it was.
            activate("back", of: window)
            XCTAssertTrue(app.navigator.currentPage === countries)
            XCTAssertTrue(countries.viewController.isVisible)
            XCTAssertFalse(japan.viewController.isVisible)
            XCTAssertEqual(window.title, "Countries")
            XCTAssertTrue(window.forwardButton.isEnabled)
            XCTAssertEqual(window.barItemsBox.children.count, 0)
            activate("forward", of: window)
            XCTAssertTrue(app.navigator.currentPage === japan)

            // The error page, for what no feature handles: the shell's own features are off.
            for text in ["showcase:", "live:", "atlas:nowhere"] {
                XCTAssertFalse(app.navigator.open(text), text)
                let page = try XCTUnwrap(app.navigator.currentPage)
                XCTAssertTrue(page.isErrorPage, text)
                pump(until: { page.viewController.liveBodyComponentCount > 0 }, "the error page")
                XCTAssertTrue(bodyTitles(page).contains("No feature handles “\u{2068}\(text)\u{2069}”."), "\(bodyTitles(page))")
                let targets = page.viewController.viewModel?.bodyComponentModels.compactMap(\.target?.uri) ?? []
                XCTAssertEqual(targets, [AtlasApp.countries, AtlasApp.countryURI("Peru")], "a link per feature")
            }
            XCTAssertEqual(window.title, "Nothing to show")
            XCTAssertNil(app.liveDocument)
            XCTAssertNil(app.liveService)
            XCTAssertFalse(app.navigator.open(""))
            let empty = try XCTUnwrap(app.navigator.currentPage)
            pump(until: { empty.viewController.liveBodyComponentCount > 0 }, "the error page")
            XCTAssertEqual(bodyTitles(empty).first, "Type a view URI, for example atlas:countries.")
        }
    }

    func testTheShellsFeaturesAreOptInAndComeAfterTheAppsOwn() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.isShowcaseEnabled = true
            app.isLiveEditingEnabled = true
            XCTAssertNil(app.hub.featureRegistry.registration(withIdentifier: ShowcaseFeature.identifier),
                         "registered when the application starts")
            app.startup()
            XCTAssertEqual(app.hub.featureRegistry.allRegistrations.map(\.identifier),
                           ["countries", "country", ShowcaseFeature.identifier, LiveFeature.identifier])
            XCTAssertNotNil(app.liveDocument)
            XCTAssertNil(app.liveService, "the service starts only from a launch's command line")
            XCTAssertTrue(app.hub.componentRegistry.registeredNamespaces.contains(AppComponentFactory.namespace))

            app.activate()
            defer { app.close() }
            XCTAssertTrue(app.navigator.open(ShowcaseFeature.rootURI.absoluteString))
            let showcase = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { showcase.liveBodyComponentCount > 0 }, "the showcase")
            let headings = showcase.viewModel?.bodyComponentModels.filter { $0.identifier.hasPrefix("heading:") } ?? []
            XCTAssertTrue(headings.allSatisfy { $0.componentIdentifier == AppComponentFactory.showcaseHeading })
            XCTAssertEqual(headings.count, app.hub.componentRegistry.showcaseableComponentIdentifiers.count)
            XCTAssertTrue(headings.contains { $0.subtitle == AppComponentFactory.liveProblems.identifierString })
            XCTAssertTrue(app.navigator.open(LiveFeature.rootURI.absoluteString))

            // Turned off after startup, they go at once.
            app.isShowcaseEnabled = false
            app.isLiveEditingEnabled = false
            XCTAssertFalse(app.navigator.open(ShowcaseFeature.rootURI.absoluteString))
            XCTAssertFalse(app.navigator.open(LiveFeature.rootURI.absoluteString))
            XCTAssertNil(app.liveDocument)
        }
    }

    func testTheCommandLineFollowsTheApp() throws {
        try onMain {
            let app = try AtlasApp.make()
            XCTAssertEqual(app.commandLine.commandName, "atlas")
            XCTAssertEqual(app.commandLine.version, "2.1")
            XCTAssertEqual(app.commandLine.startURI, AtlasApp.countries)
            XCTAssertFalse(app.commandLine.acceptsLiveEditingOptions)
            app.isLiveEditingEnabled = true
            XCTAssertTrue(app.commandLine.acceptsLiveEditingOptions)
            XCTAssertEqual(try app.commandLine.parse(["--no-live"]).liveEnabled, false)
        }
    }

    /// The app names itself to servers (`Hub-Client`) by its command name and version, which follow
    /// the app, unless it named itself otherwise.
    func testTheAppNamesItselfToServers() throws {
        try onMain {
            let app = try AtlasApp.make()
            XCTAssertEqual(app.hub.manager.clientApp, "atlas/2.1")
            XCTAssertEqual(app.hub.clientCapabilities.app, "atlas/2.1")
            app.commandName = "atlas-beta"
            XCTAssertEqual(app.hub.manager.clientApp, "atlas-beta/2.1")
            app.hub.manager.clientApp = "Atlas for Linux/2.1.7"
            app.commandName = "atlas"
            XCTAssertEqual(app.hub.manager.clientApp, "Atlas for Linux/2.1.7", "the app's own name stays")
        }
    }

    func testAWindowWithAnAddressBarSuggestsTheStartURI() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.showsAddressBar = true
            app.startup()
            let window = app.activate()
            defer { app.close() }
            let entry = try XCTUnwrap(window.addressEntry)
            XCTAssertEqual(entry.placeholder, "Enter a view URI, such as atlas:countries")
            XCTAssertEqual(accelerators("win.focus-address", of: app), ["<Primary>l", "F6"])
            app.navigator.open("atlas:country:peru")
            XCTAssertEqual(window.address, "atlas:country:peru")
            XCTAssertEqual(window.titleLabel?.text, "Peru")
        }
    }
}
