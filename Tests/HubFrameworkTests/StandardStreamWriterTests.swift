import Foundation
import Glibc
import XCTest
@testable import HubFramework

/// The writer behind every line the app prints: queuing never waits for the reader, a full queue
/// drops and counts lines and says so once it drains, and a reader that is gone stops it silently.
final class StandardStreamWriterTests: XCTestCase {
    private var descriptors: [Int32] = []

    override func tearDown() {
        for fd in descriptors { close(fd) }
        descriptors = []
        super.tearDown()
    }

    /// A pipe: (read end, write end), closed after the test.
    private func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        descriptors += fds
        return (fds[0], fds[1])
    }

    /// Fills the pipe until a write would block; returns how many bytes it took. The write end is
    /// left non-blocking when `keepNonBlocking`, blocking otherwise (as a terminal or shell pipe is).
    private func fill(_ fd: Int32, keepNonBlocking: Bool = false) -> Int {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: UInt8(ascii: "f"), count: 4096)
        var filled = 0
        while true {
            let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            filled += written
        }
        if !keepNonBlocking { _ = fcntl(fd, F_SETFL, flags) }
        return filled
    }

    /// Reads everything from `fd` on a thread of its own until the write end closes.
    private func drain(_ fd: Int32) -> (Thread, Collected) {
        let collected = Collected()
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                collected.append(buffer[0..<count])
            }
            collected.finish()
        }
        thread.start()
        return (thread, collected)
    }

    func testQueuingIntoAFullPipeReturnsAtOnceAndTheDroppedLinesAreCountedAndReported() throws {
        let (readEnd, writeEnd) = try makePipe()
        let prefilled = fill(writeEnd)
        let writer = StandardStreamWriter(descriptor: writeEnd, name: "standard error", capacity: 64 * 1024)
        let line = String(repeating: "x", count: 99)  // 100 bytes with its newline
        var slowest = 0.0
        let start = ProcessInfo.processInfo.systemUptime
        for index in 0..<10_000 {
            let before = ProcessInfo.processInfo.systemUptime
            writer.write(String(format: "%05d", index) + line.dropFirst(5) + "\n")
            slowest = max(slowest, ProcessInfo.processInfo.systemUptime - before)
        }
        let total = ProcessInfo.processInfo.systemUptime - start
        // A blocking write would never return: the pipe is full and nobody reads it yet.
        XCTAssertLessThan(slowest, 0.05, "one line took \(Int(slowest * 1000)) ms to queue")
        XCTAssertLessThan(total, 2, "10,000 lines took \(Int(total * 1000)) ms to queue")
        let kept = 64 * 1024 / 100
        XCTAssertEqual(writer.droppedLineCount, 10_000 - kept, "the queue holds 64 KiB")

        let (thread, collected) = drain(readEnd)
        XCTAssertTrue(writer.waitUntilWritten(timeout: 10), "the queue drains once the pipe is read")
        writer.write("after\n")
        XCTAssertTrue(writer.waitUntilWritten(timeout: 10))
        close(writeEnd)
        descriptors.removeAll { $0 == writeEnd }
        XCTAssertTrue(collected.waitUntilFinished(timeout: 10))
        _ = thread

        let text = collected.text
        XCTAssertEqual(text.prefix(prefilled), Substring(String(repeating: "f", count: prefilled)))
        let lines = text.dropFirst(prefilled).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, kept + 3, "the lines that fit, the report, 'after', and the empty rest")
        XCTAssertEqual(lines.prefix(kept).map { String($0.prefix(5)) }, (0..<kept).map { String(format: "%05d", $0) },
                       "the lines that fit, in order")
        XCTAssertEqual(lines[kept], "\(10_000 - kept) lines dropped: the reader of standard error is too slow")
        XCTAssertEqual(lines[kept + 1], "after")
        XCTAssertEqual(writer.droppedLineCount, 10_000 - kept)
    }

    func testAReaderThatIsGoneStopsTheWriterSilently() throws {
        StandardStreamWriter.ignoreBrokenPipeSignal()  // as the apps do; otherwise SIGPIPE ends the test process
        let (readEnd, writeEnd) = try makePipe()
        close(readEnd)
        descriptors.removeAll { $0 == readEnd }
        let writer = StandardStreamWriter(descriptor: writeEnd, name: "standard output")
        writer.write("nobody reads this\n")
        XCTAssertTrue(writer.waitUntilWritten(timeout: 5))
        XCTAssertTrue(writer.hasStoppedWriting, "EPIPE ends the stream")
        let start = ProcessInfo.processInfo.systemUptime
        for _ in 0..<100_000 { writer.write("and nobody this\n") }
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - start, 2)
        XCTAssertEqual(writer.droppedLineCount, 0, "lines after the end are not 'dropped': there is nobody to tell")
        XCTAssertTrue(writer.waitUntilWritten(timeout: 0))
    }

    /// An open file someone else made non-blocking answers EAGAIN when full: the writer waits for
    /// room and loses nothing.
    func testANonBlockingDescriptorLosesNothing() throws {
        let (readEnd, writeEnd) = try makePipe()
        let prefilled = fill(writeEnd, keepNonBlocking: true)
        let writer = StandardStreamWriter(descriptor: writeEnd, name: "standard error")
        for index in 0..<1000 { writer.write("line \(index)\n") }
        Thread.sleep(forTimeInterval: 0.1)
        let (thread, collected) = drain(readEnd)
        XCTAssertTrue(writer.waitUntilWritten(timeout: 10))
        close(writeEnd)
        descriptors.removeAll { $0 == writeEnd }
        XCTAssertTrue(collected.waitUntilFinished(timeout: 10))
        _ = thread
        XCTAssertEqual(collected.text.dropFirst(prefilled), Substring((0..<1000).map { "line \($0)\n" }.joined()))
        XCTAssertEqual(writer.droppedLineCount, 0)
        XCTAssertFalse(writer.hasStoppedWriting)
    }
}

/// Bytes read on another thread.
private final class Collected: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var isFinished = false

    func append(_ bytes: ArraySlice<UInt8>) { condition.withLock { data.append(contentsOf: bytes) } }

    func finish() {
        condition.withLock {
            isFinished = true
            condition.broadcast()
        }
    }

    func waitUntilFinished(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !isFinished, condition.wait(until: deadline) {}
        return isFinished
    }

    var text: String { condition.withLock { String(decoding: data, as: UTF8.self) } }
}
