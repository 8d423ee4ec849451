import Foundation

/// The features of an app, in registration order.
@MainActor
public final class FeatureRegistry {
    private var registrations: [FeatureRegistration] = []

    public init() {}

    /// Registers a feature.
    ///
    /// - Throws: `RegistrationError` when the identifier is taken or there are no content operation factories.
    public func registerFeature(identifier: String, viewURIPredicate: ViewURIPredicate, title: String,
                                contentOperationFactories: [any ContentOperationFactory],
                                contentReloadPolicy: (any ContentReloadPolicy)? = nil,
                                customJSONSchemaIdentifier: String? = nil, actionHandler: (any ActionHandler)? = nil,
                                exampleViewURIs: [URL] = [], options: [String: String] = [:],
                                scrollHandler: AnyObject? = nil) throws
    {
        guard registration(withIdentifier: identifier) == nil else {
            throw RegistrationError(kind: "feature", identifier: identifier, reason: .duplicate)
        }
        guard !contentOperationFactories.isEmpty else {
            throw RegistrationError(kind: "feature", identifier: identifier,
                                    reason: .invalid("it needs at least one content operation factory"))
        }
        registrations.append(FeatureRegistration(
            identifier: identifier, title: title, viewURIPredicate: viewURIPredicate,
            contentOperationFactories: contentOperationFactories, contentReloadPolicy: contentReloadPolicy,
            customJSONSchemaIdentifier: customJSONSchemaIdentifier, actionHandler: actionHandler,
            exampleViewURIs: exampleViewURIs, options: options, scrollHandler: scrollHandler))
    }

    /// Removes a feature; unknown identifiers are ignored. A feature registered again later is
    /// looked up after the features registered before it (the original kept its old priority).
    public func unregisterFeature(identifier: String) {
        registrations.removeAll { $0.identifier == identifier }
    }

    /// The first registered feature whose predicate accepts the URI.
    public func featureRegistration(forViewURI viewURI: URL) -> FeatureRegistration? {
        registrations.first { $0.viewURIPredicate.evaluate(viewURI) }
    }

    /// The feature registered under `identifier`.
    public func registration(withIdentifier identifier: String) -> FeatureRegistration? {
        registrations.first { $0.identifier == identifier }
    }

    /// Every registered feature, in registration order.
    public var allRegistrations: [FeatureRegistration] { registrations }
}
