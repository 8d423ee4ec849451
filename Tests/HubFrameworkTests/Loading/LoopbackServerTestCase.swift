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

    override func tearDown() {
        server.stop()
        server = nil
        ServerReachability.shared.forgetAll()
        XCTAssertTrue(SoupHTTPClient.shared.waitUntilIdle(timeout: 10), "an HTTP transfer outlived its test")
        super.tearDown()
    }
}
