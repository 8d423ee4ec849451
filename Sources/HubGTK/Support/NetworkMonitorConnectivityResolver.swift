import CGtk
import HubFramework

/// Connectivity from GIO's network monitor: online when the network is available with full
/// connectivity. Observers hear about changes (only actual ones), on the main thread.
@MainActor
public final class NetworkMonitorConnectivityResolver: ConnectivityStateResolver {
    private let monitor: OpaquePointer
    private var observers = WeakObserverList<any ConnectivityStateResolverObserver>()
    private var connection: SignalConnection?
    private var lastState: ConnectivityState


    /// Creates a resolver on GIO's default network monitor and starts listening to its changes.
    /// Create it on the main thread and pass it as the manager configuration's
    /// `connectivityStateResolver`.
    public init() {
        monitor = g_network_monitor_get_default()
        lastState = .online
        lastState = resolveConnectivityState()
        connection = GSignal.connectInt(UnsafeMutableRawPointer(monitor), "network-changed") { [weak self] _ in
            self?.networkChanged()
        }
    }

    isolated deinit {
        connection?.disconnect()
    }

    /// Online when the monitor says the network is available with full connectivity; offline
    /// otherwise (no network, or only a local network or a captive portal).
    public func resolveConnectivityState() -> ConnectivityState {
        let available = g_network_monitor_get_network_available(monitor) != 0
        let connectivity = g_network_monitor_get_connectivity(monitor)
        return available && connectivity == G_NETWORK_CONNECTIVITY_FULL ? .online : .offline
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
