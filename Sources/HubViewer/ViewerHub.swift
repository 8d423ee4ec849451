import Foundation
import HubFramework
import HubGTK

/// Builds the viewer's `Hub`: the default components under `default`, the demo features, and
/// the navigator as the opener of target URIs.
@MainActor
public enum ViewerHub {
    /// The margin between components (the original demo used 15).
    public static let componentMargin = 15.0

    public static func make(connectivity: (any ConnectivityStateResolver)? = nil) -> Hub {
        var configuration = HubManager.Configuration(componentMargin: componentMargin)
        configuration.connectivityStateResolver = connectivity
        let hub = Hub(configuration: configuration, fallbackHandler: DefaultComponentFactory.makeFallbackHandler())
        try! hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(),
                                                            forNamespace: defaultComponentNamespace)
        try! hub.componentRegistry.registerComponentFactory(ViewerComponentFactory(),
                                                            forNamespace: ViewerComponentFactory.namespace)
        DemoFeatures.register(in: hub)
        return hub
    }
}

/// Registers the demo features.
@MainActor
public enum DemoFeatures {
    public static let rootURI = URL(string: "hub-demo:root")!

    public static func register(in hub: Hub) {
        RootFeature.register(in: hub)
        ReallyLongListFeature.register(in: hub)
        ShowcaseFeature.register(in: hub)
        LiveFeature.register(in: hub)
    }
}
