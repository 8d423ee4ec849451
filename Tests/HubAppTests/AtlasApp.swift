import Foundation
import HubApp
import HubGTKTestSupport

/// A small app that is not the viewer, for the shell's tests: `atlas:countries` lists three countries;
/// each leads to `atlas:country:NAME`, which has a bar button.
@MainActor
enum AtlasApp {
    static let countries = URL(string: "atlas:countries")!
    static let names = ["France", "Japan", "Peru"]
    static let favourite = Identifier(namespace: "atlas", name: "favourite")

    static func countryURI(_ name: String) -> URL { URL(string: "atlas:country:\(name.lowercased())")! }

    /// The app as an outside package writes it: a title, a start URI, its features; on the test
    /// process's shared application (GTK registers one application per process), where
    /// ``HubApplication/startup()`` does what registering does for an app of its own.
    static func make() throws -> HubApplication {
        let app = HubApplication(application: SharedApplication.application, title: "Atlas", startURI: countries,
                                 version: "2.1")
        app.commandName = "atlas"
        let list = BlockContentOperation { context in
            context.viewModelBuilder.navigationBarTitle = "Countries"
            for name in names {
                let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: name)
                row.title = name
                row.targetBuilder.uri = countryURI(name)
            }
        }
        try app.hub.featureRegistry.registerFeature(
            identifier: "countries", viewURIPredicate: ViewURIPredicate(viewURI: countries), title: "Countries",
            contentOperationFactories: [BlockContentOperationFactory { _ in [list] }], exampleViewURIs: [countries])
        try app.hub.featureRegistry.registerFeature(
            identifier: "country",
            viewURIPredicate: ViewURIPredicate { $0.absoluteString.hasPrefix("atlas:country:") },
            title: "Country",
            contentOperationFactories: [BlockContentOperationFactory { uri in
                let name = names.first { countryURI($0) == uri } ?? "Nowhere"
                return [BlockContentOperation { context in
                    context.viewModelBuilder.navigationBarTitle = name
                    context.viewModelBuilder.navigationItem.rightItems = [
                        BarButtonItem(title: "Favourite", iconName: "starred-symbolic", actionIdentifier: favourite)
                    ]
                    context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "about").title = "About \(name)"
                }]
            }],
            exampleViewURIs: [countryURI("Peru")])
        return app
    }
}
