/// The action factories of an app, by namespace, and the default selection action.
@MainActor
public final class ActionRegistry {
    private var factories = FactoriesByNamespace<any ActionFactory>(kind: "action factory")

    /// Runs when a component without target actions (or whose actions all declined) is selected.
    public let selectionAction: any Action

    /// Creates a registry without factories.
    /// - Parameter selectionAction: the action performed when a selection is not handled by the
    ///   target's own actions; usually a ``SelectionAction`` that opens the target URI.
    public init(selectionAction: any Action) {
        self.selectionAction = selectionAction
    }

    /// Makes `factory` create the actions whose identifiers have the namespace `namespace`.
    ///
    /// - Parameters:
    ///   - factory: asked for a new action by name every time an action of the namespace is performed.
    ///   - namespace: the `namespace` part of the action identifiers the factory serves.
    /// - Throws: ``RegistrationError`` when the namespace is taken.
    public func registerActionFactory(_ factory: any ActionFactory, forNamespace namespace: String) throws {
        try factories.register(factory, forNamespace: namespace)
    }

    /// Removes the factory of `namespace`, which can then be registered again. Does nothing for a
    /// namespace without a factory.
    public func unregisterActionFactory(forNamespace namespace: String) {
        factories.unregister(namespace: namespace)
    }

    /// The namespaces that have a factory, sorted: what a client's ``ClientCapabilities/actions``
    /// lists as `namespace:*`.
    public var registeredNamespaces: [String] { factories.namespaces.sorted() }

    /// A new action for `identifier`, or nil when no factory creates one.
    public func createCustomAction(for identifier: Identifier) -> (any Action)? {
        factories[namespace: identifier.namespacePart]?.createAction(forName: identifier.namePart)
    }
}
