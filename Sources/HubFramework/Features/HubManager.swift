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

    public let configuration: Configuration
    public let featureRegistry = FeatureRegistry()
    public let jsonSchemaRegistry: JSONSchemaRegistry
    public let actionRegistry: ActionRegistry
    public let initialViewModelRegistry = InitialViewModelRegistry()
    public let viewModelLoaderFactory: ViewModelLoaderFactory
    public let connectivityStateResolver: any ConnectivityStateResolver

    /// Opens target URIs for the default selection action (the viewer's router).
    public weak var uriOpener: (any URIOpener)? {
        didSet { (actionRegistry.selectionAction as? SelectionAction)?.opener = uriOpener }
    }

    public var layoutManager: any ComponentLayoutManager { configuration.layoutManager }
    public var componentDefaults: ComponentDefaults { configuration.componentDefaults }
    public var defaultActionHandler: (any ActionHandler)? { configuration.defaultActionHandler }

    public init(configuration: Configuration) {
        self.configuration = configuration
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
            connectivityStateResolver: connectivityStateResolver)
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
