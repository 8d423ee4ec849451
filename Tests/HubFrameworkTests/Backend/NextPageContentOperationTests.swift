import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Following `custom.next` from page to page, behind a JSON operation, over HTTP and in files.
final class NextPageContentOperationTests: LoopbackServerTestCase, @unchecked Sendable {
    private static func page(_ ids: [String], next: String?) -> String {
        let body = ids.map { #"{"id": "\#($0)", "text": {"title": "\#($0)"}}"# }.joined(separator: ",")
        let custom = next.map { #", "custom": {"next": "\#($0)"}"# } ?? ""
        return #"{"body": [\#(body)]\#(custom)}"#
    }

    /// Runs the loader's main load or its next page and waits for what it delivers.
    private func run(_ loader: ViewModelLoader, _ recorder: LoadingRecorder, page: Bool) {
        let done = expectation(description: "delivered")
        MainActor.assumeIsolated {
            recorder.onLoad = { _ in done.fulfill() }
            recorder.onFail = { _ in done.fulfill() }
            if page { loader.loadNextPage() } else { loader.loadViewModel() }
        }
        wait(for: [done], timeout: 10)
    }

    private func chain(first: URL) -> (ViewModelLoader, LoadingRecorder, NextPageContentOperation) {
        MainActor.assumeIsolated {
            let pages = NextPageContentOperation { _ in first }
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: first), pages])
            return (loader, recorder, pages)
        }
    }

    func testPagesFollowRelativeAndAbsoluteLinksUntilTheLast() {
        server.route("/list/1.json", .json(Self.page(["a", "b"], next: "2.json")))
        server.route("/list/2.json", .json(Self.page(["c"], next: server.url("/list/3.json").absoluteString)))
        server.route("/list/3.json", .json(Self.page(["d"], next: nil)))
        let (loader, recorder, pages) = chain(first: server.url("/list/1.json"))
        run(loader, recorder, page: false)
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
            XCTAssertEqual(pages.nextPageURL, server.url("/list/2.json"))
        }
        run(loader, recorder, page: true)
        run(loader, recorder, page: true)
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b", "c", "d"])
            XCTAssertNil(pages.nextPageURL, "the last page has no next")
            XCTAssertNil(recorder.lastViewModel?.customData?["next"])
            loader.loadNextPage()
        }
        XCTAssertEqual(server.requests.map(\.path), ["/list/1.json", "/list/2.json", "/list/3.json"],
                       "nothing is requested after the last page")
    }

    func testAFailedPageIsReportedAndTriedAgain() {
        server.route("/list/1.json", .json(Self.page(["a"], next: "2.json")))
        server.route("/list/2.json", .text("down", status: 503))
        let (loader, recorder, pages) = chain(first: server.url("/list/1.json"))
        run(loader, recorder, page: false)
        run(loader, recorder, page: true)
        MainActor.assumeIsolated {
            XCTAssertEqual(recorder.events.map { $0.hasPrefix("fail") ? "fail" : $0 }, ["load", "fail"])
            XCTAssertEqual(recorder.errors.last as? ContentLoadingError, .httpStatus(code: 503, url: server.url("/list/2.json")))
            XCTAssertEqual(pages.nextPageURL, server.url("/list/2.json"), "the page is tried again next time")
        }
        server.route("/list/2.json", .json(Self.page(["b"], next: nil)))
        run(loader, recorder, page: true)
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
        }
    }

    func testTheFirstDocumentsErrorReachesTheView() {
        server.route("/list/1.json", .text("gone", status: 500))
        let (loader, recorder, _) = chain(first: server.url("/list/1.json"))
        run(loader, recorder, page: false)
        MainActor.assumeIsolated {
            XCTAssertEqual(recorder.errors.count, 1)
            XCTAssertEqual(recorder.errors.last as? ContentLoadingError, .httpStatus(code: 500, url: server.url("/list/1.json")))
        }
    }

    func testARemoteDocumentCannotPageIntoLocalFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hub-next-\(UUID().uuidString).json")
        try Data(Self.page(["secret"], next: nil).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        server.route("/list/1.json", .json(Self.page(["a"], next: file.absoluteString)))
        let (loader, recorder, pages) = chain(first: server.url("/list/1.json"))
        run(loader, recorder, page: false)
        MainActor.assumeIsolated {
            XCTAssertNil(pages.nextPageURL)
        }
    }

    func testLocalFilesPageToLocalFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-next-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.page(["a"], next: "two.json").utf8).write(to: folder.appendingPathComponent("one.json"))
        try Data(Self.page(["b"], next: nil).utf8).write(to: folder.appendingPathComponent("two.json"))
        let (loader, recorder, _) = chain(first: folder.appendingPathComponent("one.json"))
        run(loader, recorder, page: false)
        run(loader, recorder, page: true)
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
        }
    }
}
