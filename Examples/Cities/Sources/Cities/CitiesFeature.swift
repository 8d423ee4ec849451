import Foundation
import HubApp

/// Registers the `cities` components and the feature that shows `cities:overview`: a row per city,
/// added in code, then the pictures of a JSON file.
@MainActor
func registerCities(in hub: Hub, pictures: URL) throws {
    try hub.componentRegistry.registerComponentFactory(
        BlockComponentFactory(["row": { CityRowComponent() }, "image": { CityImageComponent() }]),
        forNamespace: "cities")
    let rows = BlockContentOperation { context in
        context.viewModelBuilder.navigationBarTitle = "Cities"
        for (city, country) in [("Madrid", "Spain"), ("Rome", "Italy"), ("Berlin", "Germany")] {
            let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: city)
            row.componentNamespace = "cities"
            row.componentName = "row"
            row.title = city
            row.subtitle = country
        }
    }
    try hub.featureRegistry.registerFeature(
        identifier: "cities", viewURIPredicate: ViewURIPredicate(viewURI: URL(string: "cities:overview")!),
        title: "Cities",
        contentOperationFactories: [BlockContentOperationFactory { _ in [rows, JSONContentOperation(url: pictures)] }])
}
