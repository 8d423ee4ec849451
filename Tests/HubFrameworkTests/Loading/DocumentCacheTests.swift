import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport


/// `JSONContentOperation` follows the server's caching headers through a `DocumentCache`.
final class DocumentCacheTests: LoopbackServerTestCase, @unchecked Sendable {

    /// Loads `path` with a fresh operation using `cache`; the titles and the error.
    private func load(_ path: String, cache: DocumentCache) -> (titles: [String], error: ContentLoadingError?,
                                                                elapsed: TimeInterval)
    {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: server.url(path))
            operation.cache = cache
            let started = Date()
            let model = performUntilReported(operation)
            return (LoadingFixtures.bodyTitles(model), operation.lastError, Date().timeIntervalSince(started))
        }
    }

    func testEntityTagIsRevalidatedAndA304ReusesTheBody() {
        server.route("/feed.json") { request in
            if request.headers["if-none-match"] == "\"v1\"" {
                return LoopbackHTTPServer.Response(status: 304, headers: [("ETag", "\"v1\"")])
            }
            return LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Cache-Control", "no-cache")],
                body: Data(Self.oneRowDocument.utf8))
        }
        let cache = DocumentCache()
        let first = load("/feed.json", cache: cache)
        let second = load("/feed.json", cache: cache)
        XCTAssertEqual(first.titles, ["One"])
        XCTAssertNil(second.error)
        XCTAssertEqual(second.titles, ["One"], "the 304 reused the kept document")
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertNil(server.requests[0].headers["if-none-match"])
        XCTAssertEqual(server.requests[1].headers["if-none-match"], "\"v1\"")
        XCTAssertLessThan(second.elapsed, 2)
    }

    func testLastModifiedIsSentAsIfModifiedSince() {
        let date = "Tue, 24 Nov 2026 10:00:00 GMT"
        server.route("/feed.json") { request in
            if request.headers["if-modified-since"] == date {
                return LoopbackHTTPServer.Response(status: 304)
            }
            return LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("Last-Modified", date)], body: Data(Self.oneRowDocument.utf8))
        }
        let cache = DocumentCache()
        _ = load("/feed.json", cache: cache)
        let second = load("/feed.json", cache: cache)
        XCTAssertEqual(second.titles, ["One"])
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(server.requests[1].headers["if-modified-since"], date)
    }

    func testFreshDocumentIsUsedWithoutARequest() {
        server.route("/feed.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Cache-Control", "public, max-age=60")],
            body: Data(Self.oneRowDocument.utf8)))
        let cache = DocumentCache()
        _ = load("/feed.json", cache: cache)
        let second = load("/feed.json", cache: cache)
        XCTAssertEqual(second.titles, ["One"])
        XCTAssertNil(second.error)
        XCTAssertEqual(server.requests.count, 1, "no request while the document is fresh")
        XCTAssertLessThan(second.elapsed, 1)
    }

    func testAgeShortensTheFreshness() {
        server.route("/feed.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=60"), ("Age", "60")],
            body: Data(Self.oneRowDocument.utf8)))
        let cache = DocumentCache()
        _ = load("/feed.json", cache: cache)
        _ = load("/feed.json", cache: cache)
        XCTAssertEqual(server.requests.count, 2, "a response as old as its max-age is not fresh")
    }

    func testNoStoreIsAlwaysRequested() {
        server.route("/feed.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store, max-age=60"), ("ETag", "\"v1\"")],
            body: Data(Self.oneRowDocument.utf8)))
        let cache = DocumentCache()
        _ = load("/feed.json", cache: cache)
        let second = load("/feed.json", cache: cache)
        XCTAssertEqual(second.titles, ["One"])
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertNil(server.requests[1].headers["if-none-match"])
        XCTAssertEqual(cache.count, 0)
    }

    // A 304 without a kept document is an error like any other status outside 2xx.
    func testNotModifiedWithoutACachedDocumentIsAnError() {
        server.route("/feed.json", LoopbackHTTPServer.Response(status: 304))
        let outcome = load("/feed.json", cache: DocumentCache())
        XCTAssertEqual(outcome.error, .httpStatus(code: 304, url: server.url("/feed.json")))
    }

    func testFailedLoadsAreNotKept() {
        server.route("/feed.json", LoopbackHTTPServer.Response(
            status: 500, headers: [("Cache-Control", "max-age=60")], body: Data("oops".utf8)))
        let cache = DocumentCache()
        _ = load("/feed.json", cache: cache)
        _ = load("/feed.json", cache: cache)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(cache.count, 0)
    }

    // MARK: The cache alone

    private func response(_ headers: [String: String], url: URL = URL(string: "http://example.com/a")!) -> HTTPResponse {
        HTTPResponse(url: url, statusCode: 200, headerFields: headers)
    }

    func testCacheIsBoundedByBytesAndEvictsTheLeastRecentlyUsed() {
        let cache = DocumentCache(capacityBytes: 250)
        let headers = ["Cache-Control": "max-age=60"]
        let urls = (0..<3).map { URL(string: "http://example.com/\($0)")! }
        cache.store(Data(count: 100), for: urls[0], response: response(headers))
        cache.store(Data(count: 100), for: urls[1], response: response(headers))
        _ = cache.entry(for: urls[0])  // 0 is now more recent than 1
        cache.store(Data(count: 100), for: urls[2], response: response(headers))
        XCTAssertEqual(cache.totalBytes, 200)
        XCTAssertNotNil(cache.entry(for: urls[0]))
        XCTAssertNil(cache.entry(for: urls[1]), "the least recently used document made room")
        XCTAssertNotNil(cache.entry(for: urls[2]))

        cache.store(Data(count: 300), for: urls[1], response: response(headers))
        XCTAssertNil(cache.entry(for: urls[1]), "a document larger than the whole cache is not kept")
        cache.capacityBytes = 100
        XCTAssertEqual(cache.count, 1)
        XCTAssertLessThanOrEqual(cache.totalBytes, 100)
        cache.removeAll()
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testWhatIsKept() {
        XCTAssertNil(DocumentCache.entry(Data(), response: response([:])), "no lifetime and no validator")
        XCTAssertNil(DocumentCache.entry(Data(), response: response(["Cache-Control": "no-store", "ETag": "\"x\""])))
        XCTAssertEqual(DocumentCache.entry(Data(), response: response(["Cache-Control": "max-age=oops"]))?.isFresh, nil)
        XCTAssertEqual(DocumentCache.entry(Data(), response: response(["Cache-Control": "no-cache, max-age=60",
                                                                       "ETag": "\"x\""]))?.isFresh, false)
        XCTAssertEqual(DocumentCache.entry(Data(), response: response(["Cache-Control": "max-age=60"]))?.isFresh, true)
        XCTAssertEqual(CacheControl("Max-Age = 5, NO-STORE"), {
            var control = CacheControl(nil)
            control.maxAge = 5
            control.noStore = true
            return control
        }())
    }
}
