import CGtk
import Foundation
import HubFramework
import Logging

/// Receives what clients of a `LiveService` send.
@MainActor
public protocol LiveServiceDelegate: AnyObject {
    /// A whole message arrived. Returns the answer for the client.
    func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply
    /// A message was refused before it was read (it is too large). Returns the answer for the client.
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
/// Any number of clients may be connected; each may send any number of messages, split across
/// reads in any way. Every complete message goes to the delegate, whose answer is written back as
/// one line. A length prefix over the limit is answered with an error line; the rest of that
/// message is read and dropped, then the connection is closed. A client that disconnects in the
/// middle of a message loses that message, and nothing else happens.
///
/// Everything runs on the main loop: reads and writes are asynchronous GIO calls.
@MainActor
public final class LiveService {
    /// Receives the messages and answers them.
    public weak var delegate: (any LiveServiceDelegate)?
    /// The largest message accepted.
    public let maximumMessageSize: Int
    /// Where diagnostics go: by default a warning on the `org.hubframework.gtk.live` logger
    /// (see ``/HubFramework/HubLogging``).
    public var log: @MainActor (String) -> Void = { message in
        HubLogging.logger("gtk.live").warning("\(message)")
    }

    /// The port listened on, while listening.
    public private(set) var port: UInt16?
    /// True between a successful `start(onPort:)` and `stop()`.
    public var isListening: Bool { port != nil }
    /// Clients connected now.
    public var connectionCount: Int { connections.count }

    private var service: UnsafeMutablePointer<GSocketService>?
    private var incomingHandler: gulong = 0
    private var connections: [ObjectIdentifier: LiveConnection] = [:]

    /// A stopped service that accepts messages up to `maximumMessageSize` bytes.
    public init(maximumMessageSize: Int = LiveProtocol.maximumMessageSize) {
        self.maximumMessageSize = maximumMessageSize
    }

    isolated deinit {
        stop()
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free port), stopping first if already listening.
    /// Returns the port listened on.
    @discardableResult
    public func start(onPort port: UInt16) throws(LiveServiceError) -> UInt16 {
        stop()
        let service = g_socket_service_new()!
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
        let live = LiveConnection(connection: connection, service: self, maximumMessageSize: maximumMessageSize)
        connections[ObjectIdentifier(live)] = live
        live.start()
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
    }

    fileprivate func deliver(_ message: Data) -> LiveReply {
        delegate?.liveService(self, didReceive: message) ?? .refused("the viewer is not showing live documents")
    }

    fileprivate func refuse(_ reason: String) -> LiveReply {
        log("refused a message: \(reason)")
        return delegate?.liveService(self, didRefuseMessageBecause: reason) ?? .refused(reason)
    }
}

private final class WeakServiceBox {
    weak var service: LiveService?
    init(_ service: LiveService) { self.service = service }
}

/// One client connection: reads messages, answers each with a line.
@MainActor
private final class LiveConnection {
    private let connection: UnsafeMutablePointer<GSocketConnection>
    private let input: UnsafeMutablePointer<GInputStream>
    private let output: UnsafeMutablePointer<GOutputStream>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private static let bufferSize = 256 * 1024
    private let buffer: UnsafeMutableRawPointer
    private var framer: LiveMessageFramer
    private weak var service: LiveService?

    /// Lines waiting to be written; one asynchronous write runs at a time.
    private var pendingLines: [String] = []
    private var isWriting = false
    /// After a refused message: payload bytes still to read and drop before closing.
    private var bytesToDrop: Int?
    private var isClosed = false

    init(connection: UnsafeMutablePointer<GSocketConnection>, service: LiveService, maximumMessageSize: Int) {
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        input = g_io_stream_get_input_stream(hub_io_stream(connection))
        output = g_io_stream_get_output_stream(hub_io_stream(connection))
        cancellable = g_cancellable_new()
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        framer = LiveMessageFramer(maximumMessageSize: maximumMessageSize)
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
        readNext()
    }

    private func readNext() {
        guard !isClosed else { return }
        let data = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_async(input, buffer, gsize(Self.bufferSize), G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            guard let data else { return }
            let connection = Unmanaged<LiveConnection>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { connection.didRead(result) }
        }, data)
    }

    private func didRead(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(input, result, &error)
        if let error {
            fail(error, "a connection failed")
            return
        }
        guard !isClosed else { return }
        if count == 0 {
            if bytesToDrop == nil, !framer.isIdle {
                let expected = framer.currentMessageLength.map { " of \(LiveProtocol.describeSize($0))" } ?? ""
                service?.log("a client disconnected in the middle of a message (after "
                    + "\(LiveProtocol.describeSize(framer.currentMessageReceivedCount))\(expected)); it was dropped")
            }
            // The client may only have stopped sending: answers still on their way get written.
            closeAfterWriting()
            return
        }
        if let remaining = bytesToDrop {
            bytesToDrop = remaining - count
            if bytesToDrop! <= 0 { closeAfterWriting() } else { readNext() }
            return
        }
        let produced = framer.append(UnsafeRawBufferPointer(start: buffer, count: count))
        for message in produced.messages {
            guard let service, !isClosed else { return }
            write(service.deliver(message).line)
        }
        if let failure = produced.error, let service {
            write(service.refuse(failure.description).line)
            // Read and drop the rest of the refused message (so the client, still sending, gets
            // to read the answer), then hang up.
            guard case .messageTooLarge(let length, _) = failure else { return }
            let remaining = length - (count - produced.consumed)
            bytesToDrop = remaining
            if remaining <= 0 {
                closeAfterWriting()
                return
            }
        }
        readNext()
    }

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
        g_output_stream_write_all_async(output, copy, gsize(bytes.count), G_PRIORITY_DEFAULT, cancellable, { source, result, data in
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
        writeNext()
    }

    /// A read or write failed: logs why (unless it was cancelled by `close()`), frees the error, closes.
    private func fail(_ error: UnsafeMutablePointer<GError>, _ what: String) {
        let cancelled = g_error_matches(error, g_io_error_quark(), Int32(G_IO_ERROR_CANCELLED.rawValue)) != 0
        if !cancelled && !isClosed {
            service?.log("\(what): \(String(cString: error.pointee.message))")
        }
        g_error_free(error)
        close()
    }

    private var closeWhenWritten = false

    private func closeAfterWriting() {
        closeWhenWritten = true
        writeNext()
    }

    /// Cancels what is in flight and lets go of the connection; the socket closes as soon as the
    /// cancelled operations have returned. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
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
