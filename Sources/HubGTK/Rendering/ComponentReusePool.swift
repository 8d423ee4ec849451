import HubFramework

/// Idle component wrappers, keyed by the `namespace:name` of the model each last rendered.
/// One pool per view controller; taking from it never calls `prepareViewForReuse` — that happens
/// lazily when the wrapper is configured with a different model.
@MainActor
final class ComponentReusePool {
    private var idle: [Identifier: [ComponentWrapper]] = [:]
    private let makeComponent: @MainActor (ComponentModel) -> any Component
    let uiStateManager = ComponentUIStateManager()
    /// Every wrapper this pool created, for statistics (weakly held).
    private(set) var createdCount = 0
    /// Hears every wrapper the pool hands out (the view controller).
    weak var delegate: (any ComponentWrapperDelegate)?

    /// - Parameter makeComponent: makes the component of a new wrapper for a model: the view
    ///   controller hands over the component it measured that kind with, the first time, and asks
    ///   the registry after that (`ComponentMeasurer.handOverComponent(for:)`).
    init(makeComponent: @escaping @MainActor (ComponentModel) -> any Component) {
        self.makeComponent = makeComponent
    }

    /// An idle wrapper for the model's component, or a new one (with a new component).
    func wrapper(for model: ComponentModel, parent: ComponentWrapper?) -> ComponentWrapper {
        let key = model.componentIdentifier
        if var list = idle[key], !list.isEmpty {
            let wrapper = list.removeFirst()
            idle[key] = list.isEmpty ? nil : list
            wrapper.delegate = delegate
            wrapper.parent = parent
            return wrapper
        }
        let component = makeComponent(model)
        createdCount += 1
        let wrapper = ComponentWrapper(component: component, uiStateManager: uiStateManager)
        wrapper.delegate = delegate
        wrapper.parent = parent
        return wrapper
    }

    /// Files an idle wrapper under the component identifier of the model it last rendered.
    func add(_ wrapper: ComponentWrapper) {
        guard let key = wrapper.model?.componentIdentifier else { return }
        if idle[key]?.contains(where: { $0 === wrapper }) == true { return }
        idle[key, default: []].append(wrapper)
    }

    /// Removes a wrapper from the idle lists (it is in use again, or being discarded).
    func remove(_ wrapper: ComponentWrapper) {
        for (key, list) in idle where list.contains(where: { $0 === wrapper }) {
            let remaining = list.filter { $0 !== wrapper }
            idle[key] = remaining.isEmpty ? nil : remaining
        }
    }

    /// Number of idle wrappers.
    var idleCount: Int { idle.values.reduce(0) { $0 + $1.count } }

    /// Drops every idle wrapper (their widgets are destroyed with them).
    func drain() -> [ComponentWrapper] {
        let all = idle.values.flatMap { $0 }
        idle.removeAll()
        return all
    }
}
