import Foundation
import XCTest

@testable import HubFramework

/// The stage an ``HTTPClient`` reports decides what a document's deadline blames: a free
/// connection, the connection, or the server. A scripted client reports a stage and then nothing,
/// as a transfer stuck there would.
final class TransferStageTests: XCTestCase, @unchecked Sendable {
    private let url = URL(string: "http://backend.example:8080/home.json")!

    /// A client whose every transfer reports `stages` and then never answers.
    private final class StuckClient: HTTPClient, @unchecked Sendable {
        let stages: [HTTPTransferStage]
        init(_ stages: [HTTPTransferStage]) { self.stages = stages }

        final class Transfer: HTTPTransfer, @unchecked Sendable {
            func cancel() {}
        }

        func startTransfer(_ request: HTTPRequest, handler: @escaping @Sendable (HTTPTransferEvent) -> Void)
            -> any HTTPTransfer
        {
            let stages = self.stages
            DispatchQueue.global().async { for stage in stages { handler(.stage(stage)) } }
            return Transfer()
        }
    }

    private func error(stuckAt stages: [HTTPTransferStage], timeout: TimeInterval? = nil,
                       limits: ContentLimits = ContentLimits(maximumConnectSeconds: 0.3)) -> ContentLoadingError?
    {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url, timeout: timeout, client: StuckClient(stages))
            operation.limits = limits
            operation.cache = nil
            let delegate = CountingOperationDelegate()
            operation.delegate = delegate
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online,
                              viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(), previousError: nil)
            XCTAssertTrue(loadingSpin(timeout: 5) { delegate.failed > 0 }, "no failure reported")
            ServerReachability.shared.forgetAll()
            return operation.lastError
        }
    }

    func testAWaitForAFreeConnectionIsNamed() {
        let error = error(stuckAt: [.waitingForConnection])
        XCTAssertEqual(error, .noFreeConnection(url: url, seconds: 0.3))
        XCTAssertEqual(error?.description, "Loading \(url.absoluteString) failed: no connection to backend.example:8080 "
                       + "became free within 0.30 seconds; other downloads from that server held every connection the "
                       + "app may open to it, so the request was never sent.")
    }

    func testAConnectionThatIsNeverMadeIsNamed() {
        let error = error(stuckAt: [.waitingForConnection, .connecting])
        XCTAssertEqual(error, .noConnection(url: url, seconds: 0.3))
        XCTAssertEqual(error?.description, "Loading \(url.absoluteString) failed: could not connect to "
                       + "backend.example:8080 within 0.30 seconds.")
    }

    func testOnlyARequestOnTheWireBlamesTheServer() {
        let error = error(stuckAt: [.waitingForConnection, .connecting, .waitingForResponse])
        XCTAssertEqual(error, .noResponse(url: url, seconds: 0.3))
        XCTAssertEqual(error?.description, "Loading \(url.absoluteString) failed: the server backend.example:8080 did "
                       + "not answer within 0.30 seconds (the limit maximumConnectSeconds).")
    }

    /// A client that reports no stages leaves the wait to the server, as before stages existed.
    func testAClientWithoutStagesBlamesTheServer() {
        XCTAssertEqual(error(stuckAt: []), .noResponse(url: url, seconds: 0.3))
    }

    /// The load's own timeout, when it comes first, names the stage too; once the request is on
    /// the wire it is the load's timeout.
    func testTheLoadTimeoutNamesTheStageItEndedIn() {
        let limits = ContentLimits(maximumConnectSeconds: 10)
        XCTAssertEqual(error(stuckAt: [.waitingForConnection], timeout: 0.3, limits: limits),
                       .noFreeConnection(url: url, seconds: 0.3))
        XCTAssertEqual(error(stuckAt: [.connecting], timeout: 0.3, limits: limits),
                       .noConnection(url: url, seconds: 0.3))
        XCTAssertEqual(error(stuckAt: [.waitingForResponse], timeout: 0.3, limits: limits),
                       .timeout(url: url, seconds: 0.3))
    }

    func testARefusedRedirectNamesItsTarget() {
        let target = URL(string: "file:///etc/passwd")!
        XCTAssertEqual(ContentLoadingError.redirectRefused(url: url, target: target).url, url)
        XCTAssertEqual("\(ContentLoadingError.redirectRefused(url: url, target: URL(string: "ftp://x/y")!))",
                       "Could not load \(url.absoluteString): the server redirected to ftp://x/y, which a download may "
                       + "not follow (only http: and https: redirects are followed).")
        XCTAssertEqual("\(ContentLoadingError.noResponse(url: URL(string: "https://[::1]/a")!, seconds: 10))",
                       "Loading https://[::1]/a failed: the server [::1]:443 did not answer within 10 seconds "
                       + "(the limit maximumConnectSeconds).")
    }
}
