import Foundation
import HubFramework
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// Where a document's state lives, in an app defined by a manifest and a server: with its page
/// (Back and Forward find it, even when the page's view was let go; two pages of one URI have one
/// each), across a reload (a variable whose declaration did not change keeps its value), and in
/// the app for the variables the manifest declares, which every view reads and changes.
final class StatePersistenceTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private static func counter(initial: Int = 0, extra: String = "") -> String {
        #"""
        {"title": "Counter", "state": {"count": \#(initial), "note": "kept"\#(extra)},
         "body": [
           {"id": "label", "component": {"id": "default:row"}, "text": {"title": "Count: @{count}", "subtitle": "@{note}"}},
           {"id": "add", "component": {"id": "default:row"}, "text": {"title": "Add one"},
            "target": {"actions": [{"type": "set", "variable": "count", "value": "@{count + 1}"},
                                   {"type": "set", "variable": "basket", "value": "@{basket + 1}"}]}},
           {"id": "other", "component": {"id": "default:row"}, "text": {"title": "Basket: @{basket}"}, "target": {"uri": "t:other"}}]}
        """#
    }

    /// Serves a counter view and another view, with a manifest that declares the app's `basket`.
    private func makeBackend() throws -> URL {
        server.route("/views/counter.json", .json(Self.counter()))
        server.route("/views/other.json", .json(#"""
            {"title": "Other", "body": [{"id": "basket", "component": {"id": "default:row"}, "text": {"title": "Basket: @{basket}"}},
              {"id": "empty", "component": {"id": "default:row"}, "text": {"title": "Empty the basket"},
               "target": {"actions": [{"type": "set", "variable": "basket", "value": 0}]}}]}
            """#))
        let base = server.baseURL.absoluteString
        let manifest = #"""
            {"title": "State", "start": "t:counter", "state": {"basket": 0}, "features": [
              {"id": "counter", "uri": "t:counter", "endpoint": "\#(base)/views/counter.json", "reload": "never"},
              {"id": "other", "uri": "t:other", "endpoint": "\#(base)/views/other.json", "reload": "never"}]}
            """#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString).json")
        try Data(manifest.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    @MainActor
    private func startApp() throws -> HubApplication {
        let app = HubApplication(application: SharedApplication.application, title: "Shell", startURI: URL(string: "shell:start")!)
        try app.loadManifest(contentsOf: try makeBackend())
        app.startup()
        app.application.activate()
        return app
    }

    @MainActor
    private func titles(_ page: Navigator.Page) -> [String] {
        page.viewController.viewModel?.bodyComponentModels.compactMap(\.title) ?? []
    }

    @MainActor
    private func shown(_ expected: [String], on page: Navigator.Page, _ what: String) {
        pump(until: { !page.viewController.isLoading && self.titles(page) == expected }, timeout: 10, what)
        XCTAssertEqual(titles(page), expected, what)
    }

    /// Selects the "Add one" row of `page`'s counter `times` times.
    @MainActor
    private func add(_ times: Int, on page: Navigator.Page) throws {
        for _ in 0..<times {
            let add = try XCTUnwrap(page.viewController.viewModel?.bodyComponentModels.first { $0.identifier == "add" })
            XCTAssertTrue(page.viewController.selectComponent(with: add, customData: nil))
        }
    }

    @MainActor
    private func counterTitles(count: Int, basket: Int) -> [String] {
        ["Count: \(count)", "Add one", "Basket: \(basket)"]
    }

    func testBackAndForwardFindTheStateAsItWasEvenForAPageWhoseViewWasLetGo() throws {
        try onMain {
            let app = try startApp()
            defer { app.close() }
            let navigator = app.navigator
            navigator.maximumLivePages = 1
            let counter = try XCTUnwrap(navigator.currentPage)
            shown(counterTitles(count: 0, basket: 0), on: counter, "the counter")
            try add(3, on: counter)
            shown(counterTitles(count: 3, basket: 3), on: counter, "three presses")

            navigator.open("t:other")
            let other = try XCTUnwrap(navigator.currentPage)
            shown(["Basket: 3", "Empty the basket"], on: other, "the app's variable in another view")
            XCTAssertFalse(counter.holdsViewController, "one live page: the counter's view was let go")

            navigator.goBack()
            XCTAssertTrue(navigator.currentPage === counter)
            shown(counterTitles(count: 3, basket: 3), on: counter, "Back finds the count")
            navigator.goForward()
            XCTAssertTrue(navigator.currentPage === other)
            shown(["Basket: 3", "Empty the basket"], on: other, "Forward, the other view made again")
            let empty = try XCTUnwrap(other.viewController.viewModel?.bodyComponentModels.first { $0.identifier == "empty" })
            XCTAssertTrue(other.viewController.selectComponent(with: empty, customData: nil))
            shown(["Basket: 0", "Empty the basket"], on: other, "the basket emptied")
            navigator.goBack()
            shown(counterTitles(count: 3, basket: 0), on: counter, "the view's own count stays, the app's basket follows")
        }
    }

    func testTwoPagesOfOneURIHaveAStateEach() throws {
        try onMain {
            let app = try startApp()
            defer { app.close() }
            let first = try XCTUnwrap(app.navigator.currentPage)
            shown(counterTitles(count: 0, basket: 0), on: first, "the counter")
            try add(2, on: first)
            shown(counterTitles(count: 2, basket: 2), on: first, "two presses")
            app.navigator.open("t:counter")
            let second = try XCTUnwrap(app.navigator.currentPage)
            XCTAssertFalse(second === first)
            shown(counterTitles(count: 0, basket: 2), on: second, "a new page of the same URI starts afresh")
            try add(1, on: second)
            shown(counterTitles(count: 1, basket: 3), on: second, "one press on the second page")
            app.navigator.goBack()
            shown(counterTitles(count: 2, basket: 3), on: first, "the first page kept its own count")
        }
    }

    func testAReloadKeepsEveryVariableWhoseDeclarationDidNotChange() throws {
        try onMain {
            let app = try startApp()
            defer { app.close() }
            let page = try XCTUnwrap(app.navigator.currentPage)
            shown(counterTitles(count: 0, basket: 0), on: page, "the counter")
            try add(4, on: page)
            XCTAssertTrue(page.state.setValue(.string("typed"), for: "note"))
            shown(counterTitles(count: 4, basket: 4), on: page, "four presses")

            // The same document again: every value stays.
            app.navigator.reload()
            pump(until: { self.server.requests.filter { $0.path == "/views/counter.json" }.count == 2 }, "the reload's request")
            shown(counterTitles(count: 4, basket: 4), on: page, "after a reload")
            XCTAssertEqual(page.state.value(of: "note"), .string("typed"))

            // The count is declared anew (another initial value): it starts from it; the note is as it was.
            server.route("/views/counter.json", .json(Self.counter(initial: 10)))
            app.navigator.reload()
            shown(counterTitles(count: 10, basket: 4), on: page, "a changed declaration starts again")
            XCTAssertEqual(page.state.value(of: "note"), .string("typed"), "an unchanged declaration keeps its value")
        }
    }
}
