import Foundation
import HubFramework
import HubGTK

/// `hub-demo:root` — the viewer's start page: a row for every registered feature, leading to it.
@MainActor
enum RootFeature {
    static func register(in hub: Hub) {
        let registry = hub.featureRegistry
        let operation = BlockContentOperation { [weak registry] context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = localized("Hub Framework Demo")
            for feature in registry?.allRegistrations ?? [] where feature.identifier != "root" {
                guard let target = feature.exampleViewURIs.first else { continue }
                let row = builder.bodyComponentModelBuilder(withIdentifier: feature.identifier)
                row.componentName = "row"
                row.title = feature.title
                row.subtitle = feature.options[FeatureRegistry.demoDescriptionOption] ?? target.absoluteString
                row.targetBuilder.uri = target
            }
        }
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "root", viewURI: DemoFeatures.rootURI, title: localized("Hub Framework Demo"),
            description: localized("Every feature of this viewer"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
    }
}
