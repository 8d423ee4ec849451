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
    /// Given to every operation of a chain that reads documents.
    public let contentLimits: ContentLimits
    /// The app's variables: every builder knows their declarations, so that documents may use them.
    var appState: AppState?
    /// Asked what the app's client can show each time a loader is made: the loader's builders read
    /// documents for it (a component it cannot show gives way to its fallback) and its requests name
    /// it. HubGTK's `Hub` sets it; nil (or nil returned) reads documents for no client in particular.
    package var clientCapabilities: (@MainActor () -> ClientCapabilities?)?

    /// Creates a factory. ``HubManager`` makes the app's one from its registries and configuration.
    ///
    /// - Parameters:
    ///   - featureRegistry: where the features are looked up by view URI.
    ///   - jsonSchemaRegistry: supplies the feature's custom JSON schema (or the default) for the
    ///     loader's builders.
    ///   - initialViewModelRegistry: initial view models supplied by selected components' targets.
    ///   - defaultContentReloadPolicy: used for features without a policy of their own; nil reloads
    ///     every time a view reappears.
    ///   - prependedContentOperationFactory: its operations run before every feature's.
    ///   - appendedContentOperationFactory: its operations run after every feature's.
    ///   - connectivityStateResolver: what the loaders ask whether the app is online.
    ///   - contentLimits: given to every operation of a chain that reads documents
    ///     (``ContentOperationReadingDocuments``).
    public init(featureRegistry: FeatureRegistry, jsonSchemaRegistry: JSONSchemaRegistry,
                initialViewModelRegistry: InitialViewModelRegistry,
                defaultContentReloadPolicy: (any ContentReloadPolicy)? = nil,
                prependedContentOperationFactory: (any ContentOperationFactory)? = nil,
                appendedContentOperationFactory: (any ContentOperationFactory)? = nil,
                connectivityStateResolver: any ConnectivityStateResolver,
                contentLimits: ContentLimits = .default)
    {
        self.contentLimits = contentLimits
        self.featureRegistry = featureRegistry
        self.jsonSchemaRegistry = jsonSchemaRegistry
        self.initialViewModelRegistry = initialViewModelRegistry
        self.defaultContentReloadPolicy = defaultContentReloadPolicy
        self.prependedContentOperationFactory = prependedContentOperationFactory
        self.appendedContentOperationFactory = appendedContentOperationFactory
        self.connectivityStateResolver = connectivityStateResolver
    }

    /// Whether a registered feature handles the URI. To create a loader, call
    /// `createViewModelLoader(forViewURI:)` directly: it returns nil in that case, and asking first
    /// would look the feature up twice.
    public func canCreateViewModelLoader(forViewURI viewURI: URL) -> Bool {
        featureRegistry.featureRegistration(forViewURI: viewURI) != nil
    }

    /// A loader for the URI: the manager's prepended operations, then each of the feature's
    /// factories' operations in order, then the appended ones. Nil when no feature handles the URI.
    ///
    /// - Throws: `RegistrationError` when all factories together created no operation.
    public func createViewModelLoader(forViewURI viewURI: URL) throws -> ViewModelLoader? {
        guard let feature = featureRegistry.featureRegistration(forViewURI: viewURI) else { return nil }
        return try createViewModelLoader(for: feature, viewURI: viewURI)
    }

    /// A loader for a URI whose feature the caller already looked up (with
    /// `FeatureRegistry.featureRegistration(forViewURI:)`), so that opening a URI evaluates the
    /// features' predicates once. Same chain as `createViewModelLoader(forViewURI:)`.
    ///
    /// - Throws: `RegistrationError` when all factories together created no operation.
    public func createViewModelLoader(for feature: FeatureRegistration, viewURI: URL) throws -> ViewModelLoader {
        try makeLoader(
            forViewURI: viewURI, featureInfo: feature.featureInfo,
            operations: feature.contentOperationFactories.flatMap { $0.createContentOperations(forViewURI: viewURI) },
            jsonSchemaIdentifier: feature.customJSONSchemaIdentifier,
            reloadPolicy: feature.contentReloadPolicy ?? defaultContentReloadPolicy,
            initialViewModel: initialViewModelRegistry.initialViewModel(forViewURI: viewURI))
    }

    /// A loader for content operations that belong to no registered feature (live editing, tests).
    /// The manager's prepended and appended operations still apply.
    public func createViewModelLoader(forViewURI viewURI: URL, contentOperations: [any ContentOperation],
                                      featureInfo: FeatureInfo, jsonSchemaIdentifier: String? = nil) throws
        -> ViewModelLoader
    {
        try makeLoader(
            forViewURI: viewURI, featureInfo: featureInfo, operations: contentOperations,
            jsonSchemaIdentifier: jsonSchemaIdentifier, reloadPolicy: defaultContentReloadPolicy, initialViewModel: nil)
    }

    /// Wraps `operations` in the manager's prepended and appended operations and creates the loader.
    /// The factories are asked in chain order: prepended, `operations`, appended.
    private func makeLoader(forViewURI viewURI: URL, featureInfo: FeatureInfo,
                            operations: @autoclosure () -> [any ContentOperation],
                            jsonSchemaIdentifier: String?, reloadPolicy: (any ContentReloadPolicy)?,
                            initialViewModel: ViewModel?) throws -> ViewModelLoader
    {
        var chain = prependedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        chain += operations()
        chain += appendedContentOperationFactory?.createContentOperations(forViewURI: viewURI) ?? []
        for case let reader as any ContentOperationReadingDocuments in chain { reader.limits = contentLimits }
        let schema = jsonSchemaRegistry.schema(forIdentifier: jsonSchemaIdentifier)
        let appDeclarations = appState?.declarations ?? StateDeclarations()
        // Once per loader: the components and actions registered by the time its view opens.
        let client = clientCapabilities?()
        let loader = try ViewModelLoader(
            viewURI: viewURI, featureInfo: featureInfo, operations: chain,
            makeBuilder: {
                let builder = schema.makeViewModelBuilder(clientCapabilities: client)
                builder.appStateDeclarations = appDeclarations
                return builder
            }, reloadPolicy: reloadPolicy,
            connectivityStateResolver: connectivityStateResolver, initialViewModel: initialViewModel)
        loader.readDocuments(within: contentLimits, for: client)
        return loader
    }
}
