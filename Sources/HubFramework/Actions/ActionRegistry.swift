/// The action factories of an app, by namespace, and the default selection action.
@MainActor
public final class ActionRegistry {
    private var factories: [String: any ActionFactory] = [:]

    /// Runs when a component without target actions (or whose actions all declined) is selected.
    public let selectionAction: any Action

    public init(selectionAction: any Action) {
        self.selectionAction = selectionAction
    }

    /// - Throws: `RegistrationError` when the namespace is taken.
    public func registerActionFactory(_ factory: any ActionFactory, forNamespace namespace: String) throws {
        guard factories[namespace] == nil else {
            throw RegistrationError(kind: "action factory", identifier: namespace, reason: .duplicate)
        }
        factories[namespace] = factory
    }

    public func unregisterActionFactory(forNamespace namespace: String) {
        factories[namespace] = nil
    }

    /// A new action for `identifier`, or nil when no factory creates one.
    public func createCustomAction(for identifier: Identifier) -> (any Action)? {
        factories[identifier.namespacePart]?.createAction(forName: identifier.namePart)
    }
}
