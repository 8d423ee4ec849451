import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Ending a download closes its connection at once, over the product's HTTP client: navigating away,
/// a size limit and a gzip bomb each end with the server seeing its client gone within 50 ms, and the
/// next download is answered at once, while the hostile server would still be sending.
final class HTTPCancellationTests: LoopbackServerTestCase, @unchecked Sendable {
    private static let limit = 4 << 20
    private var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    private func endless(_ path: String) {
        server.route(path, LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json")], body: Data("[".utf8),
            behavior: .stream(chunk: Data(repeating: 0x20, count: 16 * 1024), repeats: nil, interval: 0.001)))
    }

    private func bomb(_ path: String) {
        server.route(path, LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: Gzip.header,
            behavior: .stream(chunk: Gzip.zerosBlock(), repeats: nil, interval: 0)))
    }

    /// Starts a load of `path` and returns the operation and its delegate (no cache).
    private func start(_ path: String, limit: Int = limit,
                       limits: ContentLimits? = nil) -> (JSONContentOperation, ReportTimes)
    {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: server.url(path), timeout: 30)
            operation.limits = limits ?? ContentLimits(maximumDocumentBytes: limit)
            operation.cache = nil
            let times = ReportTimes()
            operation.delegate = times
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online,
                              viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(), previousError: nil)
            return (operation, times)
        }
    }

    private func waitForReport(_ times: ReportTimes, timeout: TimeInterval = 5) -> TimeInterval? {
        MainActor.assumeIsolated { _ = loadingSpin(timeout: timeout) { times.reported != nil } }
        return times.reported
    }

    /// A small document loads at once after whatever came before.
    private func assertTheNextDownloadIsPrompt(file: StaticString = #filePath, line: UInt = #line) {
        server.route("/next.json", .json(Self.oneRowDocument))
        let started = now
        let (operation, times) = start("/next.json")
        defer { withExtendedLifetime(operation) {} }
        guard let reported = waitForReport(times) else {
            return XCTFail("the next document never loaded", file: file, line: line)
        }
        XCTAssertNil(times.error, file: file, line: line)
        XCTAssertLessThan(reported - started, 0.1, "the next download waited", file: file, line: line)
    }

    func testCancellingAnEndlessDownloadClosesItsConnectionWithin50Milliseconds() {
        endless("/endless.json")
        let (operation, times) = start("/endless.json")
        XCTAssertTrue(server.waitForRequests(1))
        MainActor.assumeIsolated { _ = loadingSpin(timeout: 0.2) { false } }
        let cancelled = now
        MainActor.assumeIsolated { operation.cancel() }
        let departed = server.waitForDeparture(from: "/endless.json")
        XCTAssertNotNil(departed, "the server still streams to a cancelled download")
        XCTAssertLessThan((departed ?? .infinity) - cancelled, 0.05)
        MainActor.assumeIsolated { _ = loadingSpin(timeout: 0.2) { false } }
        XCTAssertNil(times.reported, "a cancelled load reports nothing")
        assertTheNextDownloadIsPrompt()
    }

    func testAnEndlessBodyEndsAtItsLimitInUnderASecondAndClosesItsConnection() {
        endless("/endless.json")
        let started = now
        let (operation, times) = start("/endless.json", limit: 1 << 20)
        defer { withExtendedLifetime(operation) {} }
        let reported = waitForReport(times)
        XCTAssertEqual(times.error, .tooLarge(url: server.url("/endless.json"), limit: 1 << 20))
        XCTAssertLessThan((reported ?? .infinity) - started, 1)
        let departed = server.waitForDeparture(from: "/endless.json")
        XCTAssertNotNil(departed, "the server still streams to a download past its limit")
        // The report reaches the main thread after the connection was closed, or at most 50 ms before.
        XCTAssertLessThan((departed ?? .infinity) - (reported ?? 0), 0.05)
        assertTheNextDownloadIsPrompt()
    }

    func testAGzipBombEndsAtItsLimitInUnderASecondAndTheNextDownloadIsPrompt() {
        bomb("/bomb.json")
        let started = now
        let (operation, times) = start("/bomb.json")
        defer { withExtendedLifetime(operation) {} }
        let reported = waitForReport(times)
        XCTAssertEqual(times.error, .tooLarge(url: server.url("/bomb.json"), limit: Self.limit))
        XCTAssertLessThan((reported ?? .infinity) - started, 1)
        let departed = server.waitForDeparture(from: "/bomb.json")
        XCTAssertNotNil(departed, "the server still streams the bomb")
        XCTAssertLessThan((departed ?? .infinity) - (reported ?? 0), 0.05)
        assertTheNextDownloadIsPrompt()
    }

    func testAServerThatNeverAnswersIsLeftAtItsDeadline() {
        server.route("/silent.json", .text("late", delay: 60))
        let started = now
        let (operation, times) = start("/silent.json", limits: ContentLimits(maximumConnectSeconds: 0.5))
        defer { withExtendedLifetime(operation) {} }
        let reported = waitForReport(times)
        XCTAssertEqual(times.error, .noResponse(url: server.url("/silent.json"), seconds: 0.5))
        XCTAssertLessThan((reported ?? .infinity) - started, 1)
        let departed = server.waitForDeparture(from: "/silent.json")
        XCTAssertNotNil(departed, "the connection to the silent server stayed open")
        XCTAssertLessThan((departed ?? .infinity) - (reported ?? 0), 0.05)
        assertTheNextDownloadIsPrompt()
    }
}

/// When an operation first reported, on the `systemUptime` clock, and its error.
private final class ReportTimes: ContentOperationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var time: TimeInterval?
    private var failure: ContentLoadingError?

    var reported: TimeInterval? { lock.withLock { time } }
    var error: ContentLoadingError? { lock.withLock { failure } }

    private func report(_ error: ContentLoadingError?) {
        let now = ProcessInfo.processInfo.systemUptime
        lock.withLock {
            guard time == nil else { return }
            time = now
            failure = error
        }
    }

    func contentOperationDidFinish(_ operation: any ContentOperation) { report(nil) }
    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        report(error as? ContentLoadingError)
    }
    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {}
}
