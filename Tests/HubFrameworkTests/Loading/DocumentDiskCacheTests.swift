import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Documents kept on disk outlive their cache (as they outlive a restart of the app), stand in for
/// an unreachable server, stay within their byte cap, and a damaged file is only ever a miss.
final class DocumentDiskCacheTests: LoopbackServerTestCase, @unchecked Sendable {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-disk-\(UUID().uuidString)")
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        super.tearDown()
    }

    /// A cache as a new process would have it: empty in memory, on the test's folder.
    private func restartedCache(capacity: Int = 64 << 20) -> DocumentCache {
        DocumentCache(diskDirectory: directory, diskCapacityBytes: capacity)
    }

    private struct Loaded {
        var titles: [String]
        var error: ContentLoadingError?
        var stale: ContentLoadingError?
        var staleInCustomData: String?
    }

    private func load(_ url: URL, cache: DocumentCache) -> Loaded {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url)
            operation.cache = cache
            operation.limits = ContentLimits(maximumConnectSeconds: 1)
            let model = performUntilReported(operation)
            return Loaded(titles: LoadingFixtures.bodyTitles(model), error: operation.lastError,
                          stale: operation.staleDocumentError,
                          staleInCustomData: model.customData?[JSONContentOperation.staleDocumentCustomDataKey]?
                            .stringValue)
        }
    }

    private func serveValidated(_ path: String, title: String = "One") {
        server.route(path, LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Cache-Control", "no-cache")],
            body: Data(#"{"body": [{"id": "one", "text": {"title": "\#(title)"}}]}"#.utf8)))
    }

    private var documentFiles: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "document" }
    }

    func testAViewSeenBeforeOpensAfterARestartWithTheServerStopped() {
        serveValidated("/feed.json")
        let url = server.url("/feed.json")
        XCTAssertEqual(load(url, cache: restartedCache()).titles, ["One"])
        XCTAssertEqual(documentFiles.count, 1, "kept on disk")
        server.stop()
        let offline = load(url, cache: restartedCache())
        XCTAssertNil(offline.error)
        XCTAssertEqual(offline.titles, ["One"], "what the view showed last")
        guard case .transport(let error, _)? = offline.stale else {
            return XCTFail("the view is not marked as the kept copy: \(String(describing: offline.stale))")
        }
        XCTAssertEqual(error.code, .cannotConnectToHost)
        XCTAssertEqual(offline.staleInCustomData, offline.stale?.description)
    }

    func testWhenTheServerIsBackTheViewIsCurrentAgain() throws {
        serveValidated("/feed.json", title: "Old")
        let url = server.url("/feed.json")
        let port = server.port
        _ = load(url, cache: restartedCache())
        server.stop()
        XCTAssertEqual(load(url, cache: restartedCache()).titles, ["Old"])
        server = try LoopbackHTTPServer(port: port)
        serveValidated("/feed.json", title: "New")
        let back = load(url, cache: restartedCache())
        XCTAssertNil(back.stale)
        XCTAssertEqual(back.titles, ["New"])
    }

    /// A server that stops answering makes the app offline (the operations get `.offline`) until it
    /// answers again; then the view loads afresh by itself.
    func testAfterAnOutageTheAppIsOfflineUntilTheServerAnswersAndTheViewLoadsAfresh() throws {
        let reachability = ServerReachability.shared
        reachability.probeInterval = 0.1
        serveValidated("/feed.json", title: "Old")
        let url = server.url("/feed.json")
        let port = server.port
        let cache = restartedCache()
        try MainActor.assumeIsolated {
            let resolver = ReachabilityResolver(reachability)
            let operation = JSONContentOperation(url: url)
            operation.cache = cache
            let states = StateRecorder()
            let (loader, recorder) = LoadingFixtures.loader([operation, states], resolver: resolver)
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 5) { LoadingFixtures.bodyTitles(recorder.lastViewModel) == ["Old"] })
            server.stop()
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 5) { resolver.resolveConnectivityState() == .offline },
                          "the silent server did not make the app offline")
            XCTAssertTrue(loadingSpin(timeout: 5) { states.seen.last == .offline && !loader.isLoading },
                          "the operations were not told: \(states.seen)")
            XCTAssertEqual(LoadingFixtures.bodyTitles(recorder.lastViewModel), ["Old"], "the kept copy")
            server = try LoopbackHTTPServer(port: port)
            serveValidated("/feed.json", title: "New")
            XCTAssertTrue(loadingSpin(timeout: 5) { LoadingFixtures.bodyTitles(recorder.lastViewModel) == ["New"] },
                          "the view did not load afresh once the server answered")
            XCTAssertEqual(resolver.resolveConnectivityState(), .online)
            XCTAssertEqual(states.seen.last, .online)
        }
    }

    func testAFreshDocumentIsUsedAfterARestartWithoutARequest() {
        server.route("/feed.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=600")],
            body: Data(Self.oneRowDocument.utf8)))
        let url = server.url("/feed.json")
        _ = load(url, cache: restartedCache())
        XCTAssertEqual(load(url, cache: restartedCache()).titles, ["One"])
        XCTAssertEqual(server.requests.count, 1, "still fresh: no request")
    }

    /// A 304 may carry the `Content-Length` of the document it confirms; it still has no body, and
    /// it renews the kept copy rather than being taken for a connection cut short.
    func testANotModifiedWithAContentLengthRenewsTheKeptCopy() {
        server.route("/feed.json") { request in
            if request.headers["if-none-match"] == "\"v1\"" {
                return LoopbackHTTPServer.Response(status: 304, headers: [("ETag", "\"v1\""), ("Content-Length", "1234")])
            }
            return LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Cache-Control", "no-cache")],
                body: Data(Self.oneRowDocument.utf8))
        }
        let url = server.url("/feed.json")
        let cache = restartedCache()
        _ = load(url, cache: cache)
        let again = load(url, cache: cache)
        XCTAssertNil(again.error)
        XCTAssertNil(again.stale, "the 304 was taken for a failure")
        XCTAssertEqual(again.titles, ["One"])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testARefusalIsNotHiddenByTheKeptCopy() {
        serveValidated("/feed.json")
        let url = server.url("/feed.json")
        _ = load(url, cache: restartedCache())
        server.route("/feed.json", .text("gone", status: 404))
        let refused = load(url, cache: restartedCache())
        XCTAssertEqual(refused.error, .httpStatus(code: 404, url: url))
        XCTAssertNil(refused.stale)
    }

    func testDamagedFilesAreMissesNeverErrors() throws {
        serveValidated("/feed.json")
        let url = server.url("/feed.json")
        _ = load(url, cache: restartedCache())
        let file = try XCTUnwrap(documentFiles.first)
        let whole = try Data(contentsOf: file)
        server.stop()
        for damaged in [whole.prefix(whole.count - 3), Data("garbage".utf8), Data(), whole + Data("x".utf8),
                        Data(repeating: 0x0A, count: 10)]
        {
            try damaged.write(to: file)
            let result = load(url, cache: restartedCache())
            XCTAssertEqual(result.titles, [], "a damaged file is not shown")
            guard case .transport? = result.error else {
                return XCTFail("expected the server's error, got \(String(describing: result.error))")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "the damaged file is removed")
        }
    }

    func testTheDiskKeepsWithinItsCapacityDroppingTheLeastRecentlyUsed() throws {
        let body = #"{"body": [{"id": "one", "text": {"title": "\#(String(repeating: "x", count: 3000))"}}]}"#
        for index in 0..<6 {
            server.route("/\(index).json", LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("ETag", "\"\(index)\"")], body: Data(body.utf8)))
        }
        let cache = restartedCache(capacity: 10_000)
        for index in 0..<6 {
            _ = load(server.url("/\(index).json"), cache: cache)
            Thread.sleep(forTimeInterval: 0.01)  // distinct modification times
        }
        let sizes = try documentFiles.map { try XCTUnwrap(try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) }
        XCTAssertLessThanOrEqual(sizes.reduce(0, +), 10_000)
        XCTAssertEqual(documentFiles.count, 3, "three documents of about 3 KB fit")
        server.stop()
        XCTAssertEqual(load(server.url("/5.json"), cache: restartedCache()).titles.count, 1, "the latest is kept")
        XCTAssertEqual(load(server.url("/0.json"), cache: restartedCache()).titles, [], "the oldest went first")
    }
}

/// Online unless a server the app loads from is silent: what HubGTK's resolver adds to the network
/// monitor, without the monitor (whose answer depends on the machine).
@MainActor
private final class ReachabilityResolver: ConnectivityStateResolver {
    private let reachability: ServerReachability
    private var observers: [any ConnectivityStateResolverObserver] = []
    private var token: UUID?

    init(_ reachability: ServerReachability) {
        self.reachability = reachability
        token = reachability.addObserver { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                for observer in self.observers { observer.connectivityStateResolverStateDidChange(self) }
            }
        }
    }

    isolated deinit {
        if let token { reachability.removeObserver(token) }
    }

    func resolveConnectivityState() -> ConnectivityState {
        reachability.isAnyServerUnreachable ? .offline : .online
    }

    func addObserver(_ observer: any ConnectivityStateResolverObserver) { observers.append(observer) }
    func removeObserver(_ observer: any ConnectivityStateResolverObserver) {
        observers.removeAll { $0 === observer }
    }
}

/// The connectivity states the operations after the document were given, in order.
@MainActor
private final class StateRecorder: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    private(set) var seen: [ConnectivityState] = []

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        seen.append(connectivityState)
        if let previousError {
            delegate?.contentOperation(self, didFailWithError: previousError)
        } else {
            delegate?.contentOperationDidFinish(self)
        }
    }
}
