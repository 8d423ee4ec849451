import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// An HTTP load keeps its view model builder (and with it every component of the document) only
/// while it runs: once it has reported, failed, been answered from the cache or been cancelled,
/// nothing of it outlives the operation. The download object and the load that waits for it refer
/// to each other while the download runs, so each way a load ends must break that link.
final class HTTPLoadLifetimeTests: LoopbackServerTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/feed.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=60")],
            body: Data(Self.oneRowDocument.utf8)))
        server.route("/missing.json", LoopbackHTTPServer.Response(status: 404))
        server.route("/endless.json") { _ in
            LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json")], body: Data("[".utf8),
                behavior: .stream(chunk: Data(repeating: 0x20, count: 1024), repeats: nil, interval: 0.01))
        }
    }

    private final class WeakBuilder {
        weak var builder: ViewModelBuilder?
    }

    /// Runs one load of `path` with a builder nobody else keeps, lets it end (reported, or
    /// cancelled after `cancelAfter` seconds), drops the operation, and returns a weak reference to
    /// the builder.
    @MainActor
    private func load(_ path: String, cache: DocumentCache? = nil, cancelAfter: TimeInterval? = nil) -> WeakBuilder {
        let box = WeakBuilder()
        var operation: JSONContentOperation? = JSONContentOperation(url: server.url(path), timeout: 10)
        operation?.cache = cache
        let delegate = CountingOperationDelegate()
        operation?.delegate = delegate
        do {
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            box.builder = builder
            operation?.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                               connectivityState: .online, viewModelBuilder: builder, previousError: nil)
        }
        if let cancelAfter {
            XCTAssertTrue(server.waitForRequests(1))
            _ = loadingSpin(timeout: cancelAfter) { false }
            operation?.cancel()
            XCTAssertEqual(delegate.finished + delegate.failed, 0)
        } else {
            XCTAssertTrue(loadingSpin(timeout: 5) { delegate.finished + delegate.failed > 0 }, "no report")
        }
        operation = nil
        return box
    }

    /// Whether the builder went away within a few seconds (the queues that ran the load release
    /// their blocks shortly after running them).
    @MainActor
    private func isReleased(_ box: WeakBuilder) -> Bool {
        loadingSpin(timeout: 5) { box.builder == nil }
    }

    func testADownloadedDocumentIsNotKeptAfterItsLoad() {
        MainActor.assumeIsolated {
            let box = load("/feed.json")
            XCTAssertTrue(isReleased(box), "the load of a downloaded document outlived its operation")
        }
    }

    func testAFailedDownloadIsNotKeptAfterItsLoad() {
        MainActor.assumeIsolated {
            let box = load("/missing.json")
            XCTAssertTrue(isReleased(box), "the load of a failed download outlived its operation")
        }
    }

    func testADocumentFromTheCacheIsNotKeptAfterItsLoad() {
        MainActor.assumeIsolated {
            let cache = DocumentCache()
            XCTAssertTrue(isReleased(load("/feed.json", cache: cache)))
            let box = load("/feed.json", cache: cache)
            XCTAssertEqual(server.requests.count, 1, "the second load was answered from the cache")
            XCTAssertTrue(isReleased(box), "the load answered from the cache outlived its operation")
        }
    }

    func testACancelledDownloadIsNotKeptAfterItsLoad() {
        MainActor.assumeIsolated {
            let box = load("/endless.json", cancelAfter: 0.2)
            XCTAssertTrue(isReleased(box), "a cancelled load outlived its operation")
        }
    }
}
