import Foundation
@_exported import GtkKit
import HubFramework

/// Everything an app needs to show Hub Framework views with GTK: the toolkit-free `HubManager`
/// (features, actions, JSON schemas, content loading), the component registry with its fallback
/// handler, and the factory that creates view controllers.
@MainActor
public final class Hub {
    /// The toolkit-free core: features, JSON schemas, actions and content loading.
    public let manager: HubManager
    /// The component factories by namespace, and the fallback handler; register your factories here.
    public let componentRegistry: ComponentRegistry
    /// Creates the ``ViewController`` of a view URI.
    public let viewControllerFactory: ViewControllerFactory

    /// Creates the app's hub. Create one at start-up, on the main thread, and register features,
    /// component factories and action factories on it before the first view opens.
    ///
    /// - Parameters:
    ///   - configuration: the core configuration; its component defaults are replaced by the
    ///     fallback handler's, so that new models default to a component that exists.
    ///   - fallbackHandler: supplies component defaults and fallback components.
    ///   - imageLoaderFactory: creates one image loader per view controller; nil uses
    ///     `ComponentImageLoader` with the default loader (http, https, file) and the shared cache.
    ///     Pass `{ nil }` for no image loading at all.
    public init(configuration: HubManager.Configuration, fallbackHandler: any ComponentFallbackHandler,
                imageLoaderFactory: (@MainActor () -> ComponentImageLoading?)? = nil)
    {
        let imageLoaderFactory = imageLoaderFactory ?? ComponentImageLoader.factory()
        var configuration = configuration
        configuration.componentDefaults = fallbackHandler.componentDefaults
        manager = HubManager(configuration: configuration)
        componentRegistry = ComponentRegistry(fallbackHandler: fallbackHandler)
        viewControllerFactory = ViewControllerFactory(manager: manager, componentRegistry: componentRegistry,
                                                      imageLoaderFactory: imageLoaderFactory)
        // Asked when each view's loader is made: what is registered by then counts.
        manager.viewModelLoaderFactory.clientCapabilities = { [weak self] in self?.clientCapabilities }
    }

    /// The default layout manager with `componentMargin`, and a fallback closure per category.
    public convenience init(componentMargin: Double,
                            fallback: @escaping @MainActor (ComponentCategory) -> any Component)
    {
        self.init(configuration: HubManager.Configuration(componentMargin: componentMargin),
                  fallbackHandler: DefaultComponentFallbackHandler(fallback: fallback))
    }

    /// The manager's feature registry, where features are registered.
    public var featureRegistry: FeatureRegistry { manager.featureRegistry }
    /// The manager's action registry, where action factories are registered.
    public var actionRegistry: ActionRegistry { manager.actionRegistry }
    /// The manager's JSON schema registry, where custom schemas are registered.
    public var jsonSchemaRegistry: JSONSchemaRegistry { manager.jsonSchemaRegistry }

    /// What this app's views can show (docs/json.md, "What a client can show"): the components of the
    /// component registry (``ComponentRegistry/clientComponentIdentifiers``), the actions, expression
    /// language, features and app of the manager
    /// (``/HubFramework/HubManager/clientCapabilities(components:)``). Every view's loader reads its
    /// documents for it, made when the view opens: a component that needs something the app lacks
    /// gives way to its fallback, and every document request names it in its `Hub-Client` header.
    public var clientCapabilities: ClientCapabilities {
        manager.clientCapabilities(components: componentRegistry.clientComponentIdentifiers)
    }
}
