/// A loader's view of connectivity: the resolver, the state its operations got so far, and whether
/// the loader observes the resolver (from its first load on).
@MainActor
final class ConnectivityWatch {
    let resolver: any ConnectivityStateResolver
    /// The state the operations currently receive.
    private(set) var state: ConnectivityState
    /// Whether the resolver tells the loader of changes.
    private var isObserved = false

    init(resolver: any ConnectivityStateResolver) {
        self.resolver = resolver
        state = resolver.resolveConnectivityState()
    }

    /// Asks the resolver for the state; true when it differs from the one the operations got so far.
    func refresh() -> Bool {
        let old = state
        state = resolver.resolveConnectivityState()
        return state != old
    }

    /// Starts telling `observer` (the loader, which owns this watch) of changes, once. The resolver
    /// holds its observers weakly, and so does this watch: it does not keep the observer.
    func observe(with observer: any ConnectivityStateResolverObserver) {
        guard !isObserved else { return }
        isObserved = true
        resolver.addObserver(observer)
    }

    /// Stops telling `observer`, if it was told.
    func stopObserving(_ observer: any ConnectivityStateResolverObserver) {
        if isObserved { resolver.removeObserver(observer) }
        isObserved = false
    }
}
