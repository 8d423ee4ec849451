import Foundation
import HubFramework
import HubGTK

/// Builds the viewer's `Hub`: the default components under `default`, the demo features, and
/// the navigator as the opener of target URIs.
@MainActor
public enum ViewerHub {
    /// The margin between components (the original demo used 15).
    public static let componentMargin = 15.0

    public static func make(connectivity: (any ConnectivityStateResolver)? = nil,
                            environment: DemoEnvironment = .shared) -> Hub {
        var configuration = HubManager.Configuration(componentMargin: componentMargin)
        configuration.connectivityStateResolver = connectivity ?? NetworkMonitorConnectivityResolver()
        // Icons from the GTK icon theme; JSON `local` names and relative image paths from Resources/.
        let resources = ResourceLocator.resourcesDirectory
        configuration.iconImageResolver = ThemeIconResolver()
        configuration.localImageResolver = ResourceImageResolver(directory: resources)
        let hub = Hub(configuration: configuration, fallbackHandler: DefaultComponentFactory.makeFallbackHandler(),
                      imageLoaderFactory: ComponentImageLoader.factory(
                          configuration: DefaultImageLoader.Configuration(resourcesDirectory: resources)))
        try! hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(),
                                                            forNamespace: defaultComponentNamespace)
        try! hub.componentRegistry.registerComponentFactory(ViewerComponentFactory(),
                                                            forNamespace: ViewerComponentFactory.namespace)
        DemoFeatures.register(in: hub, environment: environment)
        return hub
    }
}

/// Registers the demo features.
@MainActor
public enum DemoFeatures {
    public static let rootURI = URL(string: "hub-demo:root")!

    /// - Parameter environment: where GitHub search, the todo list and Pretty Pictures take
    ///   their network access, text prompt and web page opener from.
    public static func register(in hub: Hub, environment: DemoEnvironment = .shared) {
        RootFeature.register(in: hub)
        GitHubSearchFeature.register(in: hub, environment: environment)
        PrettyPicturesFeature.register(in: hub, environment: environment)
        ReallyLongListFeature.register(in: hub)
        TodoListFeature.register(in: hub, environment: environment)
        StickyHeaderFeature.register(in: hub)
        CitiesFeature.register(in: hub)
        JSONFileFeature.register(in: hub)
        ShowcaseFeature.register(in: hub)
        LiveFeature.register(in: hub)
    }
}
