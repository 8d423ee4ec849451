import Foundation
import XCTest

@testable import HubFramework
import GtkKit
import HubTestSupport

/// Issue 34, case 11: a deadline names what it waited for. A document queued behind downloads that
/// hold every connection to its host is never sent, so its error says that no connection became
/// free, not that the server did not answer; the server is blamed only once the request reached it.
final class ConnectionWaitTests: LoopbackServerTestCase, @unchecked Sendable {
    /// A client with a single connection per host, so that one silent download fills it.
    private var narrowClient: SoupHTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        narrowClient = SoupHTTPClient(maximumConnectionsPerHost: 1)
    }

    override func tearDown() {
        let client = narrowClient
        narrowClient = nil
        super.tearDown()  // stops the server, which ends the silent download
        XCTAssertTrue(client?.waitUntilIdle(timeout: 10) ?? true, "a transfer of the narrow client outlived its test")
    }

    /// Starts a download of a document the server never answers, through the narrow client, and
    /// waits until the server has its request: the host's only connection is taken.
    private func holdTheOnlyConnection() -> JSONContentOperation {
        server.route("/silent.json", .json(Self.oneRowDocument, delay: 60))
        let operation = MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: server.url("/silent.json"), timeout: 60, client: narrowClient)
            operation.limits = ContentLimits(maximumConnectSeconds: 60, maximumLoadSeconds: 60)
            operation.cache = nil
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online,
                              viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(), previousError: nil)
            return operation
        }
        XCTAssertTrue(server.waitForRequests(1), "the silent download never reached the server")
        return operation
    }

    func testADocumentThatNeverGotAConnectionDoesNotBlameTheServer() {
        let silent = holdTheOnlyConnection()
        defer { MainActor.assumeIsolated { silent.cancel() } }
        server.route("/next.json", .json(Self.oneRowDocument))
        let url = server.url("/next.json")
        let outcome = loadDocument(url, limits: ContentLimits(maximumConnectSeconds: 1, maximumLoadSeconds: 10),
                                   client: narrowClient)
        XCTAssertEqual(outcome.error?.description, "Loading \(url.absoluteString) failed: no connection to "
                       + "127.0.0.1:\(server.port) became free within 1 second; other downloads from that server held "
                       + "every connection the app may open to it, so the request was never sent.")
        XCTAssertEqual(server.requests.map(\.path), ["/silent.json"], "the queued request was sent after all")
        XCTAssertLessThan(outcome.elapsed, 3)
    }

    /// When the load's own timeout comes before the wait for the response ends, the message still
    /// says the wait was for a connection.
    func testALoadTimeoutSpentWaitingForAConnectionSaysSo() {
        let silent = holdTheOnlyConnection()
        defer { MainActor.assumeIsolated { silent.cancel() } }
        server.route("/next.json", .json(Self.oneRowDocument))
        let url = server.url("/next.json")
        let outcome = loadDocument(url, limits: ContentLimits(maximumConnectSeconds: 10), timeout: 1,
                                   client: narrowClient)
        XCTAssertEqual(outcome.error?.description, "Loading \(url.absoluteString) failed: no connection to "
                       + "127.0.0.1:\(server.port) became free within 1 second; other downloads from that server held "
                       + "every connection the app may open to it, so the request was never sent.")
        XCTAssertLessThan(outcome.elapsed, 3)
    }

    /// Once the connection is free again, the queued document goes out and loads.
    func testAQueuedDocumentLoadsOnceTheConnectionIsFree() {
        let silent = holdTheOnlyConnection()
        server.route("/next.json", .json(Self.oneRowDocument))
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
            MainActor.assumeIsolated { silent.cancel() }
        }
        let outcome = loadDocument(server.url("/next.json"), limits: ContentLimits(maximumConnectSeconds: 5),
                                   client: narrowClient)
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.titles, ["One"])
        XCTAssertLessThan(outcome.elapsed, 3)
    }
}
