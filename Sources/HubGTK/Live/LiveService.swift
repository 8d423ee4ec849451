import CGtk
import Foundation
import GtkKit
import HubFramework
import Logging

/// Receives what clients of a `LiveService` send.
@MainActor
public protocol LiveServiceDelegate: AnyObject {
    /// A whole message arrived. Returns the answer for the client.
    func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply
    /// A document was refused before it was read (it is too large). Returns the answer for the client.
    /// Not called for connections without the right session token: those have no effect at all.
    func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply
}

/// Why the live service could not start.
public struct LiveServiceError: Error, CustomStringConvertible {
    /// The port asked for.
    public let port: UInt16
    /// GIO's explanation (the port is taken, for instance).
    public let reason: String

    /// The address and the reason.
    public var description: String {
        "cannot listen on \(LiveProtocol.loopbackHost):\(port): \(reason)"
    }
}

/// The live-editing service (what `hublive` talks to): a `GSocketService` listening on 127.0.0.1
/// only, speaking the length-prefixed protocol of `LiveProtocol` (docs/live-editing.md). The
/// viewer runs one; any application that shows a `LiveDocument` can.
///
/// **Only its owner gets in.** Each `start(onPort:token:)` makes a new session token (``token``);
/// the app writes it to a file only the user can read (`LiveTokenFile`, which `HubApplication`
/// does). The first message of every connection must be that token, compared in constant time; a
/// connection whose first message is anything else is answered with an error line and closed,
/// and nothing else happens: the delegate never hears of it.
///
/// **A client with the token gets in.** A connection whose token has already arrived when it is
/// accepted (`hublive` sends it with its connect) takes a slot at once. Connections that have not sent the token yet have a
/// small budget of their own (``LiveServiceLimits/maximumWaitingConnections``) and a short deadline
/// (``LiveServiceLimits/tokenTimeout``); when the budget is full, a new connection pushes out the one
/// that has waited longest. Silent connections held open by another process therefore do not keep
/// `hublive` out (only a flood of more than that many new connections in the instant between its
/// connect and its token could push it out), and only clients with the token can take the slots of
/// ``LiveServiceLimits/maximumConnections``. When those are all taken, the next client's token is
/// answered with `error the live service is full …`, so `hublive` can say so.
///
/// **Every client is bounded** (``limits``): connections at once, document size (checked on the
/// length prefix, before anything is allocated), time to send the token, idle time, and answers
/// queued for a client that does not read them. Each authenticated document goes to the delegate,
/// whose answer is written back as one line; a length prefix over the limit is answered with an
/// error line, the rest of that document is read and dropped when it is not too long, and the
/// connection is closed. A client that disconnects in the middle of a message loses that message,
/// and nothing else happens.
///
/// The main loop never waits for a client: reads and writes are asynchronous GIO calls, and the
/// documents of one read are handed over one per main-loop turn, so drawing and input go on
/// between them.
@MainActor
public final class LiveService {
    /// Receives the messages and answers them.
    public weak var delegate: (any LiveServiceDelegate)?
    /// The bounds every connection is held to.
    public let limits: LiveServiceLimits
    /// The largest document accepted (``LiveServiceLimits/maximumMessageSize``).
    public var maximumMessageSize: Int { limits.maximumMessageSize }
    /// The secret clients must send first; a new one at every start.
    public private(set) var token: LiveSessionToken
    /// Where diagnostics go: by default a warning on the `org.hubframework.gtk.live` logger
    /// (see ``/HubFramework/HubLogging``).
    public var log: @MainActor (String) -> Void = { message in
        HubLogging.logger("gtk.live").warning("\(message)")
    }

    /// The port listened on, while listening.
    public private(set) var port: UInt16?
    /// True between a successful `start(onPort:token:)` and `stop()`.
    public var isListening: Bool { port != nil }
    /// Clients connected now, whether or not they have sent the token.
    public var connectionCount: Int { connections.count }
    /// Connections that have not sent the session token yet.
    public var waitingConnectionCount: Int { waiting.count }
    /// Connections turned away since creation: pushed out while waiting for their token by a newer
    /// connection (``LiveServiceLimits/maximumWaitingConnections``), or told that the service is full
    /// when their token arrived (``LiveServiceLimits/maximumConnections``).
    public private(set) var refusedConnectionCount = 0
    /// Connections closed because their first message was not the session token, since creation.
    public private(set) var rejectedTokenCount = 0
    /// Connections closed because they stayed silent too long, since creation.
    public private(set) var timedOutConnectionCount = 0

    private var service: UnsafeMutablePointer<GSocketService>?
    private var incomingHandler: gulong = 0
    private var connections: [ObjectIdentifier: LiveConnection] = [:]
    /// The connections without the token yet, longest waiting first.
    private var waiting: [LiveConnection] = []
    /// The connections that sent the token and were let in.
    private var admitted: Set<ObjectIdentifier> = []
    /// Set while waiting connections are being pushed out, so the log says so once per burst.
    private var isPushingOutConnections = false

    /// A stopped service held to `limits`.
    /// - Parameter limits: the bounds every connection is held to.
    public init(limits: LiveServiceLimits = LiveServiceLimits()) {
        self.limits = limits
        token = LiveSessionToken.generate()
    }

    isolated deinit {
        stop()
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free port), stopping first if already listening, with
    /// a new session token (or `token`). Returns the port listened on.
    /// - Parameters:
    ///   - port: the port; 0 picks a free one.
    ///   - token: the session token clients must send; nil makes a new random one.
    @discardableResult
    public func start(onPort port: UInt16, token: LiveSessionToken? = nil) throws(LiveServiceError) -> UInt16 {
        stop()
        self.token = token ?? LiveSessionToken.generate()
        let service = g_socket_service_new()!
        // GIO's default queue of 10 unaccepted connections makes a burst of clients (refused ones
        // included) wait for the kernel's SYN retries, seconds each; the queue costs nothing.
        g_socket_listener_set_backlog(hub_socket_listener(service), Self.listenBacklog)
        // Loopback only, by construction: nothing else on the network can reach the socket.
        let loopback = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4)!
        let address = g_inet_socket_address_new(loopback, port)!
        g_object_unref(UnsafeMutableRawPointer(loopback))
        var effective: UnsafeMutablePointer<GSocketAddress>?
        var error: UnsafeMutablePointer<GError>?
        let added = g_socket_listener_add_address(hub_socket_listener(service), address, G_SOCKET_TYPE_STREAM,
                                                  G_SOCKET_PROTOCOL_TCP, nil, &effective, &error)
        g_object_unref(UnsafeMutableRawPointer(address))
        guard added != 0, let effective else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            g_object_unref(UnsafeMutableRawPointer(service))
            throw LiveServiceError(port: port, reason: reason)
        }
        let boundPort = g_inet_socket_address_get_port(hub_inet_socket_address(effective))
        g_object_unref(UnsafeMutableRawPointer(effective))

        let box = Unmanaged.passRetained(WeakServiceBox(self)).toOpaque()
        incomingHandler = hub_signal_connect_incoming(service, { _, connection, _, data in
            guard let data, let connection else { return 0 }
            let box = Unmanaged<WeakServiceBox>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.service?.accept(connection) ?? false } ? 1 : 0
        }, box, { data, _ in
            guard let data else { return }
            Unmanaged<WeakServiceBox>.fromOpaque(data).release()
        })
        g_socket_service_start(service)
        self.service = service
        self.port = boundPort
        return boundPort
    }

    /// Stops listening and closes every connection.
    public func stop() {
        for connection in Array(connections.values) { connection.close() }
        connections.removeAll()
        waiting.removeAll()
        admitted.removeAll()
        guard let service else { return }
        hub_signal_disconnect(service, incomingHandler)
        incomingHandler = 0
        g_socket_service_stop(service)
        g_socket_listener_close(hub_socket_listener(service))
        g_object_unref(UnsafeMutableRawPointer(service))
        self.service = nil
        port = nil
    }

    // MARK: Connections

    private func accept(_ connectionPointer: UnsafeMutableRawPointer) -> Bool {
        let connection = hub_socket_connection(connectionPointer)!
        guard Self.isLoopbackPeer(connection) else {
            // Cannot happen while bound to 127.0.0.1; checked anyway.
            log("refused a connection from outside this machine")
            g_io_stream_close(hub_io_stream(connectionPointer), nil, nil)
            return true
        }
        if waiting.count >= limits.maximumWaitingConnections {
            // Those whose token has arrived since they were accepted (its reading is still to come)
            // take a slot instead of waiting: only silent connections are pushed out.
            for connection in waiting where admitted.count < limits.maximumConnections
                && Self.hasSentToken(token, on: connection.connection)
            {
                admitted.insert(ObjectIdentifier(connection))
            }
            waiting.removeAll { admitted.contains(ObjectIdentifier($0)) }
        }
        if waiting.count >= limits.maximumWaitingConnections {
            // The one that has waited longest makes room: a client that sends its token at once
            // gets in, however many silent connections another process keeps open.
            let oldest = waiting.removeFirst()
            refusedConnectionCount += 1
            if !isPushingOutConnections {
                isPushingOutConnections = true
                log("closed connections that had not sent the session token to make room for new ones: "
                    + "\(limits.maximumWaitingConnections) were waiting (LiveServiceLimits.maximumWaitingConnections)")
            }
            oldest.turnAway(Self.waitedTooLongRefusal)
        } else {
            isPushingOutConnections = false
        }
        let live = LiveConnection(connection: connection, service: self)
        connections[ObjectIdentifier(live)] = live
        // A client that sent its token with its connect (hublive does) has it waiting in the socket
        // already: it takes a slot at once and never waits, so no flood of silent connections can
        // push it out. The token is still read, and checked, as the connection's first message.
        if Self.hasSentToken(token, on: connection), admitted.count < limits.maximumConnections {
            admitted.insert(ObjectIdentifier(live))
        } else {
            waiting.append(live)
        }
        live.start()
        return true
    }

    /// Whether the first bytes already received on `connection` are this session's token message,
    /// looked at without taking them from the socket.
    private static func hasSentToken(_ token: LiveSessionToken,
                                     on connection: UnsafeMutablePointer<GSocketConnection>) -> Bool
    {
        guard let socket = g_socket_connection_get_socket(connection) else { return false }
        let expected = LiveProtocol.tokenMessage(token)
        var received = [UInt8](repeating: 0, count: expected.count)
        let count = received.withUnsafeMutableBytes {
            recv(g_socket_get_fd(socket), $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT))
        }
        guard count == expected.count else { return false }
        return token.matches(Data(received.dropFirst(LiveProtocol.headerSize)))
            && Data(received.prefix(LiveProtocol.headerSize)) == expected.prefix(LiveProtocol.headerSize)
    }

    /// A connection sent the right token: true when it may stay (a slot of
    /// ``LiveServiceLimits/maximumConnections`` was free), false when it must be told the service is full.
    fileprivate func admit(_ connection: LiveConnection) -> Bool {
        // Let in when it was accepted, its token already there.
        if admitted.contains(ObjectIdentifier(connection)) { return true }
        waiting.removeAll { $0 === connection }
        guard admitted.count < limits.maximumConnections else {
            refusedConnectionCount += 1
            log("refused a client: \(limits.maximumConnections) clients are connected already "
                + "(LiveServiceLimits.maximumConnections)")
            return false
        }
        admitted.insert(ObjectIdentifier(connection))
        return true
    }

    private static func isLoopbackPeer(_ connection: UnsafeMutablePointer<GSocketConnection>) -> Bool {
        guard let remote = g_socket_connection_get_remote_address(connection, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(remote)) }
        guard hub_is_inet_socket_address(remote) != 0,
            let address = g_inet_socket_address_get_address(hub_inet_socket_address(remote))
        else { return false }
        return g_inet_address_get_is_loopback(address) != 0
    }

    fileprivate func connectionDidClose(_ connection: LiveConnection) {
        connections[ObjectIdentifier(connection)] = nil
        admitted.remove(ObjectIdentifier(connection))
        waiting.removeAll { $0 === connection }
    }

    fileprivate func deliver(_ message: Data) -> LiveReply {
        delegate?.liveService(self, didReceive: message) ?? .refused("the viewer is not showing live documents")
    }

    fileprivate func refuse(_ reason: String) -> LiveReply {
        log("refused a message: \(reason)")
        return delegate?.liveService(self, didRefuseMessageBecause: reason) ?? .refused(reason)
    }

    /// A connection did not start with the token: counted and logged, nothing else. It no longer
    /// waits (so it is not pushed out, and counted, a second time while its answer is written).
    fileprivate func tokenRejected(_ connection: LiveConnection, _ why: String) -> LiveReply {
        waiting.removeAll { $0 === connection }
        rejectedTokenCount += 1
        log("closed a connection without the session token (\(why))")
        return .refused(LiveService.tokenRefusal)
    }

    fileprivate func timedOut(_ why: String) {
        timedOutConnectionCount += 1
        log("closed a connection: \(why)")
    }

    /// Connections the kernel queues until the service accepts them.
    static let listenBacklog: Int32 = 128

    /// The answer to a client whose token arrived while every slot was taken (after `error `).
    public var fullRefusal: String {
        "the live service is full: \(limits.maximumConnections) clients are connected already "
            + "(LiveServiceLimits.maximumConnections); try again when one of them has finished"
    }

    /// The answer to a connection pushed out while it waited for its token (after `error `).
    public static let waitedTooLongRefusal = "the live service closed the connection: it had not sent the session "
        + "token, and newer connections needed its place"

    /// The answer to a connection without the right token (after `error `).
    public static let tokenRefusal = "the live service refused the connection: it did not start with this session's token "
        + "(hublive reads it from the token file the viewer writes; see docs/live-editing.md)"
}

private final class WeakServiceBox {
    weak var service: LiveService?
    init(_ service: LiveService) { self.service = service }
}

/// One client connection: checks its token, then reads documents and answers each with a line.
@MainActor
private final class LiveConnection {
    fileprivate let connection: UnsafeMutablePointer<GSocketConnection>
    private let input: UnsafeMutablePointer<GInputStream>
    private let output: UnsafeMutablePointer<GOutputStream>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private static let bufferSize = 256 * 1024
    private let buffer: UnsafeMutableRawPointer
    /// The bytes of the last read not handed to the framer yet: `buffer[bufferStart..<bufferEnd]`.
    private var bufferStart = 0
    private var bufferEnd = 0
    private var framer: LiveMessageFramer
    private weak var service: LiveService?
    private let limits: LiveServiceLimits
    private let token: LiveSessionToken

    /// True once the first message was the session token.
    private var isAuthenticated = false
    /// Lines waiting to be written; one asynchronous write runs at a time.
    private var pendingLines: [String] = []
    private var isWriting = false
    private var isReading = false
    /// After a refused document: payload bytes still to read and drop before closing.
    private var bytesToDrop: Int?
    private var isClosed = false
    private var closeWhenWritten = false

    /// When the connection last read or wrote something (monotonic seconds).
    private var lastActivity = ProcessInfo.processInfo.systemUptime
    private var idleTimer: MainLoopTimer?
    private var tokenTimer: MainLoopTimer?
    /// The next message of the current read, handed over on a later main-loop turn.
    private var continuation: MainLoopTimer?

    init(connection: UnsafeMutablePointer<GSocketConnection>, service: LiveService) {
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        input = g_io_stream_get_input_stream(hub_io_stream(connection))
        output = g_io_stream_get_output_stream(hub_io_stream(connection))
        cancellable = g_cancellable_new()
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        limits = service.limits
        token = service.token
        // Until the token has arrived, nothing longer than a token is accepted.
        framer = LiveMessageFramer(maximumMessageSize: LiveProtocol.maximumTokenMessageSize)
        self.service = service
    }

    isolated deinit {
        // Runs once no read or write is in flight (each holds a reference), so the stream can
        // close (GIO refuses to close a stream with an operation pending).
        g_io_stream_close(hub_io_stream(connection), nil, nil)
        buffer.deallocate()
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    func start() {
        tokenTimer = MainLoopTimer(after: limits.tokenTimeout) { [weak self] in
            guard let self, !self.isAuthenticated, !self.isClosed else { return }
            self.service?.timedOut("no session token within \(self.limits.tokenTimeout) s (LiveServiceLimits.tokenTimeout)")
            self.close()
        }
        scheduleIdleCheck(after: limits.idleTimeout)
        readNext()
    }

    // MARK: Time limits

    private func noteActivity() {
        lastActivity = ProcessInfo.processInfo.systemUptime
    }

    /// One timer per connection, moved forward lazily: activity only records the time.
    private func scheduleIdleCheck(after delay: Double) {
        idleTimer = MainLoopTimer(after: delay) { [weak self] in
            guard let self, !self.isClosed else { return }
            let idle = ProcessInfo.processInfo.systemUptime - self.lastActivity
            if idle >= self.limits.idleTimeout {
                self.service?.timedOut("idle for \(self.limits.idleTimeout) s (LiveServiceLimits.idleTimeout)")
                self.close()
            } else {
                self.scheduleIdleCheck(after: self.limits.idleTimeout - idle)
            }
        }
    }

    // MARK: Reading

    private func readNext() {
        guard !isClosed, !isReading, !closeWhenWritten, bufferStart == bufferEnd else { return }
        isReading = true
        let data = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_async(input, buffer, gsize(Self.bufferSize), G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            guard let data else { return }
            let connection = Unmanaged<LiveConnection>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { connection.didRead(result) }
        }, data)
    }

    private func didRead(_ result: OpaquePointer?) {
        isReading = false
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(input, result, &error)
        if let error {
            fail(error, "a connection failed")
            return
        }
        guard !isClosed else { return }
        noteActivity()
        if count == 0 {
            if bytesToDrop == nil, isAuthenticated, !framer.isIdle {
                let expected = framer.currentMessageLength.map { " of \(LiveProtocol.describeSize($0))" } ?? ""
                service?.log("a client disconnected in the middle of a message (after "
                    + "\(LiveProtocol.describeSize(framer.currentMessageReceivedCount))\(expected)); it was dropped")
            }
            // The client may only have stopped sending: answers still on their way get written.
            closeAfterWriting()
            return
        }
        bufferStart = 0
        bufferEnd = count
        processBufferedBytes()
    }

    /// Hands the bytes of the last read to the framer, one message per main-loop turn, then reads
    /// again. Stops while too many answers wait for a client that does not read them.
    private func processBufferedBytes() {
        continuation = nil
        guard !isClosed, !closeWhenWritten else { return }
        if bufferStart < bufferEnd, let remaining = bytesToDrop {
            let dropped = min(remaining, bufferEnd - bufferStart)
            bufferStart += dropped
            bytesToDrop = remaining - dropped
            if bytesToDrop == 0 {
                closeAfterWriting()
                return
            }
        }
        guard bufferStart < bufferEnd else {
            readNext()
            return
        }
        guard pendingLines.count < limits.maximumQueuedReplies else { return }  // writeNext resumes
        let produced = framer.append(UnsafeRawBufferPointer(start: buffer + bufferStart, count: bufferEnd - bufferStart),
                                     maximumMessages: 1)
        bufferStart += produced.consumed
        if let message = produced.messages.first {
            handle(message)
        }
        if let failure = produced.error {
            refuse(failure)
            return
        }
        guard !isClosed, !closeWhenWritten else { return }
        if bufferStart < bufferEnd {
            // More messages in this read: let the main loop draw and take input first.
            continuation = MainLoopTimer(whenIdle: { [weak self] in self?.processBufferedBytes() })
        } else {
            readNext()
        }
    }

    private func handle(_ message: Data) {
        guard let service else { return }
        guard isAuthenticated else {
            if token.matches(message) {
                isAuthenticated = true
                tokenTimer = nil
                guard service.admit(self) else {
                    turnAway(service.fullRefusal)
                    return
                }
                framer.maximumMessageSize = limits.maximumMessageSize
            } else {
                rejectToken(service, message.isEmpty ? "an empty first message" : "a wrong token")
            }
            return
        }
        write(service.deliver(message).line)
    }

    /// Answers `error <reason>` and closes without reading anything more; the delegate never hears of it.
    func turnAway(_ reason: String) {
        write(LiveReply.refused(reason).line)
        closeAfterWriting()
    }

    /// Answers, and closes without reading anything more; the delegate never hears of it.
    private func rejectToken(_ service: LiveService, _ why: String) {
        write(service.tokenRejected(self, why).line)
        closeAfterWriting()
    }

    private func refuse(_ failure: LiveFramingError) {
        guard let service else { return }
        guard isAuthenticated else {
            rejectToken(service, "a first message announcing \(LiveProtocol.describeSize(failure.length))")
            return
        }
        write(service.refuse(failure.description).line)
        // Read and drop the rest of the refused document (so the client, still sending, gets to
        // read the answer), then hang up; unless that rest is too long to wait for.
        let remaining = failure.length - (bufferEnd - bufferStart)
        guard remaining > 0, remaining <= limits.maximumDiscardedBytes else {
            closeAfterWriting()
            return
        }
        bytesToDrop = remaining
        bufferStart = bufferEnd
        readNext()
    }

    // MARK: Writing

    private func write(_ line: String) {
        pendingLines.append(line + "\n")
        writeNext()
    }

    private func writeNext() {
        guard !isWriting, !isClosed, !pendingLines.isEmpty else {
            if !isWriting && pendingLines.isEmpty && closeWhenWritten { close() }
            return
        }
        isWriting = true
        let bytes = Array(pendingLines.removeFirst().utf8)
        let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        let context = Unmanaged.passRetained(WriteContext(connection: self, bytes: copy)).toOpaque()
        g_output_stream_write_all_async(output, copy, gsize(bytes.count), G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            guard let data else { return }
            let context = Unmanaged<WriteContext>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { context.connection.didWrite(result, bytes: context.bytes) }
        }, context)
    }

    private func didWrite(_ result: OpaquePointer?, bytes: UnsafeMutableRawPointer) {
        bytes.deallocate()
        isWriting = false
        var error: UnsafeMutablePointer<GError>?
        _ = g_output_stream_write_all_finish(output, result, nil, &error)
        if let error {
            fail(error, "cannot answer a client")
            return
        }
        noteActivity()
        writeNext()
        // Reading waited for the client to take its answers: go on.
        if !isReading, continuation == nil, pendingLines.count < limits.maximumQueuedReplies {
            processBufferedBytes()
        }
    }

    /// A read or write failed: logs why (unless it was cancelled by `close()`), frees the error, closes.
    private func fail(_ error: UnsafeMutablePointer<GError>, _ what: String) {
        let cancelled = g_error_matches(error, g_io_error_quark(), hub_io_error_cancelled()) != 0
        if !cancelled && !isClosed {
            service?.log("\(what): \(String(cString: error.pointee.message))")
        }
        g_error_free(error)
        close()
    }

    private func closeAfterWriting() {
        closeWhenWritten = true
        continuation = nil
        writeNext()
    }

    /// Cancels what is in flight and lets go of the connection; the socket closes as soon as the
    /// cancelled operations have returned. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        idleTimer = nil
        tokenTimer = nil
        continuation = nil
        g_cancellable_cancel(cancellable)
        service?.connectionDidClose(self)
    }

    private final class WriteContext {
        let connection: LiveConnection
        let bytes: UnsafeMutableRawPointer
        init(connection: LiveConnection, bytes: UnsafeMutableRawPointer) {
            self.connection = connection
            self.bytes = bytes
        }
    }
}
