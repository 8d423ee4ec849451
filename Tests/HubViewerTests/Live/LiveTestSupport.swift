import Foundation
import Glibc
import HubFramework
import HubGTKTestSupport
import XCTest

/// A plain TCP client on a background thread, for what `hublive` never does (cut a message
/// short, announce a huge one).
enum RawLiveClient {
    /// Connects to 127.0.0.1:`port`; -1 on failure.
    static func connect(port: UInt16, host: String = "127.0.0.1") -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            close(socket)
            return -1
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Sends everything; false when the peer went away.
    @discardableResult
    static func send(_ socket: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(socket, raw.baseAddress!.advanced(by: offset), raw.count - offset,
                                      Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// One push as `hublive` makes it: the token, the document, the answer line; nil when the
    /// viewer closed the connection without answering.
    static func push(port: UInt16, token: Data, document: Data) -> String? {
        let socket = connect(port: port)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        send(socket, token + LiveProtocol.frame(document))
        return readLine(socket)
    }

    /// Reads one line (without its newline); nil when the peer closed first (or 30 s passed).
    static func readLine(_ socket: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while recv(socket, &byte, 1, 0) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// Waits until the peer has closed the connection (reading and dropping what it sent); false
    /// when it is still open after `timeout` seconds.
    static func waitUntilClosedByPeer(_ socket: Int32, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return true }
            if count < 0 && errno != EAGAIN && errno != EINTR { return true }  // reset counts as closed
        }
    }

    /// Reads until the peer closes (or 30 s pass).
    static func readAll(_ socket: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A result filled in on a background thread and read on the main thread.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// JSON documents for the tests.
enum LiveFixtures {
    /// A view with a title and `count` rows (`row-N`), every title prefixed with `prefix`.
    static func rows(_ count: Int, title: String = "Live rows", prefix: String = "Row", subtitle: String = "")
        -> Data
    {
        var rows: [String] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let sub = subtitle.isEmpty ? "" : #","subtitle":"\#(subtitle) \#(index)""#
            rows.append(#"{"id":"row-\#(index)","component":{"id":"default:row"},"text":{"title":"\#(prefix) \#(index)"\#(sub)}}"#)
        }
        return Data("{\n\"title\": \"\(title)\",\n\"body\": [\n\(rows.joined(separator: ",\n"))\n]\n}\n".utf8)
    }
}

/// What the test process holds: resident memory, open descriptors, threads (from /proc/self).
struct ProcessResources: CustomStringConvertible {
    var residentBytes: Int
    var openDescriptors: Int
    var threads: Int

    static func now() -> ProcessResources {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        return ProcessResources(residentBytes: pages * Int(sysconf(Int32(_SC_PAGESIZE))),
                                openDescriptors: descriptors, threads: threads)
    }

    var description: String {
        "RSS \(residentBytes / (1024 * 1024)) MB, \(openDescriptors) fds, \(threads) threads"
    }
}
