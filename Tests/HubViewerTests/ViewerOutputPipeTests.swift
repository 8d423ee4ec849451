import Foundation
import Glibc
import HubGTKTestSupport
import XCTest

/// The viewer's output goes to pipes whose reader may stop reading or go away: `hub-viewer
/// --log-impressions … 2>&1 | head -1`, a terminal that is paused, a test. Neither may end or stall
/// the viewer (docs/security.md, "Logging"). Each test runs the real binary with `--screenshot`,
/// which exits once the view has loaded and settled, on a document whose rows log impressions at
/// 0, 300 and 500 ms.
final class ViewerOutputPipeTests: XCTestCase {
    private var directory: URL!
    private var descriptors: [Int32] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            ChildProcess.executable("hub-viewer") != nil
        else { throw XCTSkip("needs the viewer binary, a display and a session bus (make test)") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("""
            {"title": "Bakery", "body": [
              {"id": "croissant", "component": {"id": "default:row"}, "text": {"title": "Croissant"},
               "logging": {"item": "croissant", "impression": {"durationMilliseconds": 0}}},
              {"id": "baguette", "component": {"id": "default:row"}, "text": {"title": "Baguette"},
               "logging": {"item": "baguette", "impression": {"durationMilliseconds": 300}}},
              {"id": "brioche", "component": {"id": "default:row"}, "text": {"title": "Brioche"},
               "logging": {"item": "brioche", "impression": {"durationMilliseconds": 500}}}
            ]}
            """.utf8).write(to: documentURL)
    }

    override func tearDownWithError() throws {
        for fd in descriptors { close(fd) }
        descriptors = []
        if let directory { try? FileManager.default.removeItem(at: directory) }
        try super.tearDownWithError()
    }

    private var documentURL: URL { directory.appendingPathComponent("bakery.json") }
    private var pictureURL: URL { directory.appendingPathComponent("bakery.png") }

    /// A pipe: (read end, write end), closed after the test unless the test closes an end itself
    /// (``closeEnd(_:)``).
    private func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        descriptors += fds
        return (fds[0], fds[1])
    }

    private func closeEnd(_ fd: Int32) {
        close(fd)
        descriptors.removeAll { $0 == fd }
    }

    private func screenshot(standardError: Int32) throws -> ChildProcess {
        let viewer = try XCTUnwrap(ChildProcess.executable("hub-viewer"))
        return try ChildProcess(viewer, arguments: ["--screenshot", pictureURL.path, "--size", "640x480",
                                                    "--log-impressions", documentURL.path],
                                standardError: standardError)
    }

    /// `| head -1`: the reader takes the first line and goes; the impressions after it fail to be
    /// written (EPIPE). The viewer used to die of that (SIGPIPE, or SIGILL where GLib ignores
    /// SIGPIPE and `FileHandle.write` traps on the error).
    func testAReaderThatGoesAfterTheFirstLineNeitherEndsNorStallsTheViewer() throws {
        let (readEnd, writeEnd) = try makePipe()
        let child = try screenshot(standardError: writeEnd)
        closeEnd(writeEnd)
        var first = [UInt8]()
        var byte: UInt8 = 0
        let deadline = Date().addingTimeInterval(30)
        while !first.contains(UInt8(ascii: "\n")), Date() < deadline {
            var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            guard read(readEnd, &byte, 1) == 1 else { break }
            first.append(byte)
        }
        closeEnd(readEnd)
        XCTAssertTrue(String(decoding: first, as: UTF8.self).hasPrefix("impression body[0] id=croissant"),
                      String(decoding: first, as: UTF8.self))
        child.waitUntilDone(timeout: 30)
        XCTAssertEqual(child.exitStatus, 0, "the viewer finished its screenshot: \(child.standardOutput.text)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictureURL.path))
    }

    /// A reader that never reads: the pipe is full before the viewer starts, so every write to it
    /// would block. The viewer used to freeze at the first impression, for good; now its main loop
    /// goes on, the screenshot is taken, and the process exits after waiting a bounded time
    /// (`StandardStreamWriter.exitWaitLimit`, 2 s) for the lines it could not write.
    func testAReaderThatNeverReadsDoesNotStallTheViewer() throws {
        let (_, writeEnd) = try makePipe()
        // Fill the pipe, then make its end blocking again, as a shell's pipe is.
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: UInt8(ascii: "f"), count: 4096)
        while chunk.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(writeEnd, F_SETFL, flags)

        let start = Date()
        let child = try screenshot(standardError: writeEnd)
        closeEnd(writeEnd)
        child.waitUntilDone(timeout: 40)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(child.exitStatus, 0, "the viewer finished its screenshot: \(child.standardOutput.text)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictureURL.path))
        // A screenshot takes a few seconds (load, 0.8 s to settle), the wait at exit 2 s more.
        XCTAssertLessThan(elapsed, 20, "the viewer took \(Int(elapsed)) s")
    }

    /// `hub-viewer --help | true`: standard output's reader is gone before anything is written.
    func testHelpToAPipeWithoutAReaderExitsNormally() throws {
        let (readEnd, writeEnd) = try makePipe()
        closeEnd(readEnd)
        let viewer = try XCTUnwrap(ChildProcess.executable("hub-viewer"))
        let child = try ChildProcess(viewer, arguments: ["--help"], standardOutput: writeEnd)
        closeEnd(writeEnd)
        child.waitUntilDone(timeout: 20)
        XCTAssertEqual(child.exitStatus, 0, child.standardError.text)
        XCTAssertEqual(child.standardError.text, "")
    }
}
