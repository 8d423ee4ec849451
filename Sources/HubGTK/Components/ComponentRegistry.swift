import HubFramework

/// The component factories of an app, by namespace, plus the fallback handler.
/// Also answers the component showcase's questions.
@MainActor
public final class ComponentRegistry {
    private var factories = FactoriesByNamespace<any ComponentFactory>(kind: "component factory")
    /// Supplies the component defaults and the components for unknown `namespace:name`s.
    public let fallbackHandler: any ComponentFallbackHandler

    /// Creates a registry without factories. ``Hub`` makes the app's one.
    /// - Parameter fallbackHandler: supplies components for models no factory knows.
    public init(fallbackHandler: any ComponentFallbackHandler) {
        self.fallbackHandler = fallbackHandler
    }

    /// Makes `factory` create the components whose identifiers have the namespace `namespace`.
    /// Register before the first view opens: views already on screen keep the components they have.
    ///
    /// - Parameters:
    ///   - factory: asked for a new component by name whenever a view needs one (and once per
    ///     `namespace:name` for the measuring instance).
    ///   - namespace: the `namespace` part of the component identifiers the factory serves.
    /// - Throws: ``/HubFramework/RegistrationError`` when the namespace is taken. The same factory
    ///   may serve several namespaces.
    public func registerComponentFactory(_ factory: any ComponentFactory, forNamespace namespace: String) throws {
        try factories.register(factory, forNamespace: namespace)
    }

    /// Removes the factory of `namespace`; models of that namespace then get fallback components.
    /// Does nothing for a namespace without a factory.
    public func unregisterComponentFactory(forNamespace namespace: String) {
        factories.unregister(namespace: namespace)
    }

    /// The registered namespaces, in registration order.
    public var registeredNamespaces: [String] { factories.namespaces }

    /// A new component for the model: from the namespace's factory, or the fallback for the
    /// model's category when there is no factory or it does not know the name.
    public func createComponent(for model: ComponentModel) -> any Component {
        createComponent(for: model.componentIdentifier, category: model.componentCategory)
    }

    /// A new component for an identifier, falling back by category.
    public func createComponent(for identifier: Identifier, category: ComponentCategory) -> any Component {
        if let factory = factories[namespace: identifier.namespacePart],
            let component = factory.createComponent(forName: identifier.namePart)
        {
            return component
        }
        return fallbackHandler.createFallbackComponent(forCategory: category)
    }

    /// The components the registry's factories create, as a client names them
    /// (``/HubFramework/ClientCapabilities/components``), sorted: `namespace:name` for each name a
    /// factory lists (``ComponentFactoryShowcaseNameProvider/showcaseableComponentNames``), and
    /// `namespace:*` for a namespace whose factory lists none: such a factory may create any name.
    public var clientComponentIdentifiers: [String] {
        factories.namespaces.flatMap { namespace -> [String] in
            guard let provider = factories[namespace: namespace] as? any ComponentFactoryShowcaseNameProvider else {
                return [namespace + ":*"]
            }
            return provider.showcaseableComponentNames.map { Identifier(namespace: namespace, name: $0).identifierString }
        }.sorted()
    }

    /// True when a factory (not the fallback) creates this component.
    public func hasComponent(for identifier: Identifier) -> Bool {
        factories[namespace: identifier.namespacePart]?.createComponent(forName: identifier.namePart) != nil
    }

    // MARK: Showcase

    /// Every component the showcase-aware factories list, in registration and listing order.
    public var showcaseableComponentIdentifiers: [Identifier] {
        factories.namespaces.flatMap { namespace -> [Identifier] in
            guard let provider = factories[namespace: namespace] as? any ComponentFactoryShowcaseNameProvider
            else { return [] }
            return provider.showcaseableComponentNames.map { Identifier(namespace: namespace, name: $0) }
        }
    }

    /// The human-readable name of a component, or nil when its factory does not provide one.
    public func showcaseName(for identifier: Identifier) -> String? {
        guard let provider = factories[namespace: identifier.namespacePart] as? any ComponentFactoryShowcaseNameProvider
        else { return nil }
        return provider.showcaseName(forComponentName: identifier.namePart)
    }

    /// Lets the component's factory fill `builder` with a sample model; false when it has none.
    public func fillShowcaseSample(for identifier: Identifier, builder: ComponentModelBuilder) -> Bool {
        guard let provider = factories[namespace: identifier.namespacePart] as? any ComponentFactoryShowcaseNameProvider
        else { return false }
        return provider.showcaseSampleModel(forComponentName: identifier.namePart, builder: builder)
    }
}
