import Foundation
import HubApp

/// Registers the viewer's demo features.
@MainActor
public enum DemoFeatures {
    /// The root view, which lists every feature: the viewer's start URI.
    public nonisolated static let rootURI = URL(string: "hub-demo:root")!

    /// Registers the demo features and their actions in `hub`, in the order the root view lists them.
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
    }
}
