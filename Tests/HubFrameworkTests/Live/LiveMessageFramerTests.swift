import Foundation
import XCTest
@testable import HubFramework

final class LiveMessageFramerTests: XCTestCase {
    private func payload(_ text: String) -> Data { Data(text.utf8) }

    func testFrameIsABigEndianLengthThenThePayload() {
        let framed = LiveProtocol.frame(payload("{}"))
        XCTAssertEqual(Array(framed), [0, 0, 0, 2, UInt8(ascii: "{"), UInt8(ascii: "}")])
        let big = LiveProtocol.frame(Data(count: 0x01_02_03))
        XCTAssertEqual(Array(big.prefix(4)), [0, 0x01, 0x02, 0x03])
        XCTAssertEqual(big.count, 4 + 0x01_02_03)
    }

    func testAWholeMessageInOneRead() {
        var framer = LiveMessageFramer()
        let output = framer.append(LiveProtocol.frame(payload(#"{"title":"Live!"}"#)))
        XCTAssertEqual(output.messages, [payload(#"{"title":"Live!"}"#)])
        XCTAssertNil(output.error)
        XCTAssertTrue(framer.isIdle)
    }

    func testAMessageSplitAtEveryPossiblePlaceIsDeliveredOnceWhole() {
        let message = payload(#"{"title":"split","body":[{"id":"a"}]}"#)
        let framed = LiveProtocol.frame(message)
        for cut in 0...framed.count {
            var framer = LiveMessageFramer()
            let first = framer.append(framed.prefix(cut))
            XCTAssertTrue(first.messages.isEmpty || cut == framed.count, "cut at \(cut)")
            let second = framer.append(framed.dropFirst(cut))
            XCTAssertEqual(first.messages + second.messages, [message], "cut at \(cut)")
            XCTAssertTrue(framer.isIdle)
        }
    }

    func testOneByteAtATime() {
        let messages = [payload("[1]"), payload(""), payload(#"{"a":true}"#)]
        let stream = messages.map(LiveProtocol.frame).reduce(Data(), +)
        var framer = LiveMessageFramer()
        var received: [Data] = []
        for byte in stream {
            let output = framer.append(Data([byte]))
            XCTAssertNil(output.error)
            received += output.messages
        }
        XCTAssertEqual(received, messages)
    }

    func testSeveralMessagesInOneReadComeOutInOrder() {
        let messages = (0..<5).map { payload("{\"n\":\($0)}") }
        var framer = LiveMessageFramer()
        let output = framer.append(messages.map(LiveProtocol.frame).reduce(Data(), +))
        XCTAssertEqual(output.messages, messages)
    }

    func testAPartialMessageIsReportedAsInProgress() {
        var framer = LiveMessageFramer()
        let framed = LiveProtocol.frame(Data(count: 1000))
        XCTAssertTrue(framer.append(framed.prefix(2)).messages.isEmpty)
        XCTAssertFalse(framer.isIdle)
        XCTAssertNil(framer.currentMessageLength)
        XCTAssertTrue(framer.append(framed[2..<300]).messages.isEmpty)
        XCTAssertEqual(framer.currentMessageLength, 1000)
        XCTAssertEqual(framer.currentMessageReceivedCount, 296)
    }

    func testALargeMessageInRandomChunks() {
        var generator = SystemRandomNumberGenerator()
        let message = Data((0..<(3 * 1024 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let framed = LiveProtocol.frame(message)
        var framer = LiveMessageFramer()
        var received: [Data] = []
        var offset = 0
        while offset < framed.count {
            let size = Int.random(in: 1...70_000, using: &generator)
            let end = min(framed.count, offset + size)
            received += framer.append(framed[offset..<end]).messages
            offset = end
        }
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first, message)
    }

    func testALengthOverTheLimitIsRefusedBeforeItsPayloadIsBuffered() {
        var framer = LiveMessageFramer(maximumMessageSize: 100)
        let good = LiveProtocol.frame(payload("[]"))
        let tooBig = LiveProtocol.frame(Data(count: 101))
        let output = framer.append(good + tooBig.prefix(50))
        XCTAssertEqual(output.messages, [payload("[]")], "messages before the bad prefix are kept")
        XCTAssertEqual(output.error, .messageTooLarge(length: 101, limit: 100))
        XCTAssertEqual(output.consumed, good.count + 4)
        XCTAssertTrue(framer.hasFailed)
        XCTAssertTrue(framer.append(LiveProtocol.frame(payload("[]"))).messages.isEmpty, "a failed framer reads nothing")
        XCTAssertTrue(output.error!.description.contains("at most 100 bytes"), output.error!.description)
    }

    func testAFourGibibytePrefixIsRefusedOnItsFourBytes() {
        var framer = LiveMessageFramer()
        let output = framer.append(Data([0xff, 0xff, 0xff, 0xff, 0x7b]))
        XCTAssertEqual(output.error, .messageTooLarge(length: 4_294_967_295, limit: LiveProtocol.maximumMessageSize))
        XCTAssertEqual(output.consumed, 4, "nothing after the prefix is read")
        XCTAssertEqual(framer.currentMessageReceivedCount, 0)
    }

    func testMessagesOneAtATimeAndALimitRaisedBetweenThem() {
        var framer = LiveMessageFramer(maximumMessageSize: LiveProtocol.maximumTokenMessageSize)
        let token = LiveSessionToken.generate()
        let document = Data(repeating: 0x20, count: 1000)
        let bytes = LiveProtocol.tokenMessage(token) + LiveProtocol.frame(document) + LiveProtocol.frame(payload("[]"))
        let first = framer.append(bytes, maximumMessages: 1)
        XCTAssertEqual(first.messages, [Data(token.text.utf8)])
        XCTAssertEqual(first.consumed, 4 + 64, "stops right after the first message")
        framer.maximumMessageSize = 2000
        let rest = framer.append(bytes.dropFirst(first.consumed))
        XCTAssertNil(rest.error)
        XCTAssertEqual(rest.messages, [document, payload("[]")])
    }

    func testTheDefaultLimitIsSixteenMegabytes() {
        XCTAssertEqual(LiveProtocol.maximumMessageSize, 16 * 1024 * 1024)
        var framer = LiveMessageFramer()
        let exactly = framer.append(Data([0x01, 0x00, 0x00, 0x00]))
        XCTAssertNil(exactly.error, "16 MiB itself is allowed")
        var other = LiveMessageFramer()
        let over = other.append(Data([0x01, 0x00, 0x00, 0x01]))
        XCTAssertEqual(over.error, .messageTooLarge(length: 16 * 1024 * 1024 + 1, limit: 16 * 1024 * 1024))
    }
}

final class LiveReplyTests: XCTestCase {
    func testLinesRoundTrip() {
        let replies: [LiveReply] = [.shown(byteCount: 1234), .invalid(byteCount: 12, summary: "2 problems: a: b; c: d"),
                                    .invalid(byteCount: 0, summary: ""), .refused("the document is 17 MiB")]
        for reply in replies {
            XCTAssertEqual(LiveReply(line: reply.line), reply, reply.line)
            XCTAssertEqual(LiveReply(line: reply.line + "\n"), reply, "a trailing newline is ignored")
        }
        XCTAssertEqual(LiveReply.shown(byteCount: 5).line, "ok 5")
        XCTAssertEqual(LiveReply.refused("x").line, "error x")
    }

    func testRepliesStayOnOneLine() {
        let reply = LiveReply.invalid(byteCount: 3, summary: "first\nsecond\r\nthird")
        XCTAssertFalse(reply.line.contains("\n"))
        XCTAssertEqual(reply.line, "invalid 3 first second third")
    }

    func testOtherLinesAreNotReplies() {
        for line in ["", "ok", "ok x", "HTTP/1.1 400", "invalid", "error"] {
            XCTAssertNil(LiveReply(line: line), line)
        }
    }

    func testSizesReadWell() {
        XCTAssertEqual(LiveProtocol.describeSize(1), "1 byte")
        XCTAssertEqual(LiveProtocol.describeSize(900), "900 bytes")
        XCTAssertEqual(LiveProtocol.describeSize(1536), "1.5 KiB")
        XCTAssertEqual(LiveProtocol.describeSize(17 * 1024 * 1024), "17 MiB")
    }
}
