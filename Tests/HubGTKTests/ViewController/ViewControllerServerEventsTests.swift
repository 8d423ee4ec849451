import Foundation
import HubFramework
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import HubGTK

/// A view that names an event stream, against a loopback server: its events set the view's state
/// as they come, each batch one render, the window never held up; leaving the view closes the
/// stream, and coming back opens it again.
final class ViewControllerServerEventsTests: GtkTestCase, @unchecked Sendable {
    func testEventsSetTheStateWhileTheViewIsShownAndLeavingClosesTheStream() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // One event every 50 ms, the count going up, then the stream stays open.
        let counter = EventCounter()
        server.route("/oven") { _ in
            let first = counter.next()
            let body = (first..<(first + 5)).map { "data: {\"state\": {\"loaves\": \($0)}}\n\n" }.joined()
            return LoopbackHTTPServer.Response(headers: [("Content-Type", "text/event-stream")], body: Data(body.utf8),
                                               behavior: .stream(chunk: Data(": ping\n".utf8), repeats: nil, interval: 0.05))
        }
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
            let controller = try harness.open { builder in
                XCTAssertEqual(try? builder.addJSON(data: Data(#"""
                    {"state": {"loaves": 0}, "events": "\#(server.url("/oven"))",
                     "body": [{"id": "count", "component": {"id": "default:label"}, "text": {"title": "Loaves: @{loaves}"}}]}
                    """#.utf8)), [])
            }
            controller.serverRequestPolicy = ServerRequestPolicy(allowedOrigins: [server.baseURL])
            // The policy came after the first document: it applies from the next connection on.
            controller.viewDidDisappear()
            controller.viewWillAppear()
            let label = { controller.viewModel?.bodyComponentModels.first?.title }
            pump(until: { label() == "Loaves: 4" }, "the events' values are shown")
            controller.viewDidDisappear()
            XCTAssertNotNil(server.waitForDeparture(from: "/oven", timeout: 3), "leaving the view closed the stream")
            let connections = server.requests.filter { $0.path == "/oven" }.count
            pump(for: 0.3)
            XCTAssertEqual(server.requests.filter { $0.path == "/oven" }.count, connections, "nothing reconnects while away")
            controller.viewWillAppear()
            pump(until: { label() == "Loaves: 9" }, "coming back opens it again")
        }
    }
}

extension ViewControllerServerEventsTests {
    /// A hostile stream in a shown view of a thousand rows: an endless flood of events, then one
    /// event of 100 MB. Each is cut off by its limit while the window keeps turning (no stall over
    /// the tests' bound), and nothing the view held is lost: its rows, the value typed before, and
    /// the view still answers the person.
    func testAFloodAndAHugeEventInAShownViewStallNothingAndLoseNothing() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // Endless: 50 events a chunk, chunk after chunk, as fast as the socket takes them.
        server.route("/flood", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "text/event-stream")], body: Data(),
            behavior: .stream(chunk: Data(String(repeating: "data: {\"state\": {\"n\": 1}}\n\n", count: 50).utf8),
                              repeats: nil, interval: 0)))
        // One event of 100 MB, in 64 KiB chunks.
        server.route("/huge", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "text/event-stream")], body: Data("data: ".utf8),
            behavior: .stream(chunk: Data(repeating: UInt8(ascii: "x"), count: 64 * 1024), repeats: 1600, interval: 0)))
        for path in ["/flood", "/huge"] {
            try onMain {
                let harness = ViewControllerHarness()
                defer { harness.tearDown() }
                try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
                let rows = (0..<1000).map { #"{"id": "r\#($0)", "component": {"id": "default:row"}, "text": {"title": "Row \#($0)"}}"# }
                let controller = try harness.open { builder in
                    XCTAssertEqual(try? builder.addJSON(data: Data(#"""
                        {"state": {"n": 0, "typed": ""}, "events": "\#(server.url(path))",
                         "body": [{"id": "n", "component": {"id": "default:label"}, "text": {"title": "Events: @{n}"}},
                                  {"id": "set", "component": {"id": "default:button"}, "text": {"title": "Set"},
                                   "target": {"actions": [{"type": "set", "variable": "typed", "value": "after"}]}},
                                  \#(rows.joined(separator: ","))]}
                        """#.utf8)), [])
                }
                _ = controller.state.setValue(.string("before"), for: "typed")
                controller.serverRequestPolicy = ServerRequestPolicy(allowedOrigins: [server.baseURL])
                // The policy came after the first document: it applies from the next connection on.
                controller.viewDidDisappear()
                controller.viewWillAppear()
                let stall = pumpMeasuringStalls(until: { server.departures.contains { $0.path == path } }, timeout: 10,
                                                "\(path): the stream is cut off")
                pump(for: 0.2)
                XCTAssertLessThanOrEqual(stall, Self.mainLoopStallBound, "\(path): the window kept turning")
                XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 1002, "\(path): every row is still there")
                XCTAssertEqual(controller.state.value(of: "typed"), .string("before"), "\(path): the state is kept")
                let connections = server.requests.filter { $0.path == path }.count
                pump(for: 0.3)
                XCTAssertEqual(server.requests.filter { $0.path == path }.count, connections, "\(path): not opened again at once (the back-off starts at a second)")
                controller.viewDidDisappear()
            }
        }
    }
}

/// The events a test server has sent so far, across connections.
private final class EventCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            defer { count += 5 }
            return count
        }
    }
}
