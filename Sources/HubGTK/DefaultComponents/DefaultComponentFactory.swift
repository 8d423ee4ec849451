import HubFramework

/// The components that ship with HubFramework for GTK, registered under the `default` namespace:
/// `row`, `label`, `image`, `searchBar`, `activityIndicator`, `header`, `carousel`, `colorContainer`.
@MainActor
public final class DefaultComponentFactory: ComponentFactoryShowcaseNameProvider {
    private static let makers: [(name: String, title: String, make: @MainActor () -> any Component)] = [
        ("row", "Row", { RowComponent() }),
        ("label", "Label", { LabelComponent() }),
        ("image", "Image card", { ImageComponent() }),
        ("searchBar", "Search bar", { SearchBarComponent() }),
        ("activityIndicator", "Activity indicator", { ActivityIndicatorComponent() }),
        ("header", "Collapsing header", { HeaderComponent() }),
        ("carousel", "Carousel", { CarouselComponent() }),
        ("colorContainer", "Color container", { ColorContainerComponent() }),
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
            builder.title = "Row title"
            builder.subtitle = "A subtitle, in a dimmer colour"
            builder.accessoryTitle = "Accessory"
            builder.mainImage = ComponentShowcase.sampleImage(named: "default:row", size: RowComponent.imageSize)
        case "label":
            builder.componentCategory = .row
            builder.title = "A label shows its title as multi-line text, centred in the space it needs."
        case "image":
            builder.componentCategory = .card
            builder.title = "Image card"
            builder.mainImage = ComponentShowcase.sampleImage(named: "default:image")
        case "searchBar":
            builder.componentCategory = .row
            builder.customData = ["placeholder": "Search the showcase"]
        case "activityIndicator":
            builder.componentCategory = .row
        case "header":
            builder.componentCategory = .header
            builder.title = "Collapsing header"
            builder.backgroundImage = ComponentShowcase.sampleImage(named: "default:header",
                                                                    size: Size(width: 800, height: 250))
        case "carousel":
            builder.componentCategory = .carousel
            for index in 0..<6 {
                let card = builder.childBuilder(withIdentifier: "card-\(index)")
                card.componentNamespace = defaultComponentNamespace
                card.componentName = "image"
                card.componentCategory = .card
                card.title = "Card \(index + 1)"
                card.mainImage = ComponentShowcase.sampleImage(named: "default:carousel:\(index)")
            }
        case "colorContainer":
            builder.componentCategory = .banner
            builder.customData = ["color": "blue"]
            let child = builder.childBuilder(withIdentifier: "content")
            child.componentNamespace = defaultComponentNamespace
            child.componentName = "row"
            child.title = "A row inside a colour container"
            child.subtitle = "custom data: {\"color\": \"blue\"}"
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
