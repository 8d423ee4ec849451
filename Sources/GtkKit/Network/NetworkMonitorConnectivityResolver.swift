internal import CGtk
import Foundation
import HubFramework

/// Connectivity from GIO's network monitor and from the servers the app loads from: online when the
/// network is available with full connectivity and no server the app's loads found unreachable is
/// still silent (``/HubFramework/ServerReachability``). Observers hear about changes (only actual
/// ones), on the main thread.
@MainActor
public final class NetworkMonitorConnectivityResolver: ConnectivityStateResolver {
    private let monitor: OpaquePointer
    private var observers = WeakObserverList<any ConnectivityStateResolverObserver>()
    private var connection: SignalConnection?
    private var lastState: ConnectivityState
    private let reachability: ServerReachability
    private var reachabilityObserver: UUID?

    /// Creates a resolver on GIO's default network monitor and `reachability`, and starts
    /// listening to their changes. Create it on the main thread and pass it as the manager
    /// configuration's `connectivityStateResolver`.
    public init(reachability: ServerReachability = .shared) {
        monitor = g_network_monitor_get_default()
        self.reachability = reachability
        lastState = .online
        lastState = resolveConnectivityState()
        connection = GSignal.connect(UnsafeMutableRawPointer(monitor), "network-changed") { [weak self] in
            self?.networkChanged()
        }
        reachabilityObserver = reachability.addObserver { [weak self] in
            MainActor.assumeIsolated { self?.networkChanged() }
        }
    }

    isolated deinit {
        connection?.disconnect()
        if let reachabilityObserver { reachability.removeObserver(reachabilityObserver) }
    }

    /// Online when the monitor says the network is available with full connectivity and every
    /// server the app's loads found unreachable has answered again; offline otherwise (no network,
    /// only a local network or a captive portal, or a silent server).
    public func resolveConnectivityState() -> ConnectivityState {
        let available = g_network_monitor_get_network_available(monitor) != 0
        let connectivity = g_network_monitor_get_connectivity(monitor)
        guard available && connectivity == G_NETWORK_CONNECTIVITY_FULL else { return .offline }
        return reachability.isAnyServerUnreachable ? .offline : .online
    }

    /// Starts telling `observer` about changes of the state; held weakly.
    public func addObserver(_ observer: any ConnectivityStateResolverObserver) {
        observers.add(observer)
    }

    /// Stops telling `observer` about changes.
    public func removeObserver(_ observer: any ConnectivityStateResolverObserver) {
        observers.remove(observer)
    }

    private func networkChanged() {
        let state = resolveConnectivityState()
        guard state != lastState else { return }
        lastState = state
        for observer in observers.all { observer.connectivityStateResolverStateDidChange(self) }
    }
}
