import Foundation
import HubFramework

/// Everything an app needs to show Hub Framework views with GTK: the toolkit-free `HubManager`
/// (features, actions, JSON schemas, content loading), the component registry with its fallback
/// handler, and the factory that creates view controllers.
@MainActor
public final class Hub {
    public let manager: HubManager
    public let componentRegistry: ComponentRegistry
    public let viewControllerFactory: ViewControllerFactory

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
    }

    /// The default layout manager with `componentMargin`, and a fallback closure per category.
    public convenience init(componentMargin: Double,
                            fallback: @escaping @MainActor (ComponentCategory) -> any Component)
    {
        self.init(configuration: HubManager.Configuration(componentMargin: componentMargin),
                  fallbackHandler: DefaultComponentFallbackHandler(fallback: fallback))
    }

    public var featureRegistry: FeatureRegistry { manager.featureRegistry }
    public var actionRegistry: ActionRegistry { manager.actionRegistry }
    public var jsonSchemaRegistry: JSONSchemaRegistry { manager.jsonSchemaRegistry }
}
