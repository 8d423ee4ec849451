import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

final class ViewerNavigationTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func makeApp() -> HubApplication {
        SharedViewer.fresh()
    }

    @MainActor
    private func rowIndex(titled title: String, in controller: ViewController) -> Int? {
        controller.viewModel?.bodyComponentModels.firstIndex { $0.title == title }
    }

    func testRootViewListsEveryFeatureWithATarget() throws {
        try onMain {
            let app = makeApp()
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:root")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "root rows")
            XCTAssertEqual(app.mainWindow?.title, "Hub Framework Demo")
            let features = app.hub.featureRegistry.allRegistrations.filter { $0.identifier != "root" }
            let rows = controller.viewModel?.bodyComponentModels ?? []
            XCTAssertEqual(rows.count, features.count)
            for feature in features {
                let row = try XCTUnwrap(rows.first { $0.title == feature.title }, feature.title)
                XCTAssertEqual(row.target?.uri, feature.exampleViewURIs.first)
                XCTAssertNotNil(row.subtitle)
            }
        }
    }

    func testTypingAURIAndPressingEnterOpensIt() throws {
        try onMain {
            let app = makeApp()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:root")
            window.address = "hub-demo:reallylonglist"
            gtk_widget_activate(try XCTUnwrap(window.addressEntry).gtkWidget)
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:reallylonglist")
            pump(until: { controller.liveBodyComponentCount > 0 }, "list rows")
            XCTAssertEqual(window.title, "Really Long List")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.first?.title, "Row number 1")
            XCTAssertNotEqual(gtk_widget_get_sensitive(window.backButton.gtkWidget), 0)
            // Escape puts the current URI back.
            window.address = "half-typed"
            press(key: GDK_KEY_Escape, to: try XCTUnwrap(window.addressEntry).gtkWidget)
            XCTAssertEqual(window.address, "hub-demo:reallylonglist")
        }
    }

    func testClickingARowOpensItsTargetAndBackRestoresScrollPosition() throws {
        try onMain {
            let app = makeApp()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:reallylonglist")
            let list = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { list.liveBodyComponentCount > 0 }, "list")
            list.scroll(to: Point(x: 0, y: 600))
            pump(for: 0.05)
            app.navigator.open("hub-demo:root")
            let root = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { root.liveBodyComponentCount > 0 }, "root")
            let index = try XCTUnwrap(rowIndex(titled: "A Million Rows", in: root))
            let cell = try XCTUnwrap(root.cellWidget(atBodyIndex: index))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "row allocated")
            click(cell)
            let million = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(million.viewURI.absoluteString, "hub-demo:reallylonglist:million")
            // Built off the main thread, then laid out a chunk per main-loop turn.
            pump(until: { million.liveBodyComponentCount > 0 }, timeout: 60, "a million rows")
            pump(until: { million.layout?.count == 1_000_000 }, timeout: 60, "the whole layout")
            XCTAssertEqual(million.layout?.count, 1_000_000)
            XCTAssertEqual(window.title, "A Million Rows")
            XCTAssertEqual(window.address, "hub-demo:reallylonglist:million")

            app.navigator.goBack()
            XCTAssertTrue(app.navigator.currentPage?.viewController === root)
            app.navigator.goBack()
            XCTAssertTrue(app.navigator.currentPage?.viewController === list)
            pump(for: 0.1)
            XCTAssertEqual(list.contentOffset.y, 600, "back restores the scroll position")
            XCTAssertEqual(window.title, "Really Long List")
            app.navigator.goForward()
            XCTAssertTrue(app.navigator.currentPage?.viewController === root)
            XCTAssertNotEqual(gtk_widget_get_sensitive(window.forwardButton.gtkWidget), 0)
        }
    }

    func testDraggingAcrossARowDoesNotSelectIt() throws {
        try onMain {
            let app = makeApp()
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:root")
            let root = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { root.liveBodyComponentCount > 0 }, "root")
            let cell = try XCTUnwrap(root.cellWidget(atBodyIndex: 0))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "row allocated")
            click(cell, dragBy: 30)
            XCTAssertTrue(app.navigator.currentPage?.viewController === root, "a drag is not a click")
        }
    }

    func testUnknownMalformedAndEmptyURIsShowTheErrorPage() throws {
        try onMain {
            let app = makeApp()
            defer { app.navigator.tearDown() }
            for text in ["nosuch:thing", "not a uri", ""] {
                XCTAssertFalse(app.navigator.open(text))
                let page = try XCTUnwrap(app.navigator.currentPage)
                XCTAssertTrue(page.isErrorPage, text)
                pump(until: { page.viewController.liveBodyComponentCount > 0 }, "error page")
                let rows = page.viewController.viewModel?.bodyComponentModels ?? []
                XCTAssertTrue(rows.contains { $0.target?.uri?.absoluteString == "hub-demo:root" },
                              "the error page links to the features")
            }
            XCTAssertEqual(app.mainWindow?.title, "Nothing to show")
        }
    }

    func testWebLinksGoToTheDesktop() throws {
        onMain {
            let app = makeApp()
            defer { app.navigator.tearDown() }
            var opened: [URL] = []
            app.navigator.externalOpener = { opened.append($0); return true }
            app.navigator.open("hub-demo:root")
            XCTAssertTrue(app.navigator.open(URL(string: "https://example.org/page")!))
            XCTAssertEqual(opened, [URL(string: "https://example.org/page")!])
            XCTAssertEqual(app.navigator.pages.count, 1, "no page was pushed")
        }
    }

    func testAJSONFileOpensAsAView() throws {
        try onMain {
            let app = makeApp()
            defer { app.navigator.tearDown() }
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hub-json-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let good = directory.appendingPathComponent("view.json")
            try Data("""
                {"title": "From a file", "body": [
                  {"id": "a", "text": {"title": "First", "subtitle": 42}},
                  {"id": "b", "component": {"id": "default:row"}, "text": {"title": "Second"}}]}
                """.utf8).write(to: good)
            XCTAssertTrue(app.navigator.open(good.absoluteString))
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount >= 3 }, "rows from the file")
            XCTAssertEqual(app.mainWindow?.title, "From a file")
            let titles = controller.viewModel?.bodyComponentModels.map { $0.title ?? "" } ?? []
            XCTAssertEqual(titles, ["1 part of this document was ignored", "First", "Second"])
            XCTAssertTrue(controller.viewModel?.bodyComponentModels[0].subtitle?.contains("body[0].text.subtitle") ?? false)

            let bad = directory.appendingPathComponent("broken.json")
            try Data("{\"title\": ".utf8).write(to: bad)
            app.navigator.open(bad.absoluteString)
            let broken = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { broken.visibleStateDescription != nil && broken.visibleStateDescription != "loading" },
                 "the error")
            XCTAssertTrue(broken.visibleStateDescription?.contains("broken.json") ?? false,
                          broken.visibleStateDescription ?? "nil")

            app.navigator.open(directory.appendingPathComponent("missing.json").absoluteString)
            let missing = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { missing.visibleStateDescription != nil && missing.visibleStateDescription != "loading" },
                 "the error")
            XCTAssertNotEqual(missing.visibleStateDescription, "empty")
        }
    }
}
