import Foundation
import Glibc
import HubGTK
import HubGTKTestSupport
import XCTest

/// GtkKit's typed sockets, which the live-editing service is built on: a loopback server, a peek
/// that leaves the bytes in the socket, asynchronous reads and writes, and close() reporting
/// cancellation apart from failures.
final class LoopbackServerTests: GtkTestCase, @unchecked Sendable {
    /// A blocking client socket connected to 127.0.0.1:`port` (the kernel completes the connect
    /// before the server accepts it, so the main thread does not wait for the server).
    private func connectClient(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(result, 0, "connect to 127.0.0.1:\(port)")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)), bytes.count)
    }

    func testPeekLeavesTheBytesForTheReadAndWritesReachTheClient() throws {
        try onMain {
            var accepted: [StreamConnection] = []
            let server = LoopbackServer { accepted.append($0) }
            let port = try server.start(onPort: 0)
            XCTAssertNotEqual(port, 0)
            XCTAssertEqual(server.port, port)
            XCTAssertTrue(server.isListening)
            let client = try connectClient(port: port)
            defer { close(client) }
            pump(until: { !accepted.isEmpty }, "the connection to be accepted")
            let connection = try XCTUnwrap(accepted.first)
            XCTAssertTrue(connection.isPeerLoopback)
            XCTAssertEqual(connection.peek(upTo: 5), Data(), "nothing has arrived yet")

            send(client, "hello")
            pump(until: { connection.peek(upTo: 16).count == 5 }, "the bytes to arrive")
            XCTAssertEqual(connection.peek(upTo: 3), Data("hel".utf8))
            XCTAssertEqual(connection.peek(upTo: 16), Data("hello".utf8), "peeking took nothing")

            var read: Result<Data, StreamError>?
            connection.read(upTo: 64) { read = $0 }
            XCTAssertTrue(connection.isReading)
            XCTAssertNil(read, "completions run on a later main-loop turn")
            pump(until: { read != nil }, "the read")
            XCTAssertEqual(try read?.get(), Data("hello".utf8))
            XCTAssertFalse(connection.isReading)

            var written: Result<Void, StreamError>?
            connection.write(Data("world\n".utf8)) { written = $0 }
            pump(until: { written != nil }, "the write")
            XCTAssertNoThrow(try written?.get())
            var answer = [UInt8](repeating: 0, count: 16)
            XCTAssertEqual(recv(client, &answer, answer.count, 0), 6)
            XCTAssertEqual(String(decoding: answer.prefix(6), as: UTF8.self), "world\n")

            // The client hangs up: the next read returns no bytes.
            shutdown(client, Int32(SHUT_WR))
            read = nil
            connection.read(upTo: 64) { read = $0 }
            pump(until: { read != nil }, "the end of the stream")
            XCTAssertEqual(try read?.get(), Data())
            connection.close()
            server.stop()
            XCTAssertFalse(server.isListening)
            XCTAssertNil(server.port)
        }
    }

    func testCloseCancelsThePendingReadAndLaterOperationsAreCancelledToo() throws {
        try onMain {
            var accepted: [StreamConnection] = []
            let server = LoopbackServer { accepted.append($0) }
            let client = try connectClient(port: try server.start(onPort: 0))
            defer { close(client) }
            pump(until: { !accepted.isEmpty }, "the connection to be accepted")
            let connection = accepted.removeFirst()

            var read: Result<Data, StreamError>?
            connection.read(upTo: 64) { read = $0 }
            connection.close()
            XCTAssertTrue(connection.isClosed)
            pump(until: { read != nil }, "the cancelled read")
            guard case .failure(.cancelled) = read else { return XCTFail("expected cancelled, got \(String(describing: read))") }

            var written: Result<Void, StreamError>?
            connection.write(Data("late".utf8)) { written = $0 }
            XCTAssertNil(written, "completions run on a later main-loop turn")
            pump(until: { written != nil }, "the write after close")
            guard case .failure(.cancelled) = written else { return XCTFail("expected cancelled, got \(String(describing: written))") }

            // The socket closed once the cancelled read had returned: the client reads the end.
            var byte: UInt8 = 0
            XCTAssertEqual(recv(client, &byte, 1, 0), 0)
        }
    }

    func testATakenPortIsAnErrorWithGIOsReason() throws {
        try onMain {
            let first = LoopbackServer()
            let port = try first.start(onPort: 0)
            let second = LoopbackServer()
            XCTAssertThrowsError(try second.start(onPort: port)) { error in
                XCTAssertFalse((error as? GLibError)?.message.isEmpty ?? true, "\(error)")
            }
            XCTAssertFalse(second.isListening)
            XCTAssertNil(second.port)
            XCTAssertEqual(StreamError.cancelled.description, "cancelled")
        }
    }
}
