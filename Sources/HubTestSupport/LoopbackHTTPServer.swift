import Foundation

import Glibc

/// A small HTTP/1.1 server on 127.0.0.1 (or ::1) for tests that load over the network.
///
/// It listens on an ephemeral port (`port`, `baseURL`), serves the routes a test registers and records
/// every request. A response can be delayed (for timeout tests, interrupted at once by `stop()`), can close
/// the connection without responding, can announce a body and send only part of it, or can stream a body
/// without a length, chunk by chunk (endless, trickling, or generated on the fly such as a gzip bomb,
/// see `Gzip`), or can be sent byte for byte as given (`raw`, for responses that are not valid HTTP).
/// Every connection
/// is answered with `Connection: close`, then closed.
///
/// Plain POSIX sockets (Linux): one accept thread plus one thread per connection. `stop()` wakes every
/// thread through a pipe and shuts the open connections down, then waits for all threads to finish, so a
/// test leaves no thread behind; after `stop()` the port refuses connections. Call it in `tearDown`: the
/// server's threads keep it alive until then.
///
/// On Linux, URLSession truncates request timeouts to whole seconds (below one second it times out at
/// once), so timeout tests should use a timeout of 1 s or more and a longer `delay`.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// server.route("/feed.json", .json(#"{"body": []}"#))
/// server.route("/slow", .text("late", delay: 5))
/// let url = server.url("/feed.json")
/// ...
/// server.stop()   // in tearDown
/// ```
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// What the server does with a request.
    public struct Response: Sendable {
        public enum Behavior: Sendable, Equatable {
            /// Send the status line, headers and the whole body.
            case respond
            /// Read the request, then close the connection without sending anything.
            case closeWithoutResponding
            /// Announce the full `Content-Length` but send only the first `bytes` bytes of the body, then close.
            case truncateBody(afterBytes: Int)
            /// Send the headers without a `Content-Length` (the body ends when the connection closes), then
            /// the body, then `chunk` `repeats` times (nil: until the client goes away or the server
            /// stops), pausing `interval` seconds before each chunk. Endless, trickling and
            /// generated-on-the-fly bodies (a gzip bomb) never exist in memory as a whole.
            case stream(chunk: Data, repeats: Int?, interval: TimeInterval)
            /// Send the headers with the full `Content-Length`, then the body at `bytesPerSecond`, in a
            /// slice every 10 ms (a slow link).
            case throttle(bytesPerSecond: Int)
            /// Send `body` as the whole response, byte for byte, with no status line or header of the
            /// server's own, then close: for responses that are not valid HTTP (a malformed chunk
            /// size, headers past a client's limit). `status` and `headers` are ignored.
            case raw
        }

        public var status: Int
        /// Header fields in order. `Content-Length` and `Connection: close` are added unless present.
        public var headers: [(name: String, value: String)]
        public var body: Data
        /// Seconds to wait before responding (or before closing, for `.closeWithoutResponding`).
        public var delay: TimeInterval
        public var behavior: Behavior

        public init(
            status: Int = 200,
            headers: [(name: String, value: String)] = [],
            body: Data = Data(),
            delay: TimeInterval = 0,
            behavior: Behavior = .respond
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.behavior = behavior
        }

        public static func text(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> Response {
            Response(
                status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8),
                delay: delay)
        }

        public static func json(_ json: String, status: Int = 200, delay: TimeInterval = 0) -> Response {
            Response(status: status, headers: [("Content-Type", "application/json")], body: Data(json.utf8), delay: delay)
        }

        public static func data(_ data: Data, contentType: String, status: Int = 200) -> Response {
            Response(status: status, headers: [("Content-Type", contentType)], body: data)
        }

        public static let notFound = Response.text("not found", status: 404)

        /// `bytes` as the whole response, status line and headers included (see `Behavior.raw`).
        public static func raw(_ bytes: Data) -> Response {
            Response(body: bytes, behavior: .raw)
        }
    }

    /// A request as received.
    public struct Request: Sendable {
        public var method: String
        /// Path and query as sent, e.g. `/feed?page=2`.
        public var target: String
        /// Header fields with lowercased names (the last one wins when a name repeats).
        public var headers: [String: String]
        public var body: Data

        /// The target without its query.
        public var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

        /// The query (after `?`), or nil.
        public var query: String? {
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count > 1 ? String(parts[1]) : nil
        }
    }

    public enum ServerError: Error, CustomStringConvertible {
        case system(String, Int32)

        public var description: String {
            switch self {
            case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The port the server listens on (chosen by the system).
    public let port: UInt16

    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = NSCondition()
    // Guarded by `state`.
    private var routes: [String: @Sendable (Request) -> Response] = [:]
    private var log: [Request] = []
    private var departureLog: [(path: String, uptime: TimeInterval)] = []
    private var openConnections: Set<Int32> = []
    private var runningThreads = 0
    private var stopping = false
    private var stopped = false

    /// Largest request head and body accepted; larger requests get 413 and the connection is closed.
    private static let maximumHeadBytes = 64 * 1024
    private static let maximumBodyBytes = 16 * 1024 * 1024
    /// How long a connection may take to send its request.
    private static let readTimeout: TimeInterval = 10

    /// The address listened on: `127.0.0.1`, or `::1` for a server made with `ipv6`.
    public let host: String

    /// A server on an ephemeral port, or on `port` (to bring a stopped server back at its address),
    /// on the IPv4 loopback address or, with `ipv6`, the IPv6 one.
    public init(port requested: UInt16 = 0, ipv6: Bool = false) throws {
        host = ipv6 ? "::1" : "127.0.0.1"
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw ServerError.system("pipe", errno) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        Self.closeOnExec(wakeRead)
        Self.closeOnExec(wakeWrite)

        let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, socketType, 0)
        guard fd >= 0 else {
            let code = errno
            close(wakeRead)
            close(wakeWrite)
            throw ServerError.system("socket", code)
        }
        func fail(_ call: String) -> ServerError {
            let code = errno
            close(fd)
            close(pipeEnds[0])
            close(pipeEnds[1])
            return ServerError.system(call, code)
        }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))

        let bound: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = requested.bigEndian
            guard inet_pton(AF_INET6, "::1", &address.sin6_addr) == 1 else { throw fail("inet_pton") }
            bound = Self.bind(fd, to: &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = requested.bigEndian
            guard inet_pton(AF_INET, "127.0.0.1", &address.sin_addr) == 1 else { throw fail("inet_pton") }
            bound = Self.bind(fd, to: &address)
        }
        guard bound == 0 else { throw fail("bind") }
        guard listen(fd, 64) == 0 else { throw fail("listen") }

        // The port is at the same place in both address structures.
        var boundAddress = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        port = UInt16(bigEndian: boundAddress.sin6_port)
        listener = fd

        runningThreads = 1
        let thread = Thread { [self] in
            Thread.current.name = "LoopbackHTTP-a"  // named from inside: corelibs applies it to the running thread
            acceptLoop()
        }
        thread.start()
    }

    deinit {
        stop()
    }

    /// `bind(2)` with an IPv4 or IPv6 socket address.
    private static func bind<Address>(_ socket: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socket, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// `http://127.0.0.1:<port>` (`http://[::1]:<port>` over IPv6).
    public var baseURL: URL { URL(string: "http://\(urlHost):\(port)")! }

    /// `host` as it is written in a URL (an IPv6 address in brackets).
    private var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    /// `baseURL` with `path` (which should start with `/`, and may carry a query).
    public func url(_ path: String) -> URL { URL(string: "http://\(urlHost):\(port)\(path)")! }

    /// Serves `response` for requests whose path (without query) is `path`, whatever the method.
    public func route(_ path: String, _ response: Response) {
        route(path) { _ in response }
    }

    /// Serves what `handler` returns for requests to `path`. Runs on a connection thread.
    public func route(_ path: String, handler: @escaping @Sendable (Request) -> Response) {
        state.lock()
        routes[path] = handler
        state.unlock()
    }

    /// Every request received so far, in arrival order.
    public var requests: [Request] {
        state.lock()
        defer { state.unlock() }
        return log
    }

    /// Clients that went away before their response was complete (they closed or reset the
    /// connection while the server waited to answer or was sending): each request's path and the
    /// moment the server noticed, on the `ProcessInfo.systemUptime` clock, in order.
    public var departures: [(path: String, uptime: TimeInterval)] {
        state.lock()
        defer { state.unlock() }
        return departureLog
    }

    /// Waits until a client of `path` has gone away before its response was complete, and returns
    /// when the server noticed (`ProcessInfo.systemUptime`); nil after `timeout` seconds.
    public func waitForDeparture(from path: String, timeout: TimeInterval = 5) -> TimeInterval? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        while true {
            if let departure = departureLog.first(where: { $0.path == path }) { return departure.uptime }
            if !state.wait(until: deadline) { return departureLog.first(where: { $0.path == path })?.uptime }
        }
    }

    /// Waits until at least `count` requests have arrived; false on timeout.
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        while log.count < count {
            if !state.wait(until: deadline) { return log.count >= count }
        }
        return true
    }

    /// Waits until no connection is open (every response sent, or abandoned because the client went
    /// away); false on timeout.
    public func waitForIdle(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        while !openConnections.isEmpty {
            if !state.wait(until: deadline) { return openConnections.isEmpty }
        }
        return true
    }

    /// Stops accepting, aborts delayed responses, closes open connections and waits (up to 5 seconds) for
    /// every server thread to finish. Idempotent.
    public func stop() {
        state.lock()
        if stopped {
            state.unlock()
            return
        }
        stopping = true
        for fd in openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
        state.unlock()

        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // the pipe stays readable: every poll() returns from now on

        let deadline = Date(timeIntervalSinceNow: 5)
        state.lock()
        while runningThreads > 0 {
            if !state.wait(until: deadline) { break }
        }
        let leftover = runningThreads
        stopped = true
        state.unlock()
        if leftover == 0 {
            close(wakeRead)
            close(wakeWrite)
        }
        // Otherwise a stuck thread may still poll the pipe; leaving two descriptors open is the safe choice.
    }

    // MARK: - Threads

    private func threadFinished() {
        state.lock()
        runningThreads -= 1
        state.broadcast()
        state.unlock()
    }

    private func acceptLoop() {
        defer {
            close(listener)
            threadFinished()
        }
        while true {
            guard waitReadable(listener, timeout: nil) else { return }
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
                return
            }
            Self.closeOnExec(connection)
            state.lock()
            if stopping {
                state.unlock()
                close(connection)
                return
            }
            openConnections.insert(connection)
            runningThreads += 1
            state.unlock()
            let thread = Thread { [self] in
                Thread.current.name = "LoopbackHTTP-c"
                serve(connection)
            }
            thread.start()
        }
    }

    /// Waits until `fd` is readable. False when the server is stopping, on error, or after `timeout`.
    private func waitReadable(_ fd: Int32, timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { return false }
                milliseconds = Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up))
            }
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[1].revents != 0 { return false }
            if fds[0].revents != 0 { return true }
            if ready == 0, deadline != nil { return false }
        }
    }

    /// Sleeps for `seconds` unless the server stops first; false when it stopped.
    private func pause(_ seconds: TimeInterval) -> Bool {
        pause(seconds, watching: nil)
    }

    /// Sleeps for `seconds` unless the server stops first or the client of `connection` hangs up;
    /// false then.
    private func pause(_ seconds: TimeInterval, watching connection: Int32?) -> Bool {
        guard seconds > 0 else { return true }
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        // POLLRDHUP (0x2000, which Glibc's module leaves out without _GNU_SOURCE): the client closed
        // its end; a request body or pipelined bytes do not count.
        if let connection { fds.append(pollfd(fd: connection, events: Int16(0x2000), revents: 0)) }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return true }
            let ready = poll(&fds, nfds_t(fds.count), Int32((remaining * 1000).rounded(.up)))
            if ready > 0 { return false }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.lock()
            openConnections.remove(connection)
            state.broadcast()
            state.unlock()
            close(connection)
            threadFinished()
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        guard let request = readRequest(connection) else { return }
        state.lock()
        log.append(request)
        state.broadcast()
        let handler = routes[request.path]
        state.unlock()

        let response = handler?(request) ?? .notFound
        guard pause(response.delay, watching: connection) else {
            if !isStopping { departed(request) }
            return
        }
        switch response.behavior {
        case .closeWithoutResponding:
            return
        case .raw:
            guard transmit(connection, response.body) else { return departed(request) }
        case .respond:
            guard transmit(connection, head(for: response)),
                request.method == "HEAD" || transmit(connection, response.body)
            else { return departed(request) }
        case .truncateBody(let bytes):
            transmit(connection, head(for: response))
            transmit(connection, response.body.prefix(max(0, bytes)))
        case .throttle(let rate):
            guard transmit(connection, head(for: response)) else { return departed(request) }
            let slice = max(1, rate / 100)
            var offset = response.body.startIndex
            while offset < response.body.endIndex {
                let end = min(offset + slice, response.body.endIndex)
                guard transmit(connection, response.body[offset..<end]) else { return departed(request) }
                offset = end
                guard offset == response.body.endIndex || pause(0.01, watching: connection) else {
                    if !isStopping { departed(request) }
                    return
                }
            }
        case .stream(let chunk, let repeats, let interval):
            var sent = 0
            guard transmit(connection, head(for: response)), transmit(connection, response.body) else {
                return departed(request)
            }
            while repeats.map({ sent < $0 }) ?? true {
                guard pause(interval, watching: connection) else {
                    if !isStopping { departed(request) }
                    return
                }
                guard transmit(connection, chunk) else { return departed(request) }
                sent += 1
            }
        }
        shutdown(connection, Int32(SHUT_WR))
        // Let the client read everything before the close (a close with unread input would reset).
        drain(connection)
    }

    private var isStopping: Bool {
        state.lock()
        defer { state.unlock() }
        return stopping
    }

    /// Notes that the client of `request` went away before its response was complete.
    private func departed(_ request: Request) {
        let now = ProcessInfo.processInfo.systemUptime
        state.lock()
        departureLog.append((request.path, now))
        state.broadcast()
        state.unlock()
    }

    private func head(for response: Response) -> Data {
        var lines = ["HTTP/1.1 \(response.status) \(Self.reason(response.status))"]
        let names = Set(response.headers.map { $0.name.lowercased() })
        for (name, value) in response.headers { lines.append("\(name): \(value)") }
        let streamed: Bool
        if case .stream = response.behavior { streamed = true } else { streamed = false }
        if !names.contains("content-length") && !streamed { lines.append("Content-Length: \(response.body.count)") }
        if !names.contains("connection") { lines.append("Connection: close") }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Reads the request head and body. Nil when the client goes away, the server stops, the request is
    /// malformed (answered with 400) or too large (413).
    private func readRequest(_ connection: Int32) -> Request? {
        var buffer = Data()
        let deadline = Date(timeIntervalSinceNow: Self.readTimeout)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard buffer.count <= Self.maximumHeadBytes else {
                reject(connection, status: 413)
                return nil
            }
            guard receive(connection, into: &buffer, deadline: deadline) else { return nil }
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd, let head = String(data: buffer[..<headEnd.lowerBound], encoding: .utf8) else {
            reject(connection, status: 400)
            return nil
        }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            reject(connection, status: 400)
            return nil
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else {
                reject(connection, status: 400)
                return nil
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"] != nil {
            reject(connection, status: 501)  // chunked request bodies are not supported
            return nil
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        guard length >= 0, length <= Self.maximumBodyBytes else {
            reject(connection, status: 413)
            return nil
        }
        if length > 0, headers["expect"]?.lowercased() == "100-continue" {
            transmit(connection, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        var body = Data(buffer[headEnd.upperBound...])
        while body.count < length {
            guard receive(connection, into: &body, deadline: deadline) else { return nil }
        }
        return Request(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
            body: body.prefix(length))
    }

    /// Appends what is available (waiting up to `deadline`); false on end of stream, error, stop or timeout.
    private func receive(_ connection: Int32, into buffer: inout Data, deadline: Date) -> Bool {
        guard waitReadable(connection, timeout: deadline.timeIntervalSinceNow) else { return false }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func reject(_ connection: Int32, status: Int) {
        transmit(connection, head(for: .text(Self.reason(status), status: status)))
        transmit(connection, Data(Self.reason(status).utf8))
        shutdown(connection, Int32(SHUT_WR))
    }

    /// Reads and discards input until the client closes (at most one second).
    private func drain(_ connection: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        let deadline = Date(timeIntervalSinceNow: 1)
        while waitReadable(connection, timeout: deadline.timeIntervalSinceNow) {
            let count = scratch.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }

    /// Sends all of `data`, giving up on error (the client went away) or after the send timeout; false then.
    @discardableResult
    private func transmit(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var offset = 0
            while offset < bytes.count {
                let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Keeps the descriptor out of child processes a test might spawn.
    private static func closeOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 413: return "Content Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status \(status)"
        }
    }
}
