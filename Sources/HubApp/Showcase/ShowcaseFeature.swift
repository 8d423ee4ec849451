import Foundation
import HubFramework
import HubGTK

/// The component showcase (with ``HubApplication/isShowcaseEnabled``).
///
/// - `showcase:` lists every component the registered factories make available for the showcase:
///   a heading per component (its name, `namespace:name`, the category of its sample and its layout
///   traits) followed by the component itself, showing a sample model — the one its factory
///   provides, or a generated one with a title, a subtitle and an image; then, under a heading, a row
///   for each of the app's ``HubApplication/showcaseDocuments``, which opens it.
/// - `showcase:NAMESPACE:NAME` shows that one component alone (for `--screenshot`, which then crops
///   the picture to the component). A sample whose category is `header` is shown as the
///   view's header there.
@MainActor
public enum ShowcaseFeature {
    /// The feature's identifier in the feature registry.
    public static let identifier = "showcase"
    /// The view URI of the list of every component.
    public static let rootURI = URL(string: "showcase:")!

    /// The view URI of one component.
    public static func uri(for component: Identifier) -> URL {
        URL(string: "showcase:\(component.identifierString)")!
    }

    /// The component a `showcase:NAMESPACE:NAME` URI names; nil for `showcase:` itself.
    public static func componentIdentifier(in uri: URL) -> Identifier? {
        let text = uri.absoluteString
        guard text.hasPrefix(rootURI.absoluteString) else { return nil }
        let rest = String(text.dropFirst(rootURI.absoluteString.count))
        guard !rest.isEmpty else { return nil }
        return Identifier(string: rest.removingPercentEncoding ?? rest)
    }

    /// The model identifier of a component's heading in `showcase:`.
    public static func headingModelIdentifier(for component: Identifier) -> String { "heading:\(component)" }
    /// The model identifier of a component's sample in `showcase:` (and in `showcase:NAMESPACE:NAME`).
    public static func sampleModelIdentifier(for component: Identifier) -> String { "sample:\(component)" }

    /// The model identifier of the heading above the showcase's documents.
    public static let documentsHeadingModelIdentifier = "heading:documents"
    /// The model identifier of a document's row in `showcase:`.
    public static func documentModelIdentifier(for document: ShowcaseDocument) -> String { "document:\(document.uri)" }

    /// Registers the feature anew, listing `documents` after the components, or unregisters it.
    static func setRegistered(_ isRegistered: Bool, in hub: Hub, documents: [ShowcaseDocument] = []) {
        if hub.featureRegistry.registration(withIdentifier: identifier) != nil {
            hub.featureRegistry.unregisterFeature(identifier: identifier)
        }
        if isRegistered { register(in: hub, documents: documents) }
    }

    private static func register(in hub: Hub, documents: [ShowcaseDocument]) {
        let registry = hub.componentRegistry
        let operation = BlockContentOperation { [weak registry] context in
            guard let registry else { return }
            if let component = componentIdentifier(in: context.viewURI) {
                addSingle(component, registry: registry, to: context.viewModelBuilder, uri: context.viewURI)
            } else {
                addList(registry: registry, to: context.viewModelBuilder)
                addDocuments(documents, to: context.viewModelBuilder)
            }
        }
        // The identifier is checked as free by the caller: registering cannot fail.
        try! hub.featureRegistry.registerFeature(
            identifier: identifier, viewURIPredicate: ViewURIPredicate(rootViewURI: rootURI),
            title: localized("Component Showcase"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }],
            exampleViewURIs: [rootURI],
            options: ["description": localized("Every registered component, with a sample model")])
    }

    private static func addList(registry: ComponentRegistry, to builder: ViewModelBuilder) {
        let components = registry.showcaseableComponentIdentifiers
        builder.navigationBarTitle = localized("Component Showcase")
        builder.setCustomDataValue(.number(Double(components.count)), forKey: "componentCount")
        for component in components {
            let heading = builder.bodyComponentModelBuilder(withIdentifier: headingModelIdentifier(for: component))
            let sample = builder.bodyComponentModelBuilder(withIdentifier: sampleModelIdentifier(for: component))
            let source = ComponentShowcase.fillSample(for: component, registry: registry, builder: sample)
            heading.componentNamespace = AppComponentFactory.showcaseHeading.namespacePart
            heading.componentName = AppComponentFactory.showcaseHeading.namePart
            heading.title = registry.showcaseName(for: component) ?? component.namePart
            heading.subtitle = component.identifierString
            let traits = registry.createComponent(for: component, category: sample.componentCategory).layoutTraits
                .map(\.rawValue).sorted()
            // Translators: the layout traits of a component in the showcase when it has none.
            let traitList = traits.isEmpty ? localized("none") : traits.joined(separator: ", ")
            let category = String(describing: sample.componentCategory)
            heading.accessoryTitle = source == .factory
                // Translators: a component's details in the showcase: %1$s is its category (row,
                // card…), %2$s its layout traits; the sample shown below it comes from its factory.
                ? localized("category %1$s · traits %2$s · sample from its factory", category, traitList)
                // Translators: a component's details in the showcase: %1$s is its category (row,
                // card…), %2$s its layout traits; the sample shown below it was generated.
                : localized("category %1$s · traits %2$s · generated sample", category, traitList)
            heading.customData = [
                "component": .string(component.identifierString),
                "category": .string(sample.componentCategory.rawValue),
                "traits": .array(traits.map { .string($0) }),
                "sample": .string(source.rawValue),
            ]
            heading.targetBuilder.uri = uri(for: component)
        }
    }

    /// A heading, then a row for each document, which opens it.
    private static func addDocuments(_ documents: [ShowcaseDocument], to builder: ViewModelBuilder) {
        guard !documents.isEmpty else { return }
        let heading = builder.bodyComponentModelBuilder(withIdentifier: documentsHeadingModelIdentifier)
        heading.componentNamespace = AppComponentFactory.showcaseHeading.namespacePart
        heading.componentName = AppComponentFactory.showcaseHeading.namePart
        // Translators: the heading in the showcase above the views written in JSON alone.
        heading.title = localized("Documents that respond")
        // Translators: under that heading: what the rows below it are.
        heading.subtitle = localized("Views written in JSON alone, with state, inputs and actions")
        for document in documents {
            let row = builder.bodyComponentModelBuilder(withIdentifier: documentModelIdentifier(for: document))
            row.componentNamespace = defaultComponentNamespace
            row.componentName = "row"
            row.title = document.title
            row.subtitle = document.subtitle
            row.targetBuilder.uri = document.uri
        }
    }

    private static func addSingle(_ component: Identifier, registry: ComponentRegistry, to builder: ViewModelBuilder,
                                  uri: URL)
    {
        guard registry.hasComponent(for: component) else {
            builder.navigationBarTitle = localized("No such component")
            let message = builder.bodyComponentModelBuilder(withIdentifier: "message")
            message.componentNamespace = defaultComponentNamespace
            message.componentName = "label"
            // Translators: %s is a component's identifier (namespace:name); keep showcase: as it is.
            message.title = localized("No factory makes a component called %s. Open showcase: to see every component.",
                                      String(describing: component))
            return
        }
        builder.navigationBarTitle = registry.showcaseName(for: component) ?? component.identifierString
        let sample = builder.bodyComponentModelBuilder(withIdentifier: sampleModelIdentifier(for: component))
        ComponentShowcase.fillSample(for: component, registry: registry, builder: sample)
        if sample.componentCategory == .header {
            builder.removeBodyComponentModelBuilder(withIdentifier: sampleModelIdentifier(for: component))
            ComponentShowcase.fillSample(for: component, registry: registry,
                                         builder: builder.headerComponentModelBuilder)
        }
    }
}
