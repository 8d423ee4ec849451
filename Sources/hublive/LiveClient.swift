import Foundation
import Glibc
import HubFramework

/// Why a document could not be delivered to the viewer.
enum LiveClientError: Error, CustomStringConvertible {
    case cannotResolve(host: String, reason: String)
    case cannotConnect(host: String, port: UInt16, reason: String, refused: Bool)
    case connectionLost(String)
    case timedOut(String)
    case unexpectedReply(String)
    case noToken(LiveTokenFileError, port: UInt16)

    var description: String {
        switch self {
        case .cannotResolve(let host, let reason):
            return "cannot resolve the host \(host): \(reason)"
        case .cannotConnect(let host, let port, let reason, _):
            return "cannot connect to the live service at \(host):\(port) (\(reason))"
        case .connectionLost(let reason):
            return "the viewer closed the connection without answering (\(reason))"
        case .timedOut(let what):
            return "the viewer did not answer in time (\(what))"
        case .unexpectedReply(let line):
            return "the viewer sent an answer hublive does not understand: \(line)"
        case .noToken(let error, let port):
            return error.isMissing
                ? "no session token at \(error.path): something listens on port \(port), but not a viewer of this "
                    + "version run by you (the viewer writes the token when its live service starts)"
                : "cannot use the session token: \(error)"
        }
    }

    /// True when nothing listens on the port: the viewer is not running (or live editing is off).
    var isRefused: Bool {
        if case .cannotConnect(_, _, _, let refused) = self { return refused }
        return false
    }
}

/// Sends one document per connection to the viewer's live service, after the session token, and
/// reads its one-line answer (protocol: `LiveProtocol`). Blocking POSIX sockets with timeouts; no
/// threads.
struct LiveClient {
    var host: String
    var port: UInt16
    /// The file with the viewer's session token, read again for every push (a restarted viewer
    /// has a new one).
    var tokenFile: URL
    /// Seconds to wait for the connection.
    var connectTimeout: Double = 5
    /// Seconds a single send or receive may block (the viewer parses the document before it answers).
    var ioTimeout: Double = 60

    func push(_ document: Data) throws(LiveClientError) -> LiveReply {
        let socket = try connect()
        defer { close(socket) }
        // Read after connecting, so a viewer that is not running is reported as such.
        let token: LiveSessionToken
        do {
            token = try LiveTokenFile.read(at: tokenFile)
        } catch {
            throw .noToken(error, port: port)
        }
        // The token first, then the document, in one go.
        let framed = LiveProtocol.tokenMessage(token) + LiveProtocol.frame(document)
        var sendFailure: String?
        framed.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(socket, raw.baseAddress!.advanced(by: offset), raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    sendFailure = errno == EAGAIN || errno == EWOULDBLOCK ? "timeout" : String(cString: strerror(errno))
                    return
                }
                offset += sent
            }
        }
        if sendFailure == "timeout" { throw .timedOut("sending \(LiveProtocol.describeSize(document.count))") }
        // Even when sending failed (the viewer refused the message and hung up), it may have
        // answered first: read what it said.
        let line = try readLine(from: socket, sendFailure: sendFailure)
        guard let reply = LiveReply(line: line) else { throw .unexpectedReply(line) }
        return reply
    }

    private func readLine(from socket: Int32, sendFailure: String?) throws(LiveClientError) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !bytes.contains(UInt8(ascii: "\n")) {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut("waiting for the answer") }
                throw .connectionLost(sendFailure ?? String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > 1 << 20 { throw .unexpectedReply("(more than 1 MB without a line break)") }
        }
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            throw .connectionLost(sendFailure ?? "no answer")
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// A connected socket, trying every address the host resolves to.
    private func connect() throws(LiveClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotResolve(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastReason = "no address"
        var refused = false
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let info = node {
            node = info.pointee.ai_next
            let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                                      info.pointee.ai_protocol)
            guard socket >= 0 else {
                lastReason = String(cString: strerror(errno))
                continue
            }
            switch connect(socket, to: info.pointee.ai_addr, length: info.pointee.ai_addrlen) {
            case .connected:
                setTimeout(socket, SO_SNDTIMEO, ioTimeout)
                setTimeout(socket, SO_RCVTIMEO, ioTimeout)
                return socket
            case .failed(let code):
                lastReason = code == ETIMEDOUT ? "timed out" : String(cString: strerror(code))
                refused = refused || code == ECONNREFUSED
                close(socket)
            }
        }
        throw .cannotConnect(host: host, port: port, reason: lastReason, refused: refused)
    }

    private enum ConnectResult { case connected, failed(Int32) }

    /// A non-blocking connect bounded by `connectTimeout`; the socket is blocking again afterwards.
    private func connect(_ socket: Int32, to address: UnsafeMutablePointer<sockaddr>, length: socklen_t)
        -> ConnectResult
    {
        let flags = fcntl(socket, F_GETFL)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(socket, F_SETFL, flags) }
        if Glibc.connect(socket, address, length) == 0 { return .connected }
        guard errno == EINPROGRESS else { return .failed(errno) }
        var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        let deadline = Date().addingTimeInterval(connectTimeout)
        while true {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&descriptor, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return .failed(ETIMEDOUT) }
            break
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &size)
        return error == 0 ? .connected : .failed(error)
    }

    private func setTimeout(_ socket: Int32, _ option: Int32, _ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}
