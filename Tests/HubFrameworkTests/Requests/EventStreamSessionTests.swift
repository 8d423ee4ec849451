import Foundation
import XCTest

@testable import HubFramework
import GtkKit
import HubTestSupport

/// A view's event stream against a loopback server: events arrive in order; a dropped stream is
/// opened again with the last event's identifier; a flood, an event of 100 MB and a refused origin
/// each end in a report, never in unbounded memory or a held-up main thread.
final class EventStreamSessionTests: LoopbackServerTestCase, @unchecked Sendable {
    @MainActor
    private final class Listener {
        var deliveries: [EventStreamSession.Delivery] = []
        var reports: [String] = []
        /// The longest the main thread was held by a delivery.
        var batches = 0
    }

    @MainActor
    private func listen(_ path: String, limits: ContentLimits = .default, policy: ServerRequestPolicy? = nil,
                        clientCapabilities: ClientCapabilities? = nil) -> (EventStreamSession?, Listener)
    {
        let listener = Listener()
        let session = EventStreamSession(
            url: server.url(path), documentURL: nil, origin: .local,
            policy: policy ?? ServerRequestPolicy(allowedOrigins: [server.baseURL]), limits: limits,
            clientCapabilities: clientCapabilities, deliver: { deliveries in
                listener.deliveries += deliveries
                listener.batches += 1
            }, report: { listener.reports.append($0) })
        return (session, listener)
    }

    private func stream(_ body: String, chunk: String = ": ping\n", repeats: Int? = nil, interval: TimeInterval = 0.05)
        -> LoopbackHTTPServer.Response
    {
        LoopbackHTTPServer.Response(headers: [("Content-Type", "text/event-stream")], body: Data(body.utf8),
                                    behavior: .stream(chunk: Data(chunk.utf8), repeats: repeats, interval: interval))
    }

    func testEventsArriveInOrderAndAskWhatAnAnswerAsks() throws {
        server.route("/events", stream(#"""
            data: {"state": {"loaves": 1}}

            data: {"patch": {"changes": []}}

            data: not json

            """# + "\n"))
        try MainActor.assumeIsolated {
            let (session, listener) = listen("/events")
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { listener.deliveries.count == 3 })
            guard listener.deliveries.count == 3 else { return }
            XCTAssertEqual(listener.deliveries[0].answer, .values(state: ["loaves": .number(1)], errors: [:]))
            guard case .patch = listener.deliveries[1].answer else { return XCTFail("\(listener.deliveries[1].answer)") }
            XCTAssertEqual(listener.deliveries[2].answer, .nothing)
            XCTAssertTrue(listener.deliveries[2].problems.first?.contains("not JSON") ?? false)
            let request = try XCTUnwrap(server.requests.first)
            XCTAssertEqual(request.headers["accept"] ?? request.headers["Accept"], "text/event-stream")
        }
    }

    func testEachConnectionNamesTheClientAsEveryRequestDoes() throws {
        // Two connections: the first ends, and the second must name the client too.
        server.route("/events", stream("id: 7\ndata: {\"state\": {\"n\": 1}}\n\nretry: 50\n\n", repeats: 0))
        let capabilities = ClientCapabilities(components: ["default:row"], actions: ["default:navigate"])
        MainActor.assumeIsolated {
            let (session, _) = listen("/events", clientCapabilities: capabilities)
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { self.server.requests.count >= 2 }, "opened again")
            for request in server.requests.prefix(2) {
                XCTAssertEqual(request.headers["hub-client"] ?? request.headers["Hub-Client"], capabilities.headerValue)
            }
        }
        // Without capabilities, no header.
        server.route("/plain", stream("data: {}\n\n"))
        MainActor.assumeIsolated {
            let before = server.requests.count
            let (session, _) = listen("/plain")
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { self.server.requests.count > before })
            let request = server.requests[before]
            XCTAssertNil(request.headers["hub-client"] ?? request.headers["Hub-Client"])
        }
    }

    func testADroppedStreamIsOpenedAgainWithTheLastEventsIdentifier() throws {
        // The body, then the connection closes (no chunk repeats).
        server.route("/events", stream("id: 41\ndata: {\"state\": {\"n\": 1}}\n\nretry: 100\n\n", repeats: 0))
        MainActor.assumeIsolated {
            let (session, listener) = listen("/events")
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { self.server.requests.count >= 2 }, "opened again")
            XCTAssertEqual(server.requests[1].headers["last-event-id"] ?? server.requests[1].headers["Last-Event-ID"], "41")
            XCTAssertTrue(listener.reports.first?.contains("opens again in 100 ms") ?? false, "\(listener.reports)")
        }
    }

    func testAServerThatKeepsDroppingIsWaitedForLongerEachTimeThenLeft() throws {
        // Each connection answers and closes at once, without an event or a `retry:` of its own.
        server.route("/events", stream(": hello\n\n", repeats: 0))
        MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumEventStreamReconnects = 2
            let (session, listener) = listen("/events", limits: limits)
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 8) { listener.reports.count == 3 }, "\(listener.reports)")
            guard listener.reports.count == 3 else { return }
            XCTAssertTrue(listener.reports[0].contains("opens again in 1 s"), listener.reports[0])
            XCTAssertTrue(listener.reports[1].contains("opens again in 2 s"), "the wait doubles: \(listener.reports[1])")
            XCTAssertTrue(listener.reports[2].contains("stopped") && listener.reports[2].contains("3 times in a row"),
                          listener.reports[2])
            let opened = server.requests.filter { $0.path == "/events" }.count
            _ = loadingSpin(timeout: 0.5) { false }
            XCTAssertEqual(opened, 3)
            XCTAssertEqual(server.requests.filter { $0.path == "/events" }.count, opened, "left for good")
            XCTAssertEqual(session?.isListening, false)
        }
    }

    func testASessionNobodyHoldsStopsListening() throws {
        server.route("/events", stream("data: {\"state\": {\"n\": 1}}\n\n"))
        MainActor.assumeIsolated {
            var (session, listener) = listen("/events")
            XCTAssertTrue(loadingSpin(timeout: 5) { !listener.deliveries.isEmpty }, "listening")
            // The view controller holds its session alone: when it goes, so does the stream.
            session = nil
            XCTAssertNil(session)
        }
        XCTAssertNotNil(server.waitForDeparture(from: "/events", timeout: 3), "the connection was closed")
    }

    func testAFloodIsCutOffAndNeverQueued() throws {
        // Endless: 50 events per chunk, chunk after chunk.
        server.route("/flood", stream("", chunk: String(repeating: "data: {\"state\": {\"n\": 1}}\n\n", count: 50),
                                      repeats: nil, interval: 0))
        MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumEventsPerSecond = 100
            limits.maximumEventStreamReconnects = 0
            let (session, listener) = listen("/flood", limits: limits)
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { !listener.reports.isEmpty }, "the flood is reported")
            XCTAssertTrue(listener.reports[0].contains("more than 100 events in a second"), listener.reports[0])
            _ = loadingSpin(timeout: 0.3) { false }
            XCTAssertLessThanOrEqual(listener.deliveries.count, 100, "no more than the limit were taken")
            XCTAssertEqual(session?.isListening, false, "no reconnect allowed: it stopped")
            XCTAssertNotNil(server.waitForDeparture(from: "/flood", timeout: 3), "the connection was closed")
        }
    }

    func testAHundredMegabyteEventIsRefusedBeforeItIsHeld() throws {
        server.route("/huge", stream("data: ", chunk: String(repeating: "x", count: 64 * 1024), repeats: 1600, interval: 0))
        MainActor.assumeIsolated {
            var limits = ContentLimits()
            limits.maximumEventStreamReconnects = 0
            let (session, listener) = listen("/huge", limits: limits)
            defer { session?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { !listener.reports.isEmpty })
            XCTAssertTrue(listener.reports[0].contains("larger than 1 MiB"), listener.reports[0])
            XCTAssertTrue(listener.deliveries.isEmpty)
            XCTAssertNotNil(server.waitForDeparture(from: "/huge", timeout: 3), "closed long before 100 MB were sent")
        }
    }

    func testAStreamOnAnotherOriginIsNotOpenedAndA204StopsIt() throws {
        server.route("/stop", LoopbackHTTPServer.Response(status: 204))
        MainActor.assumeIsolated {
            let (refused, listener) = listen("/events", policy: ServerRequestPolicy())
            XCTAssertNil(refused)
            XCTAssertTrue(listener.reports.first?.contains("is not opened") ?? false, "\(listener.reports)")
            XCTAssertTrue(server.requests.isEmpty)
            let (stopped, heard) = listen("/stop")
            defer { stopped?.stop() }
            XCTAssertTrue(loadingSpin(timeout: 5) { !heard.reports.isEmpty })
            XCTAssertTrue(heard.reports[0].contains("204"), heard.reports[0])
            XCTAssertEqual(stopped?.isListening, false)
        }
    }
}
