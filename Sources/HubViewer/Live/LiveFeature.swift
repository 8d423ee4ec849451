import Foundation
import HubFramework
import HubGTK

/// `live:` — the document pushed with `hublive`. Every open `live:` view shows the same
/// `LiveDocument` and reloads in place when it changes; bad documents are listed in an overlay
/// (`viewer:liveProblems`) over the last good one.
@MainActor
public enum LiveFeature {
    public static let identifier = "live"
    public static let rootURI = URL(string: "live:")!

    static func register(in hub: Hub) {
        let document = LiveDocument(schema: hub.jsonSchemaRegistry.createNewSchema(),
                                    serviceStatus: "The live service is not running in this viewer.")
        let components = LiveContentOperation.Components(
            message: Identifier(namespace: defaultComponentNamespace, name: "label"),
            problems: ViewerComponentFactory.liveProblems)
        try! hub.featureRegistry.registerFeature(
            identifier: identifier, viewURIPredicate: ViewURIPredicate(rootViewURI: rootURI), title: "Live",
            contentOperationFactories: [LiveContentOperationFactory(document: document, components: components)],
            exampleViewURIs: [rootURI],
            options: ["description": "A JSON file pushed with hublive, shown again every time it is saved"])
    }

    /// The document the hub's `live:` views show; nil when the live feature is not registered.
    public static func document(in hub: Hub) -> LiveDocument? {
        let factories = hub.featureRegistry.registration(withIdentifier: identifier)?.contentOperationFactories
        return (factories?.first as? LiveContentOperationFactory)?.document
    }

    /// True for `live:` view URIs.
    public static func isLiveURI(_ uri: URL) -> Bool {
        uri.absoluteString.hasPrefix(rootURI.absoluteString)
    }
}
