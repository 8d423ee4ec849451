import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// A long history (issue 28, point 6): 300 pages opened one after the other, none dropped. Only the
/// pages nearest to the current one keep their view controller (`Navigator.maximumLivePages`); the
/// others keep their URI, title and scroll offset and load again when shown. Resident memory after
/// 300 must stay within 1.2× of what it was after the warm-up; it grew by about 0.73 MB a page when
/// every page was kept whole.
final class HistorySoakTests: GtkTestCase, @unchecked Sendable {
    private static let pages = 300
    private static let warmUp = 50
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// A document of `rows` rows titled `title`; its file URI.
    private func page(_ name: String, title: String, rows: Int = 10) throws -> String {
        let body = (0..<rows).map { #"{"id": "r\#($0)", "text": {"title": "\#(title), row \#($0)", "subtitle": "Kept in the history"}}"# }
        let url = folder.appendingPathComponent(name + ".json")
        try Data(#"{"title": "\#(title)", "body": [\#(body.joined(separator: ","))]}"#.utf8).write(to: url)
        return url.absoluteString
    }

    @MainActor
    private func waitForCurrentPage(of app: HubApplication, file: StaticString = #filePath, line: UInt = #line) throws {
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        pump(until: { !controller.isLoading && controller.liveBodyComponentCount > 0 }, timeout: 20,
             "\(controller.viewURI) to load", file: file, line: line)
        pump(for: 0.01)
    }

    private static func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func testThreeHundredPagesOfHistoryStayFlat() throws {
        let uris = try (0..<Self.pages).map { try page("page-\($0)", title: "Page \($0)") }
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            var baseline = 0
            for (index, uri) in uris.enumerated() {
                app.navigator.open(uri)
                try waitForCurrentPage(of: app)
                if index + 1 == Self.warmUp {
                    pump(for: 1)
                    baseline = Self.residentKiB()
                    print("history soak: after \(Self.warmUp) pages: RSS \(baseline / 1024) MiB")
                }
            }
            pump(for: 1)
            let final = Self.residentKiB()
            print(String(format: "history soak: after %d pages: RSS %d MiB (%.2f× the warm-up)", Self.pages, final / 1024,
                         Double(final) / Double(baseline)))
            XCTAssertLessThanOrEqual(Double(final), Double(baseline) * 1.2,
                                     "RSS \(final) KiB after \(Self.pages) pages, \(baseline) KiB after \(Self.warmUp)")
            // The history is whole, and only the nearest pages hold their controllers.
            let navigator = app.navigator
            XCTAssertEqual(navigator.pages.map(\.uri).suffix(Self.pages), uris[...])
            XCTAssertEqual(navigator.pages.filter(\.holdsViewController).count, navigator.maximumLivePages)
            XCTAssertTrue(navigator.pages.last!.holdsViewController)
            XCTAssertEqual(navigator.pages[navigator.pages.count - Self.pages].title, "Page 0", "a released page keeps its title")
        }
    }

    func testAPageFarBackComesBackLoadedAndScrolledWhereItWas() throws {
        let long = try page("long", title: "Long page", rows: 300)
        let others = try (0..<12).map { try page("other-\($0)", title: "Other \($0)") }
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let navigator = app.navigator
            navigator.open(long)
            try waitForCurrentPage(of: app)
            let first = try XCTUnwrap(navigator.currentPage)
            first.viewController.scroll(to: Point(x: 0, y: 1_500))
            pump(for: 0.1)
            let offset = first.viewController.contentOffset.y
            XCTAssertGreaterThan(offset, 1_000)
            for uri in others {
                navigator.open(uri)
                try waitForCurrentPage(of: app)
            }
            XCTAssertFalse(first.holdsViewController, "\(others.count) pages later, the first one let its controller go")
            XCTAssertEqual(first.title, "Long page")
            while navigator.canGoBack { navigator.goBack() }
            XCTAssertTrue(navigator.currentPage === first)
            XCTAssertTrue(first.holdsViewController)
            try waitForCurrentPage(of: app)
            pump(until: { first.viewController.contentOffset.y == offset }, "the page to scroll back to \(offset)")
            XCTAssertEqual(app.mainWindow?.window.title, "Long page")
            // Forward again: the pages ahead are there, in order.
            navigator.goForward()
            try waitForCurrentPage(of: app)
            XCTAssertEqual(navigator.currentPage?.uri, others[0])
        }
    }
}
