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
