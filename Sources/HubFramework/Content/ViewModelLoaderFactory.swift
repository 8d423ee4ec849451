import Foundation

/// Creates the loader (the content loading chain) for a view URI from the registered features.
@MainActor
public final class ViewModelLoaderFactory {
    private let featureRegistry: FeatureRegistry
    private let jsonSchemaRegistry: JSONSchemaRegistry
    private let initialViewModelRegistry: InitialViewModelRegistry
    private let defaultContentReloadPolicy: (any ContentReloadPolicy)?
    private let prependedContentOperationFactory: (any ContentOperationFactory)?
    private let appendedContentOperationFactory: (any ContentOperationFactory)?
    private let connectivityStateResolver: any ConnectivityStateResolver

    public init(featureRegistry: FeatureRegistry, jsonSchemaRegistry: JSONSchemaRegistry,
                initialViewModelRegistry: InitialViewModelRegistry,
                defaultContentReloadPolicy: (any ContentReloadPolicy)? = nil,
                prependedContentOperationFactory: (any ContentOperationFactory)? = nil,
                appendedContentOperationFactory: (any ContentOperationFactory)? = nil,
                connectivityStateResolver: any ConnectivityStateResolver)
    {
        self.featureRegistry = featureRegistry
        self.jsonSchemaRegistry = jsonSchemaRegistry
        self.initialViewModelRegistry = initialViewModelRegistry
        self.defaultContentReloadPolicy = defaultContentReloadPolicy
        self.prependedContentOperationFactory = prependedContentOperationFactory
        self.appendedContentOperationFactory = appendedContentOperationFactory
        self.connectivityStateResolver = connectivityStateResolver
    }

    /// Whether a registered feature handles the URI.
    public func canCreateViewModelLoader(forViewURI viewURI: URL) -> Bool {
        featureRegistry.featureRegistration(forViewURI: viewURI) != nil
    }

    /// A loader for the URI: the manager's prepended operations, then each of the feature's
    /// factories' operations in order, then the appended ones. Nil when no feature handles the URI.
    ///
    /// - Throws: `RegistrationError` when all factories together created no operation.
    public func createViewModelLoader(forViewURI viewURI: URL) throws -> ViewModelLoader? {
        guard let feature = featureRegistry.featureRegistration(forViewURI: viewURI) else { return nil }
        var operations: [any ContentOperation] = []
        operations += prependedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        for factory in feature.contentOperationFactories {
            operations += factory.createContentOperations(forViewURI: viewURI)
        }
        operations += appendedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        let schema = jsonSchemaRegistry.schema(forIdentifier: feature.customJSONSchemaIdentifier)
        return try ViewModelLoader(
            viewURI: viewURI, featureInfo: feature.featureInfo, operations: operations,
            makeBuilder: { schema.makeViewModelBuilder() },
            reloadPolicy: feature.contentReloadPolicy ?? defaultContentReloadPolicy,
            connectivityStateResolver: connectivityStateResolver,
            initialViewModel: initialViewModelRegistry.initialViewModel(forViewURI: viewURI))
    }

    /// A loader for content operations that belong to no registered feature (live editing, tests).
    /// The manager's prepended and appended operations still apply.
    public func createViewModelLoader(forViewURI viewURI: URL, contentOperations: [any ContentOperation],
                                      featureInfo: FeatureInfo, jsonSchemaIdentifier: String? = nil) throws
        -> ViewModelLoader
    {
        var operations: [any ContentOperation] = []
        operations += prependedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        operations += contentOperations
        operations += appendedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        let schema = jsonSchemaRegistry.schema(forIdentifier: jsonSchemaIdentifier)
        return try ViewModelLoader(
            viewURI: viewURI, featureInfo: featureInfo, operations: operations,
            makeBuilder: { schema.makeViewModelBuilder() }, reloadPolicy: defaultContentReloadPolicy,
            connectivityStateResolver: connectivityStateResolver, initialViewModel: nil)
    }
}
