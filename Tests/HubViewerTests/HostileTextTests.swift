import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import HubViewer

/// Texts that used to crash or freeze the viewer (issue 28), opened the way a user opens them: a
/// document from a file or a server, or a URI typed into the address bar. The window must stay alive,
/// show a cut text or a clear error, and never hold the main loop for more than
/// ``GtkTestCase/mainLoopStallBound`` while it does.
final class HostileTextTests: GtkTestCase, @unchecked Sendable {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    private func document(_ name: String, _ json: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.absoluteString
    }

    private static func rows(title: String, component: String = "default:row") -> String {
        #"{"title": "Hostile", "body": [{"id": "a", "component": {"id": "\#(component)"}, "text": {"title": "\#(title)"}}, "#
            + #"{"id": "b", "text": {"title": "After", "subtitle": "\#(title)"}}]}"#
    }

    /// Opens `uri` in the shared viewer and returns the longest main-loop stall until its page has
    /// loaded and drawn a few frames.
    @MainActor
    private func stall(opening uri: String, in app: HubApplication, file: StaticString = #filePath,
                       line: UInt = #line) throws -> Double
    {
        // The previous page's frames are done before the clock starts.
        pump(for: 0.05)
        var longest = 0.0
        var last = ProcessInfo.processInfo.systemUptime
        let measure = {
            let now = ProcessInfo.processInfo.systemUptime
            longest = max(longest, now - last)
            last = now
        }
        app.navigator.open(uri)
        measure()
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        pump(until: {
            measure()
            return !controller.isLoading && controller.liveBodyComponentCount > 0
        }, timeout: 30, "\(uri.prefix(80)) to load", file: file, line: line)
        let drawn = ProcessInfo.processInfo.systemUptime + 0.3
        pump(until: {
            measure()
            return ProcessInfo.processInfo.systemUptime > drawn
        }, timeout: 30)
        return longest
    }

    func testLongTextsAndTitlesNeitherCrashNorStallTheWindow() throws {
        let unbroken = String(repeating: "x", count: 16 << 10)
        let cases: [(String, String)] = try [
            ("16 KiB without a break in a wrapping label",
             document("label.json", Self.rows(title: unbroken, component: "default:label"))),
            ("2 MiB without a break in a row, cut to 4 KiB",
             document("row.json", Self.rows(title: String(repeating: "y", count: 2 << 20)))),
            // In a row: wrapped, 4 KiB of mixed scripts costs Pango about 90 ms (font fallback for each
            // change of script), which the docs state; this case checks the grapheme-safe breaks.
            ("16 KiB of CJK and combining marks without a space",
             document("mixed.json", Self.rows(title: String(repeating: "漢字かなe\u{301}", count: 1_100) + "👩‍👩‍👧"))),
            ("20 MiB of view title (more than an X request may carry)",
             document("title.json", #"{"title": "\#(String(repeating: "t", count: 20 << 20))", "body": [{"id": "a", "text": {"title": "Row"}}]}"#)),
        ]
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let window = try XCTUnwrap(app.mainWindow)
            for (what, uri) in cases {
                let longest = try stall(opening: uri, in: app)
                XCTAssertLessThan(longest, Self.mainLoopStallBound, "\(what): the main loop stalled for \(Int(longest * 1000)) ms")
                XCTAssertLessThanOrEqual(window.window.title.utf8.count, 1_024, what)
                XCTAssertFalse(window.window.title.contains("\n"), what)
            }
            // The view title was cut, and the cut was reported where it happened.
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertTrue(window.window.title.hasPrefix("ttt") && window.window.title.hasSuffix("…"), window.window.title)
            XCTAssertLessThanOrEqual(controller.viewModel?.navigationTitle?.utf8.count ?? .max, 4_096)
        }
    }

    func testLongTypedURIsShowAShortErrorWithoutStalling() throws {
        let typed = [
            "hub-demo:" + String(repeating: "x", count: 20_000),
            "hub-demo:" + String(repeating: "x", count: 100_000),
            "nosuch:" + String(repeating: "é", count: 30_000),
        ]
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            for uri in typed {
                let longest = try stall(opening: uri, in: app)
                XCTAssertLessThan(longest, Self.mainLoopStallBound,
                                  "\(uri.prefix(20))… (\(uri.count) characters): the main loop stalled for \(Int(longest * 1000)) ms")
                let message = try XCTUnwrap(app.navigator.currentPage?.viewController.viewModel?
                    .bodyComponentModels.first?.title)
                XCTAssertLessThan(message.count, 400, "the message quotes a little of the URI, not all of it: \(message.prefix(100))")
            }
        }
    }
}
