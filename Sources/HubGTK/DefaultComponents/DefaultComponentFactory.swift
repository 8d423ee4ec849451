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

    public init() {}

    public func createComponent(forName name: String) -> (any Component)? {
        Self.makers.first { $0.name == name }?.make()
    }

    public var showcaseableComponentNames: [String] { Self.makers.map(\.name) }

    public func showcaseName(forComponentName name: String) -> String? {
        Self.makers.first { $0.name == name }?.title
    }

    /// The fallback handler the default components suggest: `default:row` defaults, an image card
    /// for the `card` category and a row for anything else.
    public static func makeFallbackHandler() -> DefaultComponentFallbackHandler {
        DefaultComponentFallbackHandler { category in
            category == .card ? ImageComponent() as any Component : RowComponent()
        }
    }
}
