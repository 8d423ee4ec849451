import Foundation
import HubFramework
import HubGTK

/// `hub-demo:prettypictures` — a carousel of pictures over a grid of the same pictures: the first
/// two span the view, the other two sit side by side. Selecting a picture opens its Wikipedia
/// page through the feature's action handler.
@MainActor
final class PrettyPicturesContentOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?

    static let pictureIdentifiers = ["gothenburg", "kiev", "tokyo", "zurich"]
    /// The pictures' titles, the cities' names in the user's language.
    static let names = [
        // Translators: names of cities, the titles of the Pretty Pictures demo's pictures.
        "gothenburg": localized("Gothenburg"), "kiev": localized("Kyiv"), "tokyo": localized("Tokyo"),
        // Translators: names of cities, the titles of the Pretty Pictures demo's pictures.
        "zurich": localized("Zurich"),
    ]

    /// Our own pictures of the four cities (the original pointed at remote copies of its photos),
    /// so the feature also works offline.
    static func imageURL(_ identifier: String) -> URL {
        ResourceLocator.resource("images/cities/\(identifier == "kiev" ? "kyiv" : identifier).jpg")
    }

    static func pageURL(_ identifier: String) -> URL {
        URL(string: "https://en.wikipedia.org/wiki/\(identifier)")!
    }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let carousel = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "carousel")
        carousel.componentName = "carousel"
        for identifier in Self.pictureIdentifiers {
            let picture = carousel.childBuilder(withIdentifier: "carousel-picture-\(identifier)")
            picture.componentNamespace = defaultComponentNamespace
            picture.componentName = "image"
            configure(picture, identifier)
        }
        for (index, identifier) in Self.pictureIdentifiers.enumerated() {
            let picture = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "picture-\(identifier)")
            picture.componentName = "image"
            configure(picture, identifier)
            if index < 2 { picture.customData = ["fullWidth": true] }
        }
        delegate?.contentOperationDidFinish(self)
    }

    private func configure(_ picture: ComponentModelBuilder, _ identifier: String) {
        picture.title = Self.names[identifier]
        picture.mainImageURL = Self.imageURL(identifier)
        picture.targetBuilder.uri = Self.pageURL(identifier)
    }
}

/// Opens the selected picture's page itself (the original showed it in an in-app browser; here
/// it goes to the desktop's browser), so the default selection action never runs. Actions on
/// components without a target URI are left to the framework.
@MainActor
final class PrettyPicturesActionHandler: ActionHandler {
    private weak var hub: Hub?
    private let environment: DemoEnvironment
    /// The pages opened so far (most recent last).
    private(set) var openedPages: [URL] = []

    init(hub: Hub, environment: DemoEnvironment) {
        self.hub = hub
        self.environment = environment
    }

    func handleAction(with context: ActionContext) -> Bool {
        guard let uri = context.componentModel?.target?.uri else { return false }
        openedPages.append(uri)
        if let opener = environment.webPageOpener {
            _ = opener(uri)
        } else {
            _ = hub?.manager.uriOpener?.open(uri)
        }
        return true
    }
}

@MainActor
enum PrettyPicturesFeature {
    static let viewURI = URL(string: "hub-demo:prettypictures")!

    static func register(in hub: Hub, environment: DemoEnvironment) {
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "prettyPictures", viewURI: viewURI, title: localized("Pretty Pictures"),
            description: localized("A feature that displays a carousel & grid of pictures"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [PrettyPicturesContentOperation()] }],
            actionHandler: PrettyPicturesActionHandler(hub: hub, environment: environment))
    }
}
