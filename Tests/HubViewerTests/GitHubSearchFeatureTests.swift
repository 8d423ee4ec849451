import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer
import HubTestSupport

/// GitHub search against a loopback server answering like GitHub's API: results, no results,
/// an error, and being offline.
final class GitHubSearchFeatureTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer?

    override func setUpWithError() throws {
        try super.setUpWithError()
        let server = try LoopbackHTTPServer()
        server.route("/search/repositories") { request in
            let query = request.query?.split(separator: "&").first { $0.hasPrefix("q=") }?.dropFirst(2) ?? ""
            switch query {
            case "hub": return .json(GitHubSearchFixtures.hub)
            case "slow": return .json(GitHubSearchFixtures.hub, delay: 1)
            case "boom": return .json(GitHubSearchFixtures.serverError, status: 500)
            case "limit": return .json(#"{"message": "API rate limit exceeded"}"#, status: 403)
            case "garbage": return .text("<html>not json</html>")
            default: return .json(GitHubSearchFixtures.empty)
            }
        }
        self.server = server
        MainActor.assumeIsolated { DemoEnvironment.shared.gitHubAPIBaseURL = server.baseURL }
    }

    override func tearDown() {
        server?.stop()
        server = nil
        MainActor.assumeIsolated {
            DemoEnvironment.shared.gitHubAPIBaseURL = DemoEnvironment.defaultGitHubAPIBaseURL
            (SharedViewer.fresh().hub.manager.connectivityStateResolver as? ManualConnectivityStateResolver)?.state = .online
        }
        super.tearDown()
    }

    @MainActor
    private func searchBarEntry(_ controller: ViewController) throws -> WidgetPointer {
        let searchBar = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? SearchBarComponent)
        return try XCTUnwrap(searchBar.searchEntry?.gtkWidget)
    }

    @MainActor
    private func overlayTitle(_ identifier: String, _ controller: ViewController) -> String? {
        controller.viewModel?.overlayComponentModels.first { $0.identifier == identifier }?.title
    }

    /// Keys go to the window, which routes them to its focus widget, as with a real keyboard.
    func testOpeningTheSearchFromTheAddressBarPutsTheCursorInTheSearchBar() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let window = try XCTUnwrap(app.mainWindow)
            let toplevel = window.window.gtkWidget
            let address = try XCTUnwrap(window.addressEntry).gtkWidget
            app.navigator.open(DemoFeatures.rootURI.absoluteString)
            let root = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: root)
            pressInWindow(key: GDK_KEY_l, state: GDK_CONTROL_MASK.rawValue, of: toplevel)
            XCTAssertNotEqual(gtk_widget_is_focus(address), 0, "Ctrl+L focuses the address bar")
            window.address = "hub-demo:githubsearch"
            pressInWindow(key: GDK_KEY_Return, of: toplevel)
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:githubsearch")
            pump(until: { controller.liveComponent(atBodyIndex: 0) is SearchBarComponent }, "the search bar")
            let entry = try searchBarEntry(controller)
            XCTAssertNotEqual(gtk_widget_is_focus(entry), 0, "the search bar has the focus")
            for key in [GDK_KEY_h, GDK_KEY_u, GDK_KEY_b] { pressInWindow(key: key, of: toplevel) }
            XCTAssertEqual(String(cString: gtk_entry_get_text(hub_entry(entry))), "hub")
            XCTAssertEqual(window.address, "hub-demo:githubsearch", "nothing was typed into the address bar")
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, "the results")
            // Ctrl+L still takes the focus to the address bar, and Escape gives it back to the view.
            pressInWindow(key: GDK_KEY_l, state: GDK_CONTROL_MASK.rawValue, of: toplevel)
            XCTAssertNotEqual(gtk_widget_is_focus(address), 0, "Ctrl+L focuses the address bar")
            pressInWindow(key: GDK_KEY_Escape, of: toplevel)
            XCTAssertEqual(gtk_widget_is_focus(address), 0, "Escape leaves the address bar")
            XCTAssertTrue(gtk_widget_is_ancestor(try XCTUnwrap(gtk_window_get_focus(hub_window(toplevel))),
                                                 controller.view.gtkWidget) != 0, "Escape focuses the view")
        }
    }

    func testScrollingAwayFromTheSearchBarKeepsTheKeysInTheView() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let toplevel = try XCTUnwrap(app.mainWindow).window.gtkWidget
            app.navigator.open(DemoFeatures.rootURI.absoluteString)
            app.navigator.open("hub-demo:githubsearch")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveComponent(atBodyIndex: 0) is SearchBarComponent }, "the search bar")
            let entry = try searchBarEntry(controller)
            XCTAssertNotEqual(gtk_widget_is_focus(entry), 0, "the search bar has the focus")
            gtk_entry_set_text(hub_entry(entry), "hub")
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, "the results")
            // A short window, so that the results scroll (the size is put back afterwards).
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_size(hub_window(toplevel), &width, &height)
            defer { gtk_window_resize(hub_window(toplevel), width, height) }
            gtk_window_resize(hub_window(toplevel), width, 200)
            pump(until: { controller.canvas.maximumOffset > 30 }, "content taller than the view")
            controller.scroll(to: Point(x: 0, y: 30))
            pump(for: 0.05)
            XCTAssertEqual(gtk_widget_is_focus(entry), 0, "scrolling takes the focus from the search bar")
            XCTAssertNotNil(gtk_window_get_focus(hub_window(toplevel)), "the window still has a focus widget")
            pressInWindow(key: GDK_KEY_Home, of: toplevel)
            pump(until: { controller.contentOffset.y == 0 }, "Home scrolls to the top")
        }
    }

    func testTypingASearchShowsTheRepositoriesAsRows() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("GitHub Search", in: app)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:githubsearch")
            XCTAssertEqual(app.mainWindow?.title, "GitHub Search")
            let bar = try XCTUnwrap(controller.viewModel?.bodyComponentModels.first)
            XCTAssertEqual(bar.identifier, "searchBar")
            XCTAssertEqual(bar.customData?["placeholder"], "Search repositories on GitHub")
            let entry = try searchBarEntry(controller)
            XCTAssertEqual(String(cString: gtk_entry_get_placeholder_text(hub_entry(entry))),
                           "Search repositories on GitHub")

            gtk_entry_set_text(hub_entry(entry), "hub")
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, "the results")
            let rows = Array(try XCTUnwrap(controller.viewModel?.bodyComponentModels).dropFirst())
            XCTAssertEqual(rows.map(\.title), ["HubFramework", "hub", "hub-example"])
            XCTAssertEqual(rows.map(\.subtitle), ["Author: spotify", "Author: mislav", "Author: octo-org"])
            XCTAssertEqual(rows.map { $0.target?.uri?.absoluteString },
                           ["https://github.com/spotify/HubFramework", "https://github.com/mislav/hub",
                            "https://github.com/octo-org/hub-example"])
            XCTAssertEqual(Set(rows.map(\.componentIdentifier.identifierString)), ["default:row"])
            XCTAssertEqual(overlayIdentifiers(controller), [])
            XCTAssertEqual(controller.viewModel?.customData?["searchString"], "hub")
            XCTAssertEqual(server?.requests.map(\.target), ["/search/repositories?q=hub"])
            XCTAssertEqual(Gtk.entryText(entry), "hub", "the search bar keeps its text")

            // The rows are on screen; clicking one opens the repository's page in the browser.
            let row = try XCTUnwrap(controller.liveComponent(atBodyIndex: 1) as? RowComponent)
            _ = row
            var opened: [URL] = []
            app.navigator.externalOpener = { opened.append($0); return true }
            defer { app.navigator.externalOpener = Navigator.openWithDesktop }
            click(try visibleCell(atBodyIndex: 1, in: controller))
            XCTAssertEqual(opened.map(\.absoluteString), ["https://github.com/spotify/HubFramework"])
        }
    }

    func testASpinnerShowsWhileTheSearchRuns() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:githubsearch")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            gtk_entry_set_text(hub_entry(try searchBarEntry(controller)), "slow")
            pump(until: { self.overlayIdentifiers(controller) == ["activityIndicator"] }, "the spinner")
            XCTAssertTrue(controller.overlayComponents.first is ActivityIndicatorComponent)
            XCTAssertEqual(controller.viewModel?.customData?["searchInProgress"], true)
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, timeout: 5, "the results")
            XCTAssertEqual(overlayIdentifiers(controller), [], "no spinner once the results are in")
        }
    }

    func testNoResultsAndErrorsShowAsOverlays() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:githubsearch")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            let entry = try searchBarEntry(controller)

            gtk_entry_set_text(hub_entry(entry), "nothing-matches-this")
            pump(until: { self.overlayTitle("noResultsLabel", controller) != nil }, "no results")
            XCTAssertEqual(overlayTitle("noResultsLabel", controller), "No results found")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), ["searchBar"])
            XCTAssertTrue(controller.overlayComponents.first is LabelComponent)
            let overlay = try XCTUnwrap(controller.overlayCellWidgets.first)
            pump(until: { gtk_widget_get_allocated_width(overlay) > 1 && gtk_widget_get_mapped(overlay) != 0 },
                 "the overlay on screen")

            gtk_entry_set_text(hub_entry(entry), "boom")
            pump(until: { self.overlayTitle("errorLabel", controller) != nil }, "the error")
            XCTAssertEqual(overlayTitle("errorLabel", controller),
                           "Could not search GitHub.\nGitHub answered with HTTP status 500. Server Error")
            XCTAssertEqual(overlayIdentifiers(controller), ["errorLabel"])

            gtk_entry_set_text(hub_entry(entry), "limit")
            pump(until: { self.overlayTitle("errorLabel", controller)?.contains("403") == true }, "the refusal")
            XCTAssertEqual(overlayTitle("errorLabel", controller),
                           "Could not search GitHub.\nGitHub answered with HTTP status 403. API rate limit exceeded")

            // An answer that is not JSON fails the content loading chain: the view says so.
            gtk_entry_set_text(hub_entry(entry), "garbage")
            pump(until: { controller.visibleStateDescription.map { $0 != "loading" } ?? false }, "the failure")

            // Searching again for something found recovers.
            gtk_entry_set_text(hub_entry(entry), "hub")
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, "the results")
            XCTAssertEqual(overlayIdentifiers(controller), [])
        }
    }

    func testAnUnreachableServerShowsTheErrorOverlay() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let port = try XCTUnwrap(server?.port)
            server?.stop()  // nothing listens on the port any more
            DemoEnvironment.shared.gitHubAPIBaseURL = URL(string: "http://127.0.0.1:\(port)")!
            app.navigator.open("hub-demo:githubsearch")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            gtk_entry_set_text(hub_entry(try searchBarEntry(controller)), "hub")
            pump(until: { self.overlayTitle("errorLabel", controller) != nil }, "the error")
            XCTAssertEqual(overlayTitle("errorLabel", controller),
                           "Could not search GitHub.\nCould not connect to the server.")
        }
    }

    func testOfflineTheViewSaysSoAndSearchesWhenOnlineAgain() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let connectivity = try XCTUnwrap(app.hub.manager.connectivityStateResolver as? ManualConnectivityStateResolver)
            app.navigator.open("hub-demo:githubsearch")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            gtk_entry_set_text(hub_entry(try searchBarEntry(controller)), "hub")
            pump(until: { (controller.viewModel?.bodyComponentModels.count ?? 0) == 4 }, "the results")

            connectivity.state = .offline
            pump(until: { self.overlayTitle("offlineLabel", controller) != nil }, "the offline overlay")
            XCTAssertEqual(overlayTitle("offlineLabel", controller), "You're offline.\nGo online to search GitHub.")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), ["searchBar"])
            let requests = server?.requests.count
            gtk_entry_set_text(hub_entry(try searchBarEntry(controller)), "hubs")
            pump(for: 0.5)
            XCTAssertEqual(server?.requests.count, requests, "no request while offline")
            XCTAssertNotNil(overlayTitle("offlineLabel", controller))

            connectivity.state = .online
            pump(until: { self.overlayTitle("offlineLabel", controller) == nil }, "back online")
            pump(until: { self.server?.requests.last?.target == "/search/repositories?q=hubs" }, "the pending search")
        }
    }
}
