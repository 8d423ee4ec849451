internal import CGtk

/// A client of the desktop's settings portal (`org.freedesktop.portal.Settings` at
/// `/org/freedesktop/portal/desktop`, served by `org.freedesktop.portal.Desktop` on the session
/// bus): what the person chose for every app, such as `org.freedesktop.appearance`'s
/// `color-scheme` and `contrast`, read and followed without ever waiting on the bus. Every call is
/// asynchronous; the answers come back on the main loop.
///
/// Only numbers are read (the appearance keys this client is for are all `u`).
@MainActor
final class SettingsPortal {
    /// What the portal said about one key.
    enum Reading: Equatable {
        /// The key's number.
        case value(UInt32)
        /// The portal is there but does not have the key (`org.freedesktop.portal.Error.NotFound`),
        /// or the key is not a number.
        case notProvided
        /// No portal answered: none on the bus, no session bus, or it did not answer in time.
        case unavailable
    }

    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    /// How long a call may wait for the portal. The portal is started on demand (D-Bus activation)
    /// the first time an app asks, which takes a moment on a loaded machine; nothing waits meanwhile.
    static let callTimeoutMilliseconds: Int32 = 5000

    /// Called with (namespace, key, number) whenever the portal says a setting changed.
    private let onSettingChanged: @MainActor (String, String, UInt32) -> Void
    /// Cancels the calls under way when the client stops.
    private let cancellable = g_cancellable_new()!
    /// The session bus, once connected.
    private var connection: OpaquePointer?
    /// The `SettingChanged` subscription; 0 while there is none.
    private var subscription: guint = 0
    /// Reads asked for before the bus was connected, run once it is.
    private var waiting: [@MainActor (OpaquePointer?) -> Void] = []
    /// Whether the connection to the bus was asked for.
    private var isConnecting = false
    private var isStopped = false

    /// A client that will call `onSettingChanged` with the portal's changes once it has connected
    /// (on the first ``read(namespace:key:completion:)``).
    init(onSettingChanged: @escaping @MainActor (String, String, UInt32) -> Void) {
        self.onSettingChanged = onSettingChanged
    }

    isolated deinit {
        stop()
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    /// Stops following the portal and cancels the calls under way (their completions are not called).
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        g_cancellable_cancel(cancellable)
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        subscription = 0
        connection = nil
        waiting.removeAll()
    }

    /// Reads `key` of `namespace`, with `ReadOne`, or with `Read` from a portal of the first
    /// version, which has no `ReadOne`; `completion` is called once, on a later turn of the main loop.
    func read(namespace: String, key: String, completion: @escaping @MainActor (Reading) -> Void) {
        withConnection { [weak self] connection in
            guard let self, let connection else { return completion(.unavailable) }
            self.call("ReadOne", namespace: namespace, key: key, on: connection) { [weak self] outcome in
                guard let self else { return }
                if case .unknownMethod = outcome {
                    self.call("Read", namespace: namespace, key: key, on: connection) { outcome in
                        completion(outcome.reading)
                    }
                } else {
                    completion(outcome.reading)
                }
            }
        }
    }

    /// Runs `body` with the session bus once connected (nil when there is none); the first caller
    /// asks for the connection, and the subscription to `SettingChanged` is made with it.
    private func withConnection(_ body: @escaping @MainActor (OpaquePointer?) -> Void) {
        guard !isStopped else { return }
        if let connection { return body(connection) }
        waiting.append(body)
        guard !isConnecting else { return }
        isConnecting = true
        let context = Unmanaged.passRetained(CallContext { [weak self] result in
            MainActor.assumeIsolated { self?.didGetBus(result) }
        }).toOpaque()
        g_bus_get(G_BUS_TYPE_SESSION, cancellable, { _, result, data in
            Unmanaged<CallContext>.fromOpaque(data!).takeRetainedValue().finish(result)
        }, context)
    }

    private func didGetBus(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bus = g_bus_get_finish(result, &error)
        if let error { g_error_free(error) }
        guard !isStopped else {
            if let bus { g_object_unref(UnsafeMutableRawPointer(bus)) }
            return
        }
        connection = bus
        if let connection { subscribe(on: connection) }
        let bodies = waiting
        waiting.removeAll()
        for body in bodies { body(connection) }
    }

    /// Subscribes to the portal's `SettingChanged`, which names the namespace, the key and the new
    /// value.
    private func subscribe(on connection: OpaquePointer) {
        let box = ClosureBox<@MainActor (String, String, UInt32) -> Void>.retained { [weak self] namespace, key, value in
            self?.onSettingChanged(namespace, key, value)
        }
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.busName, Self.interface, "SettingChanged", Self.objectPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                var namespace: UnsafeMutablePointer<gchar>?
                var key: UnsafeMutablePointer<gchar>?
                var value: guint32 = 0
                let found = hub_portal_setting_changed(parameters, &namespace, &key, &value) != 0
                defer {
                    g_free(namespace)
                    g_free(key)
                }
                guard found, let data, let namespace, let key else { return }
                let handler = ClosureBox<@MainActor (String, String, UInt32) -> Void>.callback(at: data)
                let names = (String(cString: namespace), String(cString: key))
                MainActor.assumeIsolated { handler(names.0, names.1, value) }
            },
            box,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    /// How a call ended.
    private enum Outcome {
        case value(UInt32)
        case notProvided
        case unknownMethod
        case unavailable

        var reading: Reading {
            switch self {
            case .value(let number): .value(number)
            case .notProvided: .notProvided
            case .unknownMethod, .unavailable: .unavailable
            }
        }
    }

    /// Calls `method` (`ReadOne` or `Read`) with (namespace, key).
    private func call(_ method: String, namespace: String, key: String, on connection: OpaquePointer,
                      completion: @escaping @MainActor (Outcome) -> Void)
    {
        let context = Unmanaged.passRetained(CallContext { [weak self] result in
            MainActor.assumeIsolated {
                guard let self, !self.isStopped else { return }
                completion(Self.outcome(of: result, connection: connection))
            }
        }).toOpaque()
        // The call takes the parameters' floating reference.
        g_dbus_connection_call(connection, Self.busName, Self.objectPath, Self.interface, method,
                               hub_variant_new_string_pair(namespace, key), nil, G_DBUS_CALL_FLAGS_NONE,
                               Self.callTimeoutMilliseconds, cancellable, { _, result, data in
            Unmanaged<CallContext>.fromOpaque(data!).takeRetainedValue().finish(result)
        }, context)
    }

    private static func outcome(of result: OpaquePointer?, connection: OpaquePointer) -> Outcome {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(connection, result, &error)
        if let error {
            defer { g_error_free(error) }
            let remote = g_dbus_error_get_remote_error(error)
            defer { g_free(remote) }
            switch remote.map({ String(cString: $0) }) {
            case "org.freedesktop.DBus.Error.UnknownMethod": return .unknownMethod
            case "org.freedesktop.portal.Error.NotFound": return .notProvided
            default: return .unavailable
            }
        }
        guard let reply else { return .unavailable }
        defer { g_variant_unref(reply) }
        var value: guint32 = 0
        return hub_portal_reply_uint32(reply, &value) != 0 ? .value(value) : .notProvided
    }
}

/// What an asynchronous GIO call hands back to Swift: the closure its callback runs with the
/// `GAsyncResult`, retained until then.
private final class CallContext {
    private let body: (OpaquePointer?) -> Void
    init(_ body: @escaping (OpaquePointer?) -> Void) { self.body = body }
    func finish(_ result: OpaquePointer?) { body(result) }
}
