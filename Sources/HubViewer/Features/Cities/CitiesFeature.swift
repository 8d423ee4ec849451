import Foundation
import HubFramework
import HubGTK

// The Cities feature of the getting-started guide, built the way the guide builds it: a feature
// with one view, `cities:overview`, whose content comes from two content operations — one adding
// a row per city in code, one adding a grid of pictures from a JSON file — rendered by the
// `cities:row` and `cities:image` components.

/// Adds the navigation bar title and a `cities:row` for each city (title: the city, subtitle: its country).
@MainActor
final class CitiesContentOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?

    /// The cities, as the rows' identifiers name them (`city-Madrid`…).
    static let cities = ["Madrid", "Rome", "Berlin", "Amsterdam"]
    /// Each city's name in the user's language (the row's title).
    static let names = [
        // Translators: names of cities, the rows of the Cities demo.
        "Madrid": localized("Madrid"), "Rome": localized("Rome"), "Berlin": localized("Berlin"),
        // Translators: names of cities, the rows of the Cities demo.
        "Amsterdam": localized("Amsterdam"),
    ]
    /// Each city's country in the user's language (the row's subtitle).
    static let countries = [
        // Translators: names of countries, under their cities in the Cities demo.
        "Madrid": localized("Spain"), "Rome": localized("Italy"), "Berlin": localized("Germany"),
        // Translators: names of countries, under their cities in the Cities demo.
        "Amsterdam": localized("Netherlands"),
    ]

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        viewModelBuilder.navigationBarTitle = featureInfo.title

        for city in Self.cities {
            let rowBuilder = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "city-\(city)")
            rowBuilder.componentNamespace = "cities"
            rowBuilder.componentName = "row"
            rowBuilder.title = Self.names[city]
            rowBuilder.subtitle = Self.countries[city]
        }

        delegate?.contentOperationDidFinish(self)
    }
}

/// Adds the pictures: the body components of `data/city-images.json` (`cities:image`, each with a
/// background image).
@MainActor
final class CitiesImageContentOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    private let jsonURL: URL

    init(jsonURL: URL = ResourceLocator.data("city-images.json")) {
        self.jsonURL = jsonURL
    }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        do {
            let jsonData = try Data(contentsOf: jsonURL)
            try viewModelBuilder.addJSON(data: jsonData)
        } catch {
            delegate?.contentOperation(self, didFailWithError: error)
            return
        }
        delegate?.contentOperationDidFinish(self)
    }
}

/// Creates the content loading chain of every Cities view: the rows, then the pictures.
@MainActor
final class CitiesContentOperationFactory: ContentOperationFactory {
    func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation] {
        [CitiesContentOperation(), CitiesImageContentOperation()]
    }
}

@MainActor
enum CitiesFeature {
    static let viewURI = URL(string: "cities:overview")!

    /// Registers the `cities` component factory and the feature.
    static func register(in hub: Hub) {
        try! hub.componentRegistry.registerComponentFactory(CitiesComponentFactory(), forNamespace: "cities")
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "cities", viewURI: viewURI, title: localized("Cities"),
            description: localized("A feature that renders beautiful cities"),
            contentOperationFactories: [CitiesContentOperationFactory()])
    }
}
