import Foundation
import XCTest
@testable import HubFramework

/// The `text/event-stream` format read as it arrives, cut anywhere, within its bound.
final class EventStreamParserTests: XCTestCase {
    private func events(_ chunks: [String], limit: Int = 1 << 20) throws -> [EventStreamParser.Event] {
        var parser = EventStreamParser(maximumEventBytes: limit)
        return try chunks.flatMap { chunk in try parser.feed(Data(chunk.utf8)) }
    }

    func testFieldsLinesAndDispatch() throws {
        let stream = "\u{FEFF}: keep-alive\n\nid: 7\nevent: oven\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata\n\ndata: second\nretry: 2500\n\n"
        let whole = try events([stream])
        XCTAssertEqual(whole, [
            .init(type: "oven", data: "{\"a\":\n1}", lastEventID: "7"),
            .init(type: "message", data: "", lastEventID: "7"),
            .init(type: "message", data: "second", lastEventID: "7"),
        ])
        // Cut at every byte, the same events.
        let bytes = Array(stream.utf8)
        var parser = EventStreamParser(maximumEventBytes: 1 << 20)
        var split: [EventStreamParser.Event] = []
        for byte in bytes { split += try parser.feed(Data([byte])) }
        XCTAssertEqual(split, whole)
        XCTAssertEqual(parser.retryMilliseconds, 2500)
    }

    func testAnEventWithoutItsBlankLineIsNotDispatched() throws {
        XCTAssertEqual(try events(["data: half"]), [])
        XCTAssertEqual(try events(["data: a\n", "\n"]).map(\.data), ["a"])
    }

    func testAnEventOrALineOverTheLimitFailsAsSoonAsItIs() {
        XCTAssertThrowsError(try events(["data: " + String(repeating: "x", count: 200)], limit: 100))
        XCTAssertThrowsError(try events([String(repeating: "data: xxxxxxxxxx\n", count: 20)], limit: 100),
                             "many short data lines add up")
        XCTAssertNoThrow(try events([String(repeating: "data: xxxxxxxxxx\n\n", count: 20)], limit: 100),
                         "each event on its own is within the limit")
    }
}
