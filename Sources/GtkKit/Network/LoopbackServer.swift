internal import CGtk

/// A TCP server on 127.0.0.1 only (a `GSocketService`): nothing else on the network can reach it,
/// by construction. Each connection it accepts is handed to ``onConnection`` as a
/// ``StreamConnection``, on the main thread.
///
/// ```swift
/// let server = LoopbackServer { connection in
///     connection.write(Data("hello\n".utf8)) { _ in connection.close() }
/// }
/// let port = try server.start(onPort: 0)  // 0 picks a free port
/// ```
///
/// Accepting runs on the main loop, as GIO's socket service does: the main loop never waits for a
/// client.
@MainActor
public final class LoopbackServer {
    /// Connections the kernel queues until the server accepts them, unless `start` is told otherwise.
    public static let defaultBacklog = 128

    /// Receives every accepted connection. A connection it does not keep is closed when released.
    public var onConnection: (@MainActor (StreamConnection) -> Void)?
    /// The port listened on, while listening.
    public private(set) var port: UInt16?
    /// True between a successful ``start(onPort:backlog:)`` and ``stop()``.
    public var isListening: Bool { port != nil }

    private var service: UnsafeMutablePointer<GSocketService>?
    private var incoming: SignalConnection?

    /// A stopped server that hands its connections to `onConnection`.
    /// - Parameter onConnection: receives every accepted connection, on the main thread.
    public init(onConnection: (@MainActor (StreamConnection) -> Void)? = nil) {
        self.onConnection = onConnection
    }

    isolated deinit {
        stop()
    }

    /// Listens on 127.0.0.1:`port`, stopping first if already listening. Returns the port listened
    /// on, which is a free one chosen by the system when `port` is 0.
    /// - Parameters:
    ///   - port: the port; 0 picks a free one.
    ///   - backlog: connections the kernel queues until they are accepted. GIO's default of 10 makes
    ///     a burst of clients wait for the kernel's SYN retries, seconds each; the queue costs nothing.
    /// - Throws: GIO's reason when the port cannot be listened on (it is taken, for instance).
    @discardableResult
    public func start(onPort port: UInt16, backlog: Int = defaultBacklog) throws(GLibError) -> UInt16 {
        stop()
        let service = g_socket_service_new()!
        g_socket_listener_set_backlog(hub_socket_listener(service), Int32(clamping: backlog))
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
            g_object_unref(UnsafeMutableRawPointer(service))
            throw GLibError(taking: error)
        }
        let boundPort = g_inet_socket_address_get_port(hub_inet_socket_address(effective))
        g_object_unref(UnsafeMutableRawPointer(effective))

        // GSocketService::incoming (service, connection, source object) -> handled.
        incoming = GSignal.connect(UnsafeMutableRawPointer(service), "incoming") { [weak self] invocation in
            guard let connection = invocation.pointer(1) else { return }
            invocation.returns(self?.accept(connection) ?? false)
        }
        g_socket_service_start(service)
        self.service = service
        self.port = boundPort
        return boundPort
    }

    /// Stops listening and closes the listening socket. Connections already accepted stay open:
    /// they belong to whoever kept them.
    public func stop() {
        guard let service else { return }
        incoming?.disconnect()
        incoming = nil
        g_socket_service_stop(service)
        g_socket_listener_close(hub_socket_listener(service))
        g_object_unref(UnsafeMutableRawPointer(service))
        self.service = nil
        port = nil
    }

    private func accept(_ connection: UnsafeMutableRawPointer) -> Bool {
        onConnection?(StreamConnection(hub_socket_connection(connection)!))
        return true
    }
}
