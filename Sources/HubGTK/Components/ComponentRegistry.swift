import HubFramework

/// The component factories of an app, by namespace, plus the fallback handler.
/// Also answers the component showcase's questions.
@MainActor
public final class ComponentRegistry {
    private var factories: [String: any ComponentFactory] = [:]
    private var namespaceOrder: [String] = []
    public let fallbackHandler: any ComponentFallbackHandler

    public init(fallbackHandler: any ComponentFallbackHandler) {
        self.fallbackHandler = fallbackHandler
    }

    /// - Throws: `RegistrationError` when the namespace is taken. The same factory may serve
    ///   several namespaces.
    public func registerComponentFactory(_ factory: any ComponentFactory, forNamespace namespace: String) throws {
        guard factories[namespace] == nil else {
            throw RegistrationError(kind: "component factory", identifier: namespace, reason: .duplicate)
        }
        factories[namespace] = factory
        namespaceOrder.append(namespace)
    }

    public func unregisterComponentFactory(forNamespace namespace: String) {
        factories[namespace] = nil
        namespaceOrder.removeAll { $0 == namespace }
    }

    /// The registered namespaces, in registration order.
    public var registeredNamespaces: [String] { namespaceOrder }

    /// A new component for the model: from the namespace's factory, or the fallback for the
    /// model's category when there is no factory or it does not know the name.
    public func createComponent(for model: ComponentModel) -> any Component {
        createComponent(for: model.componentIdentifier, category: model.componentCategory)
    }

    /// A new component for an identifier, falling back by category.
    public func createComponent(for identifier: Identifier, category: ComponentCategory) -> any Component {
        if let component = factories[identifier.namespacePart]?.createComponent(forName: identifier.namePart) {
            return component
        }
        return fallbackHandler.createFallbackComponent(forCategory: category)
    }

    /// True when a factory (not the fallback) creates this component.
    public func hasComponent(for identifier: Identifier) -> Bool {
        factories[identifier.namespacePart]?.createComponent(forName: identifier.namePart) != nil
    }

    // MARK: Showcase

    /// Every component the showcase-aware factories list, in registration and listing order.
    public var showcaseableComponentIdentifiers: [Identifier] {
        namespaceOrder.flatMap { namespace -> [Identifier] in
            guard let provider = factories[namespace] as? any ComponentFactoryShowcaseNameProvider else { return [] }
            return provider.showcaseableComponentNames.map { Identifier(namespace: namespace, name: $0) }
        }
    }

    /// The human-readable name of a component, or nil when its factory does not provide one.
    public func showcaseName(for identifier: Identifier) -> String? {
        guard let provider = factories[identifier.namespacePart] as? any ComponentFactoryShowcaseNameProvider
        else { return nil }
        return provider.showcaseName(forComponentName: identifier.namePart)
    }

    /// Lets the component's factory fill `builder` with a sample model; false when it has none.
    public func fillShowcaseSample(for identifier: Identifier, builder: ComponentModelBuilder) -> Bool {
        guard let provider = factories[identifier.namespacePart] as? any ComponentFactoryShowcaseNameProvider
        else { return false }
        return provider.showcaseSampleModel(forComponentName: identifier.namePart, builder: builder)
    }
}
