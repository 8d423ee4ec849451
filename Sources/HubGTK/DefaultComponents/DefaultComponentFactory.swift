import GtkKit
import HubFramework

/// The components that ship with HubFramework for GTK, registered under the `default` namespace:
/// `row`, `label`, `image`, `searchBar`, `activityIndicator`, `header`, `carousel`, `colorContainer`,
/// and the inputs a document binds to its state: `entry`, `textArea`, `switch`, `checkbox`,
/// `dropdown`, `slider`, `spinButton`, and `button`.
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
        // Translators: the name of a component (a one-line text field) in the component showcase.
        ("entry", localized("Text field"), { EntryComponent() }),
        // Translators: the name of a component (a text field of several lines) in the component showcase.
        ("textArea", localized("Text area"), { TextAreaComponent() }),
        // Translators: the name of a component (an on/off switch) in the component showcase.
        ("switch", localized("Switch"), { SwitchComponent() }),
        // Translators: the name of a component (a check box) in the component showcase.
        ("checkbox", localized("Check box"), { CheckboxComponent() }),
        // Translators: the name of a component (a button that opens a list of options) in the
        // component showcase.
        ("dropdown", localized("Dropdown"), { DropdownComponent() }),
        // Translators: the name of a component (a slider that picks a number) in the component showcase.
        ("slider", localized("Slider"), { SliderComponent() }),
        // Translators: the name of a component (a number field with + and − buttons) in the
        // component showcase.
        ("spinButton", localized("Spin button"), { SpinButtonComponent() }),
        // Translators: the name of a component (a push button) in the component showcase.
        ("button", localized("Button"), { ButtonComponent() }),
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
        case "entry", "textArea", "switch", "checkbox", "dropdown", "slider", "spinButton", "button":
            fillInputSample(forComponentName: name, builder: builder)
        default:
            return false
        }
        return true
    }

    /// An input's sample: a title, and the `state` and `input` a document would give it (the
    /// component's own variable, so that the sample works in any view).
    private func fillInputSample(forComponentName name: String, builder: ComponentModelBuilder) {
        builder.componentCategory = .row
        let variable = "sample"
        var state: JSONValue
        var input: JSONObject = ["variable": .string(variable)]
        switch name {
        case "entry":
            // Translators: sample text of the showcase: the title of a text field.
            builder.title = localized("Email")
            state = ""
            input["placeholder"] = .string(localized("name@example.org"))
            input["purpose"] = "email"
        case "textArea":
            // Translators: sample text of the showcase: the title of a text field of several lines.
            builder.title = localized("Message")
            state = ""
            // Translators: sample text of the showcase: the hint in an empty text field.
            input["placeholder"] = .string(localized("What would you like to tell us?"))
        case "switch":
            // Translators: sample text of the showcase: the title of an on/off switch.
            builder.title = localized("Notifications")
            state = true
        case "checkbox":
            // Translators: sample text of the showcase: the label of a check box.
            builder.title = localized("I accept the terms")
            state = false
        case "dropdown":
            // Translators: sample text of the showcase: the title of a list of options.
            builder.title = localized("Size")
            // Translators: sample text of the showcase: an option of a list (one of three sizes).
            let options = [localized("Small"), localized("Medium"), localized("Large")]
            state = .string(options[1])
            input["options"] = .array(options.map { .string($0) })
        case "slider":
            // Translators: sample text of the showcase: the title of a slider.
            builder.title = localized("Volume")
            state = 40
            input["maximum"] = 100
            input["step"] = 5
        case "spinButton":
            // Translators: sample text of the showcase: the title of a number field.
            builder.title = localized("Guests")
            state = 2
            input["minimum"] = 1
            input["maximum"] = 12
        default:
            // Translators: sample text of the showcase: the label of a button.
            builder.title = localized("Send")
            return
        }
        _ = builder.addJSON(dictionary: ["state": .object([variable: state]), "input": .object(input)])
    }

    /// The fallback handler the default components suggest: `default:row` defaults, an image card
    /// for the `card` category and a row for anything else.
    public static func makeFallbackHandler() -> DefaultComponentFallbackHandler {
        DefaultComponentFallbackHandler { category in
            category == .card ? ImageComponent() as any Component : RowComponent()
        }
    }
}
