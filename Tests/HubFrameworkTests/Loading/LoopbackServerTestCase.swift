import Foundation
import XCTest

@testable import HubFramework
import GtkKit
import HubTestSupport

/// A test case whose documents come from a loopback HTTP server, a fresh one for each test, over the
/// HTTP client the product uses (`SoupHTTPClient`, installed as the default as HubGTK does when GTK
/// starts).
///
/// `tearDown` stops the server and fails the test if one of its transfers has not ended: a
/// transfer must end, and let go of its connection, as soon as its load is done or abandoned.
class LoopbackServerTestCase: XCTestCase, @unchecked Sendable {
    var server: LoopbackHTTPServer!

    /// A document with one row titled "One".
    static let oneRowDocument = #"{"body": [{"id": "one", "text": {"title": "One"}}]}"#

    override func setUpWithError() throws {
        try super.setUpWithError()
        DefaultHTTPClient.current = SoupHTTPClient.shared
        server = try LoopbackHTTPServer()
    }

    /// What one load of a document reported.
    struct LoadOutcome {
        var error: ContentLoadingError?
        var titles: [String]
        var elapsed: TimeInterval
    }

    /// Loads `url` once with a `JSONContentOperation` (no cache; `client`, or the default) and
    /// waits up to `wait` seconds for its report.
    func loadDocument(_ url: URL, limits: ContentLimits = ContentLimits(), timeout: TimeInterval? = nil,
                      client: (any HTTPClient)? = nil, wait: TimeInterval = 10,
                      file: StaticString = #filePath, line: UInt = #line) -> LoadOutcome
    {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url, timeout: timeout, client: client)
            operation.limits = limits
            operation.cache = nil
            let delegate = CountingOperationDelegate()
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            operation.delegate = delegate
            let started = Date()
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: builder, previousError: nil)
            let reported = loadingSpin(timeout: wait) { delegate.finished + delegate.failed > 0 }
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertTrue(reported, "the operation reported nothing within \(wait) s", file: file, line: line)
            if !reported { operation.cancel() }
            return LoadOutcome(error: operation.lastError, titles: LoadingFixtures.bodyTitles(builder.build()),
                               elapsed: elapsed)
        }
    }

    override func tearDown() {
        server.stop()
        server = nil
        ServerReachability.shared.forgetAll()
        XCTAssertTrue(SoupHTTPClient.shared.waitUntilIdle(timeout: 10), "an HTTP transfer outlived its test")
        super.tearDown()
    }
}
