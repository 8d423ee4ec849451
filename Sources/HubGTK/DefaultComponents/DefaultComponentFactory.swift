import GtkKit
import HubFramework

/// The components that ship with HubFramework for GTK, registered under the `default` namespace:
/// `row`, `label`, `image`, `searchBar`, `activityIndicator`, `header`, `carousel`, `colorContainer`.
@MainActor
public final class DefaultComponentFactory: ComponentFactoryShowcaseNameProvider {
    private static let makers: [(name: String, title: String, make: @MainActor () -> any Component)] = [
        // Translators: the name of a component (a list row) in the component showcase.
        ("row", localized("Row"), { RowComponent() }),
        // Translators: the name of a component (a text label) in the component showcase.
        ("label", localized("Label"), { LabelComponent() }),
        ("image", localized("Image card"), { ImageComponent() }),
        ("searchBar", localized("Search bar"), { SearchBarComponent() }),
        ("activityIndicator", localized("Activity indicator"), { ActivityIndicatorComponent() }),
        ("header", localized("Collapsing header"), { HeaderComponent() }),
        // Translators: the name of a component (a row of cards that scrolls sideways) in the
        // component showcase.
        ("carousel", localized("Carousel"), { CarouselComponent() }),
        ("colorContainer", localized("Color container"), { ColorContainerComponent() }),
    ]

    /// Creates the factory. Register it under ``/HubFramework/defaultComponentNamespace`` (`default`), the namespace the default component defaults name.
    public init() {}

    public func createComponent(forName name: String) -> (any Component)? {
        Self.makers.first { $0.name == name }?.make()
    }

    public var showcaseableComponentNames: [String] { Self.makers.map(\.name) }

    public func showcaseName(forComponentName name: String) -> String? {
        Self.makers.first { $0.name == name }?.title
    }

    /// Samples that show what each component does (the showcase and the docs use them).
    public func showcaseSampleModel(forComponentName name: String, builder: ComponentModelBuilder) -> Bool {
        switch name {
        case "row":
            builder.componentCategory = .row
            builder.title = localized("Row title")
            builder.subtitle = localized("A subtitle, in a dimmer colour")
            // Translators: sample text of the showcase: the short text at the end of a list row.
            builder.accessoryTitle = localized("Accessory")
            builder.mainImage = ComponentShowcase.sampleImage(named: "default:row", size: RowComponent.imageSize)
        case "label":
            builder.componentCategory = .row
            builder.title = localized("A label shows its title as multi-line text, centred in the space it needs.")
        case "image":
            builder.componentCategory = .card
            builder.title = localized("Image card")
            builder.mainImage = ComponentShowcase.sampleImage(named: "default:image")
        case "searchBar":
            builder.componentCategory = .row
            builder.customData = ["placeholder": .string(localized("Search the showcase"))]
        case "activityIndicator":
            builder.componentCategory = .row
        case "header":
            builder.componentCategory = .header
            builder.title = localized("Collapsing header")
            builder.backgroundImage = ComponentShowcase.sampleImage(named: "default:header",
                                                                    size: Size(width: 800, height: 250))
        case "carousel":
            builder.componentCategory = .carousel
            for index in 0..<6 {
                let card = builder.childBuilder(withIdentifier: "card-\(index)")
                card.componentNamespace = defaultComponentNamespace
                card.componentName = "image"
                card.componentCategory = .card
                // Translators: sample cards of the showcase's carousel; %s is the card's number.
                card.title = localized("Card %s", LocalizedFormat.number(index + 1))
                card.mainImage = ComponentShowcase.sampleImage(named: "default:carousel:\(index)")
            }
        case "colorContainer":
            builder.componentCategory = .banner
            builder.customData = ["color": "blue"]
            let child = builder.childBuilder(withIdentifier: "content")
            child.componentNamespace = defaultComponentNamespace
            child.componentName = "row"
            child.title = localized("A row inside a colour container")
            // Translators: sample text of the showcase; keep the JSON ({"color": "blue"}) as it is.
            child.subtitle = localized("custom data: {\"color\": \"blue\"}")
        default:
            return false
        }
        return true
    }

    /// The fallback handler the default components suggest: `default:row` defaults, an image card
    /// for the `card` category and a row for anything else.
    public static func makeFallbackHandler() -> DefaultComponentFallbackHandler {
        DefaultComponentFallbackHandler { category in
            category == .card ? ImageComponent() as any Component : RowComponent()
        }
    }
}
