import Foundation
import HubFramework
import HubGTK

/// The hub most apps want (``HubApplication/makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``):
/// the default components under `default` and as the fallback for unknown names, images from
/// http, https and files, icons from the GTK icon theme, connectivity from GIO's network monitor.
@MainActor
enum DefaultHub {
    /// A new hub; the parameters are those of `HubApplication.makeHub`.
    static func make(resourcesDirectory: URL?, componentMargin: Double,
                     connectivityStateResolver: (any ConnectivityStateResolver)?, contentLimits: ContentLimits) -> Hub
    {
        var configuration = HubManager.Configuration(componentMargin: componentMargin)
        configuration.contentLimits = contentLimits
        configuration.connectivityStateResolver = connectivityStateResolver ?? NetworkMonitorConnectivityResolver()
        configuration.iconImageResolver = ThemeIconResolver()
        if let resourcesDirectory {
            configuration.localImageResolver = ResourceImageResolver(directory: resourcesDirectory)
        }
        let hub = Hub(configuration: configuration, fallbackHandler: DefaultComponentFactory.makeFallbackHandler(),
                      imageLoaderFactory: ComponentImageLoader.factory(
                          configuration: DefaultImageLoader.Configuration(resourcesDirectory: resourcesDirectory)))
        // The namespace is new in a new registry: registering cannot fail.
        try! hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(),
                                                            forNamespace: defaultComponentNamespace)
        return hub
    }
}
