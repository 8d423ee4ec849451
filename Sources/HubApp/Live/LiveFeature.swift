import Foundation
import HubFramework
import HubGTK

/// `live:` — the document pushed with `hublive` (with ``HubApplication/isLiveEditingEnabled``).
/// Every open `live:` view shows the same `LiveDocument` and reloads in place when it changes; bad
/// documents are listed in an overlay (``AppComponentFactory/liveProblems``) over the last good one.
@MainActor
public enum LiveFeature {
    /// The feature's identifier in the feature registry.
    public static let identifier = "live"
    /// The view URI of the live view.
    public static let rootURI = URL(string: "live:")!

    /// Registers or unregisters the feature (registering twice keeps the first document).
    static func setRegistered(_ isRegistered: Bool, in hub: Hub) {
        let registered = hub.featureRegistry.registration(withIdentifier: identifier) != nil
        if !isRegistered {
            if registered { hub.featureRegistry.unregisterFeature(identifier: identifier) }
            return
        }
        guard !registered else { return }
        let document = LiveDocument(schema: hub.jsonSchemaRegistry.createNewSchema(),
                                    serviceStatus: localized("The live service is not running in this app."))
        let components = LiveContentOperation.Components(
            message: Identifier(namespace: defaultComponentNamespace, name: "label"),
            problems: AppComponentFactory.liveProblems)
        // The identifier is checked as free above: registering cannot fail.
        try! hub.featureRegistry.registerFeature(
            identifier: identifier, viewURIPredicate: ViewURIPredicate(rootViewURI: rootURI),
            // Translators: the title of the view that shows the JSON document pushed with hublive
            // (live editing), shown again each time the file is saved.
            title: localized("Live"),
            contentOperationFactories: [LiveContentOperationFactory(document: document, components: components)],
            exampleViewURIs: [rootURI],
            options: ["description": localized("A JSON file pushed with hublive, shown again every time it is saved")])
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
