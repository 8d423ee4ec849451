import Foundation
import HubFramework

extension FeatureRegistry {
    /// The option that holds a demo feature's line on the root page (``RootFeature``).
    static let demoDescriptionOption = "description"

    /// Registers a demo feature that shows one view, `viewURI`: the root page lists it under `title`
    /// and `description` and leads to that view. Every demo but the JSON document, which opens any
    /// file, is one view registered this way.
    /// - Throws: ``/HubFramework/RegistrationError`` as `registerFeature` does (a taken identifier).
    func registerDemoFeature(identifier: String, viewURI: URL, title: String, description: String,
                             contentOperationFactories: [any ContentOperationFactory],
                             customJSONSchemaIdentifier: String? = nil,
                             actionHandler: (any ActionHandler)? = nil) throws
    {
        try registerFeature(identifier: identifier, viewURIPredicate: ViewURIPredicate(viewURI: viewURI), title: title,
                            contentOperationFactories: contentOperationFactories,
                            customJSONSchemaIdentifier: customJSONSchemaIdentifier, actionHandler: actionHandler,
                            exampleViewURIs: [viewURI], options: [Self.demoDescriptionOption: description])
    }
}
