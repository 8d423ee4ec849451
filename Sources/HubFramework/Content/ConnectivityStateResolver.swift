/// Whether the app can reach the network.
public enum ConnectivityState: Sendable, Hashable {
    /// The network is reachable; operations may fetch.
    case online
    /// No network; operations should fall back to what they have (a cache, an offline notice).
    case offline
}

/// Is told when connectivity changes.
@MainActor
public protocol ConnectivityStateResolverObserver: AnyObject {
    /// The resolver's state may have changed; call
    /// ``ConnectivityStateResolver/resolveConnectivityState()`` to read it. Called on the main thread.
    func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver)
}

/// Tells whether the app is online, and notifies observers when that changes (on the main thread,
/// only on an actual change). HubGTK provides one backed by GIO's network monitor.
@MainActor
public protocol ConnectivityStateResolver: AnyObject {
    /// The state now. Cheap enough to be called at every load of every view.
    func resolveConnectivityState() -> ConnectivityState
    /// Starts telling `observer` about changes. Observers are held weakly.
    func addObserver(_ observer: any ConnectivityStateResolverObserver)
    /// Stops telling `observer` about changes; nothing happens when it was not observing.
    func removeObserver(_ observer: any ConnectivityStateResolverObserver)
}

/// A resolver whose state is set by the app (or a test); notifies observers when it changes.
@MainActor
public final class ManualConnectivityStateResolver: ConnectivityStateResolver {
    private var observers = WeakObserverList<any ConnectivityStateResolverObserver>()

    /// The current state. Setting a different value notifies the observers.
    public var state: ConnectivityState {
        didSet { if state != oldValue { notifyObservers() } }
    }

    /// Creates a resolver that reports `state` until the app changes it.
    public init(state: ConnectivityState = .online) { self.state = state }

    /// Returns ``state``.
    public func resolveConnectivityState() -> ConnectivityState { state }
    /// Starts telling `observer` when ``state`` changes; held weakly.
    public func addObserver(_ observer: any ConnectivityStateResolverObserver) { observers.add(observer) }
    /// Stops telling `observer` about changes.
    public func removeObserver(_ observer: any ConnectivityStateResolverObserver) { observers.remove(observer) }

    /// Tells every observer to re-resolve, whether or not the state changed (tests use it to
    /// check that observers ignore notifications without a change).
    public func notifyObservers() {
        for observer in observers.all { observer.connectivityStateResolverStateDidChange(self) }
    }
}
