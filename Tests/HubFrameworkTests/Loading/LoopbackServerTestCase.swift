import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// A test case whose documents come from a loopback HTTP server, a fresh one for each test.
///
/// `tearDown` stops the server and fails the test if one of its transfers is still inside the
/// session: a fetch that ends early (a limit, a timeout, a cancel) leaves its task to wind down
/// there, and a transfer still running when the process ends is held only by a pending dispatch
/// timer, which `make sanitize`'s LeakSanitizer would report as leaked.
class LoopbackServerTestCase: XCTestCase, @unchecked Sendable {
    var server: LoopbackHTTPServer!

    /// A document with one row titled "One".
    static let oneRowDocument = #"{"body": [{"id": "one", "text": {"title": "One"}}]}"#

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server.stop()
        server = nil
        XCTAssertTrue(DocumentFetcher.waitUntilNoTransfersAreInFlight(timeout: 10), "an HTTP transfer outlived its test")
        super.tearDown()
    }
}
