import HubFramework

/// Supplies the defaults of new component models and the component shown when a model names
/// an unknown component, so a typo in JSON never leaves a hole or crashes the view.
@MainActor
public protocol ComponentFallbackHandler: AnyObject {
    /// The namespace, name and category new component model builders start with.
    var componentDefaults: ComponentDefaults { get }
    /// A component for a model whose `namespace:name` no factory creates. Must always return one.
    func createFallbackComponent(forCategory category: ComponentCategory) -> any Component
}

/// A fallback handler with the `default:row` defaults (category `row`) and a closure that
/// creates the fallback component for a category.
@MainActor
public final class DefaultComponentFallbackHandler: ComponentFallbackHandler {
    public let componentDefaults: ComponentDefaults
    private let fallback: @MainActor (ComponentCategory) -> any Component

    /// Creates a handler.
    /// - Parameters:
    ///   - componentDefaults: what new component models start with; `default:row` by default.
    ///   - fallback: returns a new component for a category; called whenever an unknown component
    ///     is needed, also for measuring.
    public init(componentDefaults: ComponentDefaults = ComponentDefaults(namespace: defaultComponentNamespace,
                                                                         name: "row", category: .row),
                fallback: @escaping @MainActor (ComponentCategory) -> any Component)
    {
        self.componentDefaults = componentDefaults
        self.fallback = fallback
    }

    public func createFallbackComponent(forCategory category: ComponentCategory) -> any Component {
        fallback(category)
    }
}
