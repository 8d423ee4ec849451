import Foundation

/// The toolkit-free heart of an app using the Hub Framework: its registries and the factory that
/// turns view URIs into content loading chains. Create one per app (it is not a singleton) and
/// hand it to the rendering layer (HubGTK's `Hub`).
@MainActor
public final class HubManager {
    /// What an app supplies. Everything but the layout manager and the component defaults has a default.
    public struct Configuration {
        /// Turns layout traits into margins, for every view.
        public var layoutManager: any ComponentLayoutManager
        /// The namespace, name and category new component models start with.
        public var componentDefaults: ComponentDefaults
        /// Tells content operations whether the app is online. Default: always online.
        public var connectivityStateResolver: (any ConnectivityStateResolver)?
        /// Resolves icon identifiers; without one, models have no icons or placeholder icons.
        public var iconImageResolver: (any IconImageResolver)?
        /// Resolves `local` image names of JSON.
        public var localImageResolver: (any LocalImageResolver)?
        /// Handles actions of features that have no action handler of their own.
        public var defaultActionHandler: (any ActionHandler)?
        /// Runs when a component is selected and no target action handled it. Default:
        /// `SelectionAction`, which opens the target URI with the manager's `uriOpener`.
        public var selectionAction: (any Action)?
        /// Used by features that have no reload policy. Nil: views always reload when they reappear.
        public var defaultContentReloadPolicy: (any ContentReloadPolicy)?
        /// Operations run before every feature's own operations.
        public var prependedContentOperationFactory: (any ContentOperationFactory)?
        /// Operations run after every feature's own operations.
        public var appendedContentOperationFactory: (any ContentOperationFactory)?
        /// The bounds every document read by the app's content operations must stay within; given
        /// to each operation that reads documents (``ContentOperationReadingDocuments``) when its
        /// view's chain is assembled. ``ContentLimits/default`` unless set.
        public var contentLimits: ContentLimits = .default
        /// Where documents' own requests may go (``ServerRequestPolicy``): to each document's
        /// origin only, unless set. The manager's ``HubManager/serverRequestPolicy`` starts as this.
        public var serverRequestPolicy: ServerRequestPolicy = .default

        /// A configuration with the two values that have no default.
        /// - Parameters:
        ///   - layoutManager: the app's spacing rules.
        ///   - componentDefaults: what new component models start with, and what a model that
        ///     names no component is rendered with.
        public init(layoutManager: any ComponentLayoutManager, componentDefaults: ComponentDefaults) {
            self.layoutManager = layoutManager
            self.componentDefaults = componentDefaults
        }

        /// The default layout manager with one margin, and the `default:row` component defaults.
        public init(componentMargin: Double,
                    componentDefaults: ComponentDefaults = ComponentDefaults(namespace: defaultComponentNamespace,
                                                                             name: "row", category: .row))
        {
            self.init(layoutManager: DefaultComponentLayoutManager(margin: componentMargin),
                      componentDefaults: componentDefaults)
        }
    }

    /// The configuration the manager was created with.
    public let configuration: Configuration
    /// The app's features: register each one here at start-up.
    public let featureRegistry = FeatureRegistry()
    /// The default JSON schema (built from the configuration's component defaults and resolvers)
    /// and the custom schemas features refer to.
    public let jsonSchemaRegistry: JSONSchemaRegistry
    /// The action factories by namespace, and the default selection action.
    public let actionRegistry: ActionRegistry
    /// Initial view models supplied by selected components' targets for their destinations.
    public let initialViewModelRegistry = InitialViewModelRegistry()
    /// Creates the loader of a view URI from the registered features.
    public let viewModelLoaderFactory: ViewModelLoaderFactory
    /// The variables every view of the app sees (a backend manifest's `state`). Declare them
    /// before the first view opens: each view's document is checked against the declarations there
    /// were when its loader was made.
    public let appState = AppState()
    /// The configuration's resolver, or a ``ManualConnectivityStateResolver`` that says online
    /// when the configuration has none.
    public let connectivityStateResolver: any ConnectivityStateResolver

    /// Where documents' own requests (`request`, `submit`, event streams) may go, given to each view
    /// made from now on: the configuration's at first; a backend app's manifest adds its
    /// `allowedOrigins`.
    public var serverRequestPolicy: ServerRequestPolicy

    /// The app as the ``ClientCapabilities/headerName`` header names it, `name/version` (the form of a
    /// `User-Agent` product, such as `hub-viewer/0.2.0`); nil names none. HubApp's `HubApplication`
    /// sets its command name and version. Set it before the first view opens.
    public var clientApp: String?

    /// The document features the app's client reads (``ClientCapabilities/features``): the
    /// framework's (``ClientCapabilities/builtInFeatures``) unless the app adds its own.
    public var clientFeatures = ClientCapabilities.builtInFeatures

    /// What the app's client can show, given the components its rendering layer creates
    /// (`namespace:name`, or `namespace:*`; HubGTK's `Hub.clientCapabilities` lists its component
    /// registry's): the types of the actions a document writes and `namespace:*` for each namespace
    /// of the action registry, this framework's expression language, ``clientFeatures`` and
    /// ``clientApp``.
    public func clientCapabilities(components: [String]) -> ClientCapabilities {
        ClientCapabilities(components: components,
                           actions: JSONActionCompiler.types + actionRegistry.registeredNamespaces.map { $0 + ":*" },
                           expressions: ExpressionLanguage.version, features: clientFeatures, app: clientApp)
    }

    /// Opens target URIs for the default selection action (the viewer's router).
    public weak var uriOpener: (any URIOpener)? {
        didSet { (actionRegistry.selectionAction as? SelectionAction)?.opener = uriOpener }
    }

    /// The configuration's layout manager, used by every view.
    public var layoutManager: any ComponentLayoutManager { configuration.layoutManager }
    /// The configuration's component defaults.
    public var componentDefaults: ComponentDefaults { configuration.componentDefaults }
    /// The configuration's action handler for features without one; nil when there is none.
    public var defaultActionHandler: (any ActionHandler)? { configuration.defaultActionHandler }

    /// Creates a manager with empty registries. Create it on the main thread, at start-up, and
    /// register features, schemas and action factories before the first view opens.
    public init(configuration: Configuration) {
        self.configuration = configuration
        serverRequestPolicy = configuration.serverRequestPolicy
        connectivityStateResolver = configuration.connectivityStateResolver ?? ManualConnectivityStateResolver()
        jsonSchemaRegistry = JSONSchemaRegistry(
            defaultSchema: JSONSchema(componentDefaults: configuration.componentDefaults,
                                      iconImageResolver: configuration.iconImageResolver,
                                      localImageResolver: configuration.localImageResolver))
        actionRegistry = ActionRegistry(selectionAction: configuration.selectionAction
                                            ?? SelectionAction(opener: nil))
        viewModelLoaderFactory = ViewModelLoaderFactory(
            featureRegistry: featureRegistry, jsonSchemaRegistry: jsonSchemaRegistry,
            initialViewModelRegistry: initialViewModelRegistry,
            defaultContentReloadPolicy: configuration.defaultContentReloadPolicy,
            prependedContentOperationFactory: configuration.prependedContentOperationFactory,
            appendedContentOperationFactory: configuration.appendedContentOperationFactory,
            connectivityStateResolver: connectivityStateResolver,
            contentLimits: configuration.contentLimits)
        viewModelLoaderFactory.appState = appState
    }

    /// A manager with the default layout manager (one margin) and `default:row` defaults.
    public convenience init(componentMargin: Double) {
        self.init(configuration: Configuration(componentMargin: componentMargin))
    }

    /// A new empty builder using the default schema (for building content in code outside a chain).
    public func makeViewModelBuilder() -> ViewModelBuilder {
        jsonSchemaRegistry.createNewSchema().makeViewModelBuilder()
    }
}
