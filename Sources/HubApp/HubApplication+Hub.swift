import Foundation
import HubFramework
import HubGTK

extension HubApplication {
    /// The margin between components that ``makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``
    /// uses unless told otherwise (the original demo's 15 points).
    public static let defaultComponentMargin = 15.0

    /// A hub with what most apps want: the default components under `default` (rows, labels,
    /// images, a carousel, a header…) and as the fallback for unknown names, images loaded from
    /// http, https and files, icons from the GTK icon theme, and connectivity from GIO's network
    /// monitor.
    /// - Parameters:
    ///   - resourcesDirectory: where relative image paths and JSON `local` image names are looked up;
    ///     nil makes them fail (remote images and theme icons still load).
    ///   - componentMargin: the space between components, in points.
    ///   - connectivityStateResolver: tells content operations whether the machine is online; nil
    ///     asks GIO's network monitor.
    ///   - contentLimits: the bounds every document the app reads must stay within (size, nesting,
    ///     text length, component count); see `ContentLimits`.
    public static func makeHub(resourcesDirectory: URL? = nil, componentMargin: Double = defaultComponentMargin,
                               connectivityStateResolver: (any ConnectivityStateResolver)? = nil,
                               contentLimits: ContentLimits = .default) -> Hub
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
