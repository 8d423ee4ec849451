import Foundation

/// The features of an app, in registration order.
@MainActor
public final class FeatureRegistry {
    private var registrations: [FeatureRegistration] = []

    /// Creates an empty registry. ``HubManager`` makes the app's one.
    public init() {}

    /// Registers a feature: it handles the view URIs its predicate accepts that no feature
    /// registered earlier handles.
    ///
    /// - Parameters:
    ///   - identifier: a unique name for the feature (in logs, errors and ``FeatureInfo``).
    ///   - viewURIPredicate: which view URIs the feature handles.
    ///   - title: a title for people; the navigation title of views that set none.
    ///   - contentOperationFactories: asked, in order, for the operations of each new loader; the
    ///     operations of all of them form the chain.
    ///   - contentReloadPolicy: whether views that reappear load again; nil uses the manager's
    ///     default policy, and without one views always reload.
    ///   - customJSONSchemaIdentifier: the schema, registered in the ``JSONSchemaRegistry``, that
    ///     the chain's builders read JSON with; nil or an unknown identifier means the default schema.
    ///   - actionHandler: sees the actions of the feature's views before their action objects;
    ///     nil uses the manager's default handler.
    ///   - exampleViewURIs: URIs people can open; the viewer lists them.
    ///   - options: free-form settings for the rendering layer.
    ///   - scrollHandler: an object the rendering layer understands (HubGTK: a
    ///     `ViewControllerScrollHandler`); nil uses its default.
    /// - Throws: ``RegistrationError`` when the identifier is taken or there are no content operation factories.
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
