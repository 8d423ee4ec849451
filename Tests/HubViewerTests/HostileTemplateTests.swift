import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// Templates that used to abort or freeze the viewer (issue 34), opened from files as a user opens
/// them: a text built 3,000 times from a megabyte value (the viewer aborted, failing to allocate
/// 4 GB), and a megabyte of uses of a template whose levels each use the previous one twice (34 s
/// and 2.4 GB before the view showed, then the main loop held for 6 s). Each view shows, in its
/// problems row, where the budget ran out, and the main loop is never held for more than
/// ``GtkTestCase/mainLoopStallBound`` while it loads and draws.
final class HostileTemplateTests: GtkTestCase, @unchecked Sendable {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-templates-\(UUID().uuidString)")
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

    private static let budgetMessage = "templates were expanded into as many values as the limits allow for a "
        + "document of this size; this component and the templated ones after it were left out"

    private static let exponential: String = {
        var templates = [#""t0": {"text": {"title": "leaf"}}"#]
        for level in 1...20 {
            templates.append(#""t\#(level)": {"children": [{"template": "t\#(level - 1)"}, {"template": "t\#(level - 1)"}]}"#)
        }
        return templates.joined(separator: ", ")
    }()

    /// Opens `uri` in the shared viewer and returns the longest main-loop stall until its page has
    /// loaded and drawn a few frames.
    @MainActor
    private func stall(opening uri: String, in app: HubApplication, file: StaticString = #filePath,
                       line: UInt = #line) throws -> Double
    {
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

    func testTemplatesThatBuildTooMuchEndWithALocatedWarningWithoutStalling() throws {
        let uses = (0..<40_000).map { #"{"template": "t20", "id": "r\#($0)"}"# }.joined(separator: ",")
        let cases: [(String, String, String)] = try [
            ("a text built 3,000 times from a 1 MiB value",
             document("text.json", #"{"templates": {"t": {"text": {"$title": "\#(String(repeating: "{v}", count: 3_000))"}}}, "#
                + #""body": [{"id": "before", "text": {"title": "Before"}}, "#
                + #"{"template": "t", "id": "a", "v": "\#(String(repeating: "x", count: 1 << 20))"}, {"id": "after"}]}"#),
             #"body[1]: the text for text.title in template "t" would be 2.9 GiB long"#),
            ("1.4 MB of uses of an exponential template",
             document("exponential.json", #"{"templates": {\#(Self.exponential)}, "#
                + #""body": [{"id": "plain", "text": {"title": "Plain"}}, \#(uses)]}"#),
             "body[1]: " + Self.budgetMessage),
        ]
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            for (what, uri, problem) in cases {
                let longest = try stall(opening: uri, in: app)
                XCTAssertLessThan(longest, Self.mainLoopStallBound, "\(what): the main loop stalled for \(Int(longest * 1000)) ms")
                // The problems row says where the budget ran out.
                let rows = try XCTUnwrap(app.navigator.currentPage?.viewController.viewModel?.bodyComponentModels)
                let problems = rows.first { $0.identifier == "hub.json-problems" }
                XCTAssertTrue(problems?.subtitle?.contains(problem) == true, "\(what): \(problems?.subtitle ?? "no problems row")")
            }
        }
    }
}
