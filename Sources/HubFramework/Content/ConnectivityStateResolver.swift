/// Whether the app can reach the network.
public enum ConnectivityState: Sendable, Hashable {
    case online
    case offline
}

/// Is told when connectivity changes.
@MainActor
public protocol ConnectivityStateResolverObserver: AnyObject {
    func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver)
}

/// Tells whether the app is online, and notifies observers when that changes (on the main thread,
/// only on an actual change). HubGTK provides one backed by GIO's network monitor.
@MainActor
public protocol ConnectivityStateResolver: AnyObject {
    func resolveConnectivityState() -> ConnectivityState
    /// Observers are held weakly.
    func addObserver(_ observer: any ConnectivityStateResolverObserver)
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

    public init(state: ConnectivityState = .online) { self.state = state }

    public func resolveConnectivityState() -> ConnectivityState { state }
    public func addObserver(_ observer: any ConnectivityStateResolverObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any ConnectivityStateResolverObserver) { observers.remove(observer) }

    /// Tells every observer to re-resolve, whether or not the state changed (tests use it to
    /// check that observers ignore notifications without a change).
    public func notifyObservers() {
        for observer in observers.all { observer.connectivityStateResolverStateDidChange(self) }
    }
}
