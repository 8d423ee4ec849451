import Foundation

/// Which servers the app loads from have stopped answering, as the loads themselves found out.
///
/// The network can be up while the one server an app is made of is down, which GIO's network
/// monitor cannot see. When a load finds its server unreachable and shows the cache's copy instead
/// (see `JSONContentOperation`), it reports the server here; HubGTK's
/// `NetworkMonitorConnectivityResolver` then says the app is offline, so every content operation
/// gets `.offline`. Meanwhile the server is asked again, at first after ``probeInterval`` and then
/// at growing intervals up to a minute, with a plain request whose answer is not read; as soon as
/// it answers at all, it is reachable again, the resolver says online, and the views load afresh.
public final class ServerReachability: @unchecked Sendable {
    /// The reachability of the servers this process loads from.
    public static let shared = ServerReachability()

    /// Seconds before the first new attempt at an unreachable server; each later wait doubles, up to
    /// a minute. Default 5.
    public var probeInterval: TimeInterval {
        get { lock.withLock { firstInterval } }
        set { lock.withLock { firstInterval = max(0.01, newValue) } }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var firstInterval: TimeInterval = 5
    /// The unreachable servers (scheme, host and port), each with the URL its probes ask for.
    private var unreachable: [String: URL] = [:]
    private var observers: [UUID: @Sendable () -> Void] = [:]
    /// The probe in flight for each unreachable server: a download lives as long as someone keeps it.
    private var probes: [String: BoundedDownload] = [:]

    /// A registry of its own (the app and the tests use ``shared``).
    public init() {}

    /// Whether a server the app loads from has stopped answering and has not answered since.
    public var isAnyServerUnreachable: Bool { lock.withLock { !unreachable.isEmpty } }

    /// Calls `observer` on the main thread whenever ``isAnyServerUnreachable`` may have changed;
    /// returns the token that ``removeObserver(_:)`` takes.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable () -> Void) -> UUID {
        let token = UUID()
        lock.withLock { observers[token] = observer }
        return token
    }

    /// Stops calling the observer registered with `token`.
    public func removeObserver(_ token: UUID) {
        lock.withLock { _ = observers.removeValue(forKey: token) }
    }

    /// Forgets every unreachable server (their probes stop) and restores ``probeInterval``'s default;
    /// observers hear of it when that changes ``isAnyServerUnreachable``. For tests, which must not
    /// leave a stopped server of theirs counted as silent for the tests after them.
    package func forgetAll() {
        let (changed, probes) = lock.withLock { () -> (Bool, [BoundedDownload]) in
            firstInterval = 5
            defer {
                unreachable.removeAll()
                self.probes.removeAll()
            }
            return (!unreachable.isEmpty, Array(self.probes.values))
        }
        for probe in probes { probe.cancel() }
        if changed { notify() }
    }

    /// `url`'s server did not answer: remember it, tell the observers, and start asking it again.
    package func reportUnreachable(_ url: URL, client: (any HTTPClient)? = nil) {
        let key = Self.key(url)
        let (isNew, interval) = lock.withLock { () -> (Bool, TimeInterval) in
            guard unreachable[key] == nil else { return (false, firstInterval) }
            unreachable[key] = url
            return (true, firstInterval)
        }
        guard isNew else { return }
        notify()
        probe(key, after: interval, client: client)
    }

    /// `url`'s server answered: forget that it did not.
    package func reportReachable(_ url: URL) {
        let key = Self.key(url)
        let removed = lock.withLock { unreachable.removeValue(forKey: key) != nil }
        if removed { notify() }
    }

    /// Asks the server again after `interval` seconds; any answer makes it reachable.
    private func probe(_ key: String, after interval: TimeInterval, client: (any HTTPClient)?) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self, let url = lock.withLock({ unreachable[key] }) else { return }
            let limits = BoundedDownload.Limits(maximumBytes: 0, responseSeconds: 10, totalSeconds: 15,
                                                maximumRedirects: 0)
            // Refusing every status ends the probe at the response head: its body is never read.
            let download = BoundedDownload(HTTPRequest(url: url), client: client, limits: limits,
                                           accepts: { _ in false }) { [weak self] result in
                guard let self else { return }
                lock.withLock { _ = probes.removeValue(forKey: key) }
                if case .failure(let failure) = result, failure.isUnreachable || failure == .noClient {
                    probe(key, after: min(interval * 2, 60), client: client)
                } else {
                    reportReachable(url)
                }
            }
            lock.withLock { probes[key] = download }
        }
    }

    private func notify() {
        let observers = lock.withLock { Array(self.observers.values) }
        MainThread.perform { for observer in observers { observer() } }
    }

    private static func key(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }
}
