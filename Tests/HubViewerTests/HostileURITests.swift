import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import HubViewer

/// URIs that used to mislead (issue 28, point 5): each one now says what is wrong with it, on the
/// page the user sees.
final class HostileURITests: GtkTestCase, @unchecked Sendable {
    /// Opens `uri` in the shared viewer and returns what its page says: the texts of its body, or
    /// the error it shows.
    @MainActor
    private func pageText(opening uri: String, in app: HubApplication, file: StaticString = #filePath,
                          line: UInt = #line) throws -> String
    {
        app.navigator.open(uri)
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        pump(until: { !controller.isLoading && (controller.liveBodyComponentCount > 0 || controller.visibleStateDescription != nil) },
             timeout: 20, "\(uri.prefix(60)) to load", file: file, line: line)
        let texts = controller.viewModel?.bodyComponentModels.flatMap { [$0.title, $0.subtitle] }.compactMap { $0 } ?? []
        return ([controller.visibleStateDescription].compactMap { $0 } + texts).joined(separator: "\n")
    }

    func testAFileURIWithAnotherHostIsRefused() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let text = try pageText(opening: "file://remotehost/etc/passwd.json", in: app)
            XCTAssertTrue(text.contains("names a file on another computer (remotehost)"), text)
            // localhost is this computer.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-uri-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(#"{"body": [{"id": "a", "text": {"title": "Local"}}]}"#.utf8).write(to: folder.appendingPathComponent("v.json"))
            XCTAssertTrue(try pageText(opening: "file://localhost" + folder.path + "/v.json", in: app).contains("Local"))
        }
    }

    func testAnInvalidPortIsNamed() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let text = try pageText(opening: "hub-json:http://127.0.0.1:99999/view.json", in: app)
            XCTAssertTrue(text.contains("the port 99999 is not valid (ports go from 1 to 65535)"), text)
            XCTAssertFalse(text.contains("-1000"), text)
        }
    }

    func testAnIPv6HostLoads() throws {
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(ipv6: true)
        } catch {
            throw XCTSkip("this machine has no IPv6 loopback address: \(error)")
        }
        defer { server.stop() }
        server.route("/good.json", .json(#"{"body": [{"id": "a", "text": {"title": "Over IPv6"}}]}"#))
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let uri = "hub-json:http://[::1]:\(server.port)/good.json"
            let text = try pageText(opening: uri, in: app)
            XCTAssertTrue(text.contains("Over IPv6"), "\(uri): \(text)")
        }
    }

    func testATooLongURIIsSaidToBe() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let uri = "file:///" + String(repeating: "d/", count: 50_000) + "x.json"
            let text = try pageText(opening: uri, in: app)
            XCTAssertTrue(text.contains("is too long to be a view URI"), String(text.prefix(300)))
            XCTAssertLessThan(text.count, 2_000, "the message quotes a little of the URI")
        }
    }

    func testAWebLinkWithoutAnApplicationSaysSo() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer {
                app.navigator.tearDown()
                app.navigator.externalOpener = Navigator.openWithDesktop
            }
            app.navigator.externalOpener = { _ in false }
            for uri in ["https://example.org/", "mailto:someone@example.org"] {
                XCTAssertFalse(app.navigator.open(uri))
                let page = try XCTUnwrap(app.navigator.currentPage)
                XCTAssertTrue(page.isErrorPage, uri)
                pump(until: { page.viewController.liveBodyComponentCount > 0 }, "the error page")
                let message = page.viewController.viewModel?.bodyComponentModels.first?.title ?? ""
                XCTAssertEqual(message, "No application on this computer opens “\u{2068}\(uri)\u{2069}”.")
            }
        }
    }

    func testARightToLeftOverrideStaysInsideItsQuotes() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let typed = "nosuch:\u{202E}gnp.exe"
            XCTAssertFalse(app.navigator.open(typed))
            let page = try XCTUnwrap(app.navigator.currentPage)
            pump(until: { page.viewController.liveBodyComponentCount > 0 }, "the error page")
            let message = page.viewController.viewModel?.bodyComponentModels.first?.title ?? ""
            // The typed text sits between a first-strong isolate and its pop: the override ends there.
            XCTAssertEqual(message, "No feature handles “\u{2068}\(typed)\u{2069}”.")
        }
    }

    // Issue 28, point 7: the URI fuzz target's corpus, and a few hundred generated URIs, through
    // the whole open path (address bar text → navigator → feature → load → page), not only the
    // predicates. Each ends in a page that loaded or says why, with a bounded title and message,
    // without stalling the main loop. Web URIs go to an opener that declines (no desktop here).
    func testTypedURIsFromTheFuzzCorpusAndGeneratedOnesEndInAPage() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/view-uri-predicate")
        var typed = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        XCTAssertGreaterThanOrEqual(typed.count, 6, "the fuzz corpus is where it was")
        // Generated: pieces that matter to URI parsers and to the features, joined at random with a
        // fixed seed (the same inputs every run).
        let pieces = ["hub-demo:", "hub-json:", "file://", "http://", "https://", "live:", "showcase:", "mailto:",
                      "[::1]", "127.0.0.1", ":99999", ":0", "/", "//", "%", "%2F", "%5B", "?", "#", "..", "x.json",
                      "é", "\u{202E}", "\u{200B}", "\u{0}", " ", "\n", "😀", "漢", "a", "root", "reallylonglist",
                      String(repeating: "x", count: 5_000), String(repeating: "/", count: 300)]
        var generator = SeededGenerator(seed: 28)
        for _ in 0..<200 {
            typed.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined())
        }
        try onMain {
            let app = SharedViewer.fresh()
            let window = try XCTUnwrap(app.mainWindow)
            defer {
                app.navigator.tearDown()
                app.navigator.externalOpener = Navigator.openWithDesktop
            }
            app.navigator.externalOpener = { _ in false }
            for text in typed {
                var longest = 0.0
                var last = ProcessInfo.processInfo.systemUptime
                app.navigator.open(text)
                let page = try XCTUnwrap(app.navigator.currentPage, "\(text.prefix(80))")
                let controller = page.viewController
                pump(until: {
                    let now = ProcessInfo.processInfo.systemUptime
                    longest = max(longest, now - last)
                    last = now
                    // Rows on screen (a long view goes on loading behind them), or what went wrong.
                    return controller.liveBodyComponentCount > 0
                        || (!controller.isLoading && controller.visibleStateDescription != nil)
                }, timeout: 20, "\(text.prefix(80)) to end in a page")
                XCTAssertLessThan(longest, Self.mainLoopStallBound, "\(text.prefix(80)): stalled \(Int(longest * 1000)) ms")
                XCTAssertLessThanOrEqual(window.window.title.utf8.count, 1_024)
                let message = controller.viewModel?.bodyComponentModels.first?.title ?? controller.visibleStateDescription ?? ""
                XCTAssertLessThan(message.count, 2_000, "\(text.prefix(80)): a message quotes a little of the URI")
            }
        }
    }
}
