import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// What a document sends its server, against a loopback server over the product's HTTP client:
/// every exchange ends, within the limits, with an outcome the actions can read, whatever the
/// server does (never answers, answers without end, a gzip bomb, redirects in a loop or elsewhere).
final class ServerExchangeTests: LoopbackServerTestCase, @unchecked Sendable {
    /// The request the actions of the document's first body component send, evaluated.
    @MainActor
    private func prepared(_ json: String) throws -> PreparedRequest {
        let builder = LoadingFixtures.schema().makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: Data(json.utf8)), [])
        let viewModel = builder.build()
        let state = ViewState()
        state.adopt(viewModel.stateDeclarations, components: viewModel.componentStateDeclarations)
        var sent: PreparedRequest?
        let interpreter = ActionInterpreter(state: state, limits: .default, perform: { effect in
            if case .send(let request) = effect { sent = request }
            return true
        }, report: { XCTFail($0) })
        _ = interpreter.runTargetActions(of: try XCTUnwrap(viewModel.bodyComponentModels.first))
        return try XCTUnwrap(sent, "the actions sent a request")
    }

    @MainActor
    private func request(_ path: String, method: String = "get", body: String? = nil) throws -> PreparedRequest {
        let bodyMember = body.map { #", "body": \#($0)"# } ?? ""
        return try prepared(#"""
            {"body": [{"id": "b", "target": {"actions": [
              {"type": "request", "method": "\#(method)", "url": "\#(server.url(path))"\#(bodyMember)}]}}]}
            """#)
    }

    /// Sends `request` with `limits` (the server's origin allowed) and waits for the outcome.
    @MainActor
    private func exchange(_ request: PreparedRequest, limits: ContentLimits = .default, wait: TimeInterval = 10,
                          policy: ServerRequestPolicy? = nil) -> (ServerExchange.Outcome?, TimeInterval)
    {
        var outcome: ServerExchange.Outcome?
        let started = ProcessInfo.processInfo.systemUptime
        let exchange = ServerExchange(request, formValues: nil, documentURL: nil, origin: .local,
                                      policy: policy ?? ServerRequestPolicy(allowedOrigins: [server.baseURL]),
                                      limits: limits) { outcome = $0 }
        _ = loadingSpin(timeout: wait) { outcome != nil }
        withExtendedLifetime(exchange) {}
        return (outcome, ProcessInfo.processInfo.systemUptime - started)
    }

    func testAServerThatNeverAnswersEndsAtTheRequestsTimeLimit() throws {
        server.route("/hang", .json("{}", delay: 60))
        try MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumRequestSeconds = 1
            let (outcome, elapsed) = exchange(try request("/hang"), limits: limits)
            let result = try XCTUnwrap(outcome, "the request ended")
            XCTAssertFalse(result.response.ok)
            XCTAssertEqual(result.response.status, 0)
            XCTAssertFalse(result.response.error.isEmpty)
            XCTAssertLessThan(elapsed, 3, "at the limit, not at the server's pleasure")
        }
    }

    func testAnEndlessAnswerAndAGzipBombAreCutOffAtTheResponseLimit() throws {
        server.route("/endless", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json")], body: Data("[".utf8),
            behavior: .stream(chunk: Data(repeating: 0x20, count: 16 * 1024), repeats: nil, interval: 0.001)))
        server.route("/bomb", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: Gzip.header,
            behavior: .stream(chunk: Gzip.zerosBlock(), repeats: nil, interval: 0)))
        try MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumResponseBytes = 256 << 10
            for path in ["/endless", "/bomb"] {
                let (outcome, elapsed) = exchange(try request(path), limits: limits)
                let result = try XCTUnwrap(outcome, "\(path) ended")
                XCTAssertFalse(result.response.ok, path)
                XCTAssertTrue(result.response.error.contains("256 KiB"), "\(path): \(result.response.error)")
                XCTAssertLessThan(elapsed, 3, path)
            }
        }
    }

    func testARedirectLoopEndsAndA303AfterAPostFetchesTheNewPlaceWithGet() throws {
        server.route("/loop", LoopbackHTTPServer.Response(status: 302, headers: [("Location", "/loop")]))
        server.route("/post", LoopbackHTTPServer.Response(status: 303, headers: [("Location", "/done")]))
        server.route("/done", .json(#"{"state": {"count": 2}}"#))
        try MainActor.assumeIsolated {
            let (looped, _) = exchange(try request("/loop"))
            XCTAssertEqual(looped?.response.ok, false)
            XCTAssertTrue(looped?.response.error.contains("redirect") ?? false, looped?.response.error ?? "")
            let (posted, _) = exchange(try request("/post", method: "post", body: #"{"a": 1}"#))
            XCTAssertEqual(posted?.response.ok, true, posted?.response.error ?? "")
            XCTAssertEqual(posted?.answer, .values(state: ["count": .number(2)], errors: [:]))
            let requests = server.requests.filter { ["/post", "/done"].contains($0.path) }
            XCTAssertEqual(requests.map(\.method), ["POST", "GET"])
            XCTAssertEqual(requests.last?.body, Data(), "the body is not sent again")
        }
    }

    func testABodyOverItsLimitIsNotSent() throws {
        server.route("/big", .json("{}"))
        try MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumRequestBodyBytes = 100
            let big = "\"" + String(repeating: "x", count: 200) + "\""
            let (outcome, _) = exchange(try request("/big", method: "post", body: #"{"text": \#(big)}"#), limits: limits)
            XCTAssertEqual(outcome?.response.ok, false)
            XCTAssertTrue(outcome?.response.error.contains("maximumRequestBodyBytes") ?? false, outcome?.response.error ?? "")
            XCTAssertTrue(server.requests.isEmpty, "nothing reached the server")
        }
    }

    func testWhatAnAnswerAsksOfTheView() throws {
        func outcome(_ body: String, status: Int = 200) -> ServerExchange.Outcome {
            let response = HTTPResponse(url: URL(string: "https://shop.example/a")!, statusCode: status, headerFields: [:])
            return ServerExchange.outcome(of: BoundedDownload.Body(response: response, data: Data(body.utf8)), limits: .default)
        }
        XCTAssertEqual(outcome(#"{"patch": {"changes": []}}"#).answer, .patch(Data(#"{"patch": {"changes": []}}"#.utf8)))
        XCTAssertEqual(outcome(#"{"body": []}"#).answer, .document(Data(#"{"body": []}"#.utf8)))
        let withMessage = outcome(#"{"patch": {"changes": []}, "message": "Removed"}"#)
        XCTAssertEqual(withMessage.answer, .patch(Data(#"{"patch":{"changes":[]}}"#.utf8)), "the patch alone")
        XCTAssertEqual(withMessage.response.body["message"], .string("Removed"), "the message is the actions'")
        XCTAssertEqual(outcome(#"{"body": []}"#, status: 500).answer, .document(Data(#"{"body": []}"#.utf8)),
                       "a server's error page is shown")
        XCTAssertEqual(outcome(#"{"body": []}"#, status: 500).response.ok, false)
        let values = outcome(#"{"state": {"n": 1}, "note": "x"}"#)
        XCTAssertEqual(values.answer, .values(state: ["n": .number(1)], errors: [:]))
        XCTAssertEqual(values.response.body["note"], .string("x"))
        XCTAssertTrue(values.response.ok)
        let refused = outcome(#"{"errors": {"email": "taken"}}"#)
        XCTAssertFalse(refused.response.ok, "messages for the form: the server did not take it")
        XCTAssertEqual(refused.answer, .values(state: [:], errors: ["email": "taken"]))
        let empty = outcome("", status: 204)
        XCTAssertTrue(empty.response.ok)
        XCTAssertEqual(empty.answer, .nothing)
        let text = outcome("not json")
        XCTAssertFalse(text.response.ok)
        XCTAssertEqual(text.response.text, "not json")
        XCTAssertTrue(text.response.error.contains("not JSON"), text.response.error)
        let wrong = outcome(#"{"state": 3, "errors": {"a": 1}}"#)
        XCTAssertEqual(wrong.problems.count, 2, "\(wrong.problems)")
    }
}
