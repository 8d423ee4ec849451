/// An app's factories of one kind (action factories, component factories) by the namespace of the
/// identifiers they serve, in the order they were registered: what ``ActionRegistry`` and HubGTK's
/// component registry keep.
package struct FactoriesByNamespace<Factory> {
    /// What the factories are, in words ("action factory"): the error a taken namespace throws
    /// starts with it.
    private let kind: String
    private var factories: [String: Factory] = [:]
    /// The namespaces with a factory, in registration order.
    package private(set) var namespaces: [String] = []

    package init(kind: String) {
        self.kind = kind
    }

    /// The factory of `namespace`, if any.
    package subscript(namespace namespace: String) -> Factory? { factories[namespace] }

    /// Makes `factory` the one of `namespace`; throws a ``RegistrationError`` (`duplicate`) when the
    /// namespace has one already.
    package mutating func register(_ factory: Factory, forNamespace namespace: String) throws(RegistrationError) {
        guard factories[namespace] == nil else {
            throw RegistrationError(kind: kind, identifier: namespace, reason: .duplicate)
        }
        factories[namespace] = factory
        namespaces.append(namespace)
    }

    /// Removes the factory of `namespace`, if any: the namespace can be registered again.
    package mutating func unregister(namespace: String) {
        guard factories.removeValue(forKey: namespace) != nil else { return }
        namespaces.removeAll { $0 == namespace }
    }
}
