import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// An app defined by nothing but a manifest and a server: three linked views, a paginated list, a
/// server error and a dropped connection, clicked through in a real window.
final class BackendAppTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private static func row(_ id: String, _ title: String, target: String? = nil) -> String {
        let link = target.map { #", "target": {"uri": "\#($0)"}"# } ?? ""
        return #"{"id": "\#(id)", "component": {"id": "default:row"}, "text": {"title": "\#(title)"}\#(link)}"#
    }

    private static func page(_ names: [String], next: String?) -> String {
        let custom = next.map { #", "custom": {"next": "\#($0)"}"# } ?? ""
        return #"{"body": [\#(names.map { row($0, $0) }.joined(separator: ","))]\#(custom)}"#
    }

    /// Serves the views and writes the manifest; returns the manifest's URL.
    private func makeBackend() throws -> URL {
        server.route("/views/home.json", .json(#"""
            {"title": "Home", "body": [\#(Self.row("one", "Item one", target: "t:item/one")),
              \#(Self.row("list", "The list", target: "t:list")),
              \#(Self.row("broken", "Broken", target: "t:item/broken")),
              \#(Self.row("dropped", "Dropped", target: "t:item/dropped"))]}
            """#))
        server.route("/views/item/one.json", .json(#"""
            {"title": "One", "body": [\#(Self.row("to-two", "On to two", target: "t:item/two"))]}
            """#))
        server.route("/views/item/two.json", .json(#"""
            {"title": "Two", "body": [\#(Self.row("home", "Home again", target: "t:home"))]}
            """#))
        // Twenty rows a page, so that the first page is taller than the window: the view asks for the
        // next page when scrolling brings the end near.
        let names = (1...50).map { "Entry \($0)" }
        server.route("/views/list/1.json", .json(Self.page(Array(names[0..<20]), next: "2.json")))
        server.route("/views/list/2.json", .json(Self.page(Array(names[20..<40]), next: server.url("/views/list/3.json").absoluteString)))
        server.route("/views/list/3.json", .json(Self.page(Array(names[40...]), next: nil)))
        server.route("/views/item/broken.json", .text("the backend fell over", status: 500))
        server.route("/views/item/dropped.json", LoopbackHTTPServer.Response(behavior: .closeWithoutResponding))

        let base = server.baseURL.absoluteString
        let manifest = #"""
            {"title": "Backend", "start": "t:home", "features": [
              {"id": "home", "uri": "t:home", "endpoint": "\#(base)/views/home.json"},
              {"id": "item", "title": "Item", "uri": "t:item/{id}", "endpoint": "\#(base)/views/item/{id}.json", "timeout": 5},
              {"id": "list", "uri": "t:list", "endpoint": "\#(base)/views/list/1.json"}
            ]}
            """#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("backend-\(UUID().uuidString).json")
        try Data(manifest.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    // A view opened again is revalidated with its ETag; the server's 304 reuses the cached document.
    func testARevisitedViewIsRevalidatedAndAnswered304() throws {
        let manifestURL = try makeBackend()
        let one = #"{"title": "One", "body": [\#(Self.row("to-two", "On to two", target: "t:item/two"))]}"#
        server.route("/views/item/one.json") { request in
            if request.headers["if-none-match"] == "\"one-v1\"" {
                return LoopbackHTTPServer.Response(status: 304, headers: [("ETag", "\"one-v1\"")])
            }
            return LoopbackHTTPServer.Response(headers: [("Content-Type", "application/json"), ("ETag", "\"one-v1\"")],
                                               body: Data(one.utf8))
        }
        try onMain {
            let app = HubApplication(application: SharedApplication.application, title: "Shell", startURI: URL(string: "shell:start")!)
            try app.loadManifest(contentsOf: manifestURL)
            app.startup()
            app.application.activate()
            defer { app.close() }
            for visit in 1...2 {
                app.navigator.open("t:item/one")
                let page = try current(app, is: "t:item/one")
                pump(until: { !page.viewController.isLoading && self.titles(page) == ["On to two"] }, "view one, visit \(visit)")
                app.navigator.open("t:item/two")
            }
            let requests = server.requests.filter { $0.path == "/views/item/one.json" }
            XCTAssertEqual(requests.count, 2, "the second visit asked again")
            XCTAssertNil(requests.first?.headers["if-none-match"])
            XCTAssertEqual(requests.last?.headers["if-none-match"], "\"one-v1\"", "with the document's ETag")
        }
    }

    @MainActor
    private func titles(_ page: Navigator.Page) -> [String] {
        page.viewController.viewModel?.bodyComponentModels.compactMap(\.title) ?? []
    }

    @MainActor
    private func clickRow(_ index: Int, in page: Navigator.Page) throws {
        pump(until: { page.viewController.cellView(atBodyIndex: index).map { gtk_widget_get_allocated_height($0.gtkWidget) > 1 } ?? false },
             "row \(index) of \(page.uri) on screen")
        click(try XCTUnwrap(page.viewController.cellView(atBodyIndex: index)?.gtkWidget))
    }

    @MainActor
    private func current(_ app: HubApplication, is uri: String) throws -> Navigator.Page {
        let page = try XCTUnwrap(app.navigator.currentPage)
        XCTAssertEqual(page.uri, uri)
        return page
    }

    func testAManifestAppIsClickedThroughItsViews() throws {
        let manifestURL = try makeBackend()
        try onMain {
            let app = HubApplication(application: SharedApplication.application, title: "Shell", startURI: URL(string: "shell:start")!)
            try app.loadManifest(contentsOf: manifestURL)
            XCTAssertEqual(app.title, "Backend")
            XCTAssertEqual(app.startURI.absoluteString, "t:home")
            app.startup()
            app.application.activate()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.close() }

            // The start view, from the server.
            let home = try current(app, is: "t:home")
            pump(until: { home.viewController.liveBodyComponentCount == 4 }, "the home view")
            XCTAssertEqual(titles(home), ["Item one", "The list", "Broken", "Dropped"])
            XCTAssertEqual(window.title, "Home")
            XCTAssertEqual(home.viewController.contentOrigin, .remote(host: "127.0.0.1"),
                           "a feature served over HTTP declares its views remote")

            // Home → one → two → home, through the documents' targets.
            try clickRow(0, in: home)
            let one = try current(app, is: "t:item/one")
            pump(until: { self.titles(one) == ["On to two"] }, "view one")
            XCTAssertEqual(window.title, "One")
            try clickRow(0, in: one)
            let two = try current(app, is: "t:item/two")
            pump(until: { self.titles(two) == ["Home again"] }, "view two")
            try clickRow(0, in: two)
            let again = try current(app, is: "t:home")
            pump(until: { again.viewController.liveBodyComponentCount == 4 }, "home again")
            XCTAssertEqual(server.requests.filter { $0.path == "/views/item/one.json" }.count, 1)

            // The list: scrolling to the end loads page 2 (a relative next), then page 3 (an
            // absolute one), which has no next: the list ends at 50 entries.
            try clickRow(1, in: again)
            let list = try current(app, is: "t:list")
            pump(until: { self.titles(list).count >= 20 }, "the list's first page")
            XCTAssertEqual(titles(list).prefix(20), (1...20).map { "Entry \($0)" }[...])
            for expected in [40, 50] {
                pump(until: {
                    list.viewController.scroll(to: Point(x: 0, y: 1_000_000))
                    return self.titles(list).count >= expected
                }, timeout: 10, "the list with \(expected) entries")
            }
            XCTAssertEqual(titles(list), (1...50).map { "Entry \($0)" })
            pump(for: 0.5)
            list.viewController.scroll(to: Point(x: 0, y: 1_000_000))
            pump(for: 0.5)
            XCTAssertEqual(titles(list).count, 50, "no page after the last")
            XCTAssertEqual(server.requests.filter { $0.path.hasPrefix("/views/list/") }.map(\.path),
                           ["/views/list/1.json", "/views/list/2.json", "/views/list/3.json"])

            // A server error and a dropped connection: the error page with Try Again.
            app.navigator.goBack()
            let back = try current(app, is: "t:home")
            try clickRow(3, in: back)
            let dropped = try current(app, is: "t:item/dropped")
            pump(until: { dropped.viewController.stateView?.retryButton.isVisible == true }, timeout: 10,
                 "the error page of the dropped connection")
            let droppedMessage = try XCTUnwrap(dropped.viewController.visibleStateDescription)
            XCTAssertTrue(droppedMessage.contains("/views/item/dropped.json"), droppedMessage)
            XCTAssertEqual(dropped.viewController.viewModel?.bodyComponentModels.count ?? 0, 0)
            app.navigator.goBack()
            pump(until: { app.navigator.currentPage?.uri == "t:home" }, "back home")

            try clickRow(2, in: back)
            let broken = try current(app, is: "t:item/broken")
            pump(until: { broken.viewController.stateView?.retryButton.isVisible == true }, timeout: 10,
                 "the error page of the server error")
            let brokenMessage = try XCTUnwrap(broken.viewController.visibleStateDescription)
            XCTAssertTrue(brokenMessage.contains("the server answered 500"), brokenMessage)

            // Try Again loads the view again: now that the server answers, the view appears.
            server.route("/views/item/broken.json", .json(#"{"title": "Mended", "body": [\#(Self.row("ok", "Fine now"))]}"#))
            // (GtkButton listens on an input window of its own, which synthesized events to the widget
            // miss: the button is activated as a click does.)
            try XCTUnwrap(broken.viewController.stateView?.retryButton).click()
            pump(until: { self.titles(broken) == ["Fine now"] }, timeout: 10,
                 "the mended view (\(server.requests.filter { $0.path == "/views/item/broken.json" }.count) requests)")
            XCTAssertEqual(window.title, "Mended")
        }
    }
}
