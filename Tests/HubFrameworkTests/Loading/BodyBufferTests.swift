@testable import HubFramework
import XCTest

final class BodyBufferTests: XCTestCase {
    /// `count` bytes that differ from one 64 KiB chunk to the next, so a misplaced chunk shows.
    private static func chunks(totalling count: Int) -> [Data] {
        stride(from: 0, to: count, by: 64 << 10).map { start in
            Data((start..<min(count, start + (64 << 10))).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) })
        }
    }

    private static func joined(_ chunks: [Data]) -> Data {
        chunks.reduce(into: Data()) { $0.append($1) }
    }

    func testASmallBodyComesBackAsItArrived() {
        let buffer = BodyBuffer(limit: 8 << 20)
        let chunks = Self.chunks(totalling: 300_000)
        for chunk in chunks { buffer.append(chunk) }
        XCTAssertEqual(buffer.count, 300_000)
        XCTAssertEqual(buffer.prefix(1000), Self.joined(chunks).prefix(1000))
        XCTAssertEqual(buffer.takeData(), Self.joined(chunks))
        XCTAssertEqual(buffer.count, 0, "the buffer is empty once its body was taken")
    }

    func testALargeBodyMovesToPagesAndKeepsEveryByteInOrder() {
        let buffer = BodyBuffer(limit: 64 << 20)
        let chunks = Self.chunks(totalling: 5 * BodyBuffer.mappedFrom + 12_345)
        let whole = Self.joined(chunks)
        for (index, chunk) in chunks.enumerated() {
            buffer.append(chunk)
            if index == 20 {
                XCTAssertEqual(buffer.prefix(buffer.count), whole.prefix(buffer.count), "the prefix as it moves")
            }
        }
        XCTAssertEqual(buffer.prefix(3 << 20), whole.prefix(3 << 20))
        XCTAssertEqual(buffer.prefix(Int.max), whole, "a prefix longer than the body is the body")
        let data = buffer.takeData()
        XCTAssertEqual(data.count, whole.count)
        XCTAssertEqual(data, whole)
        // The taken body outlives its buffer, and a copy of it outlives the body.
        let copy = data.subdata(in: 100..<200)
        XCTAssertEqual(copy, whole.subdata(in: 100..<200))
    }

    func testAHugeLimitIsNotReservedAndStillWorks() {
        let buffer = BodyBuffer(limit: Int.max)
        let chunks = Self.chunks(totalling: 3 * BodyBuffer.mappedFrom)
        for chunk in chunks { buffer.append(chunk) }
        XCTAssertEqual(buffer.takeData(), Self.joined(chunks))
    }

    func testABodyCutShortLeavesTheProcessAtOnce() {
        let chunk = Data(repeating: 7, count: 64 << 10)
        let before = HostileDocumentServerTests.residentBytes()
        var buffer: BodyBuffer? = BodyBuffer(limit: 256 << 20)
        for _ in 0..<(128 << 20) / chunk.count { buffer!.append(chunk) }
        let filled = HostileDocumentServerTests.residentBytes()
        XCTAssertGreaterThan(filled - before, 100 << 20, "the body was resident while it arrived")
        buffer = nil
        let after = HostileDocumentServerTests.residentBytes()
        XCTAssertLessThan(after - before, 8 << 20, "\((after - before) >> 20) MiB stayed resident")
    }

    func testATakenBodyIsGivenBackWhenItsLastDataGoes() {
        let chunk = Data(repeating: 9, count: 64 << 10)
        let before = HostileDocumentServerTests.residentBytes()
        var data: Data?
        do {
            let buffer = BodyBuffer(limit: 1 << 30)
            for _ in 0..<(96 << 20) / chunk.count { buffer.append(chunk) }
            data = buffer.takeData()
        }
        XCTAssertEqual(data?.count, 96 << 20)
        XCTAssertEqual(data?.last, 9)
        let held = HostileDocumentServerTests.residentBytes()
        XCTAssertGreaterThan(held - before, 80 << 20)
        XCTAssertLessThan(held - before, 120 << 20, "the body is held once, not joined into a second copy")
        data = nil
        let after = HostileDocumentServerTests.residentBytes()
        XCTAssertLessThan(after - before, 8 << 20, "\((after - before) >> 20) MiB stayed resident")
    }
}
