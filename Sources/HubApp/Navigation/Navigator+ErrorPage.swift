import Foundation
import HubFramework
import HubGTK

extension Navigator {
    /// Why a URI could not be shown.
    enum ErrorReason {
        case empty, malformed, unhandled
        case broken(String)
    }

    /// The page shown instead of a view that cannot be: what was wrong, and a row per registered
    /// feature (its first example URI), so that the user can go on from there.
    func errorPage(for text: String, reason: ErrorReason) -> Page {
        let features = hub.featureRegistry.allRegistrations
        let example = exampleURI ?? features.lazy.compactMap(\.exampleViewURIs.first).first
        let operation = BlockContentOperation { context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = "Nothing to show"
            let message = builder.bodyComponentModelBuilder(withIdentifier: "message")
            message.componentNamespace = defaultComponentNamespace
            message.componentName = "label"
            switch reason {
            case .empty:
                message.title = example.map { "Type a view URI, for example \($0.absoluteString)." }
                    ?? "Type a view URI."
            case .malformed: message.title = "“\(text)” is not a valid URI."
            case .unhandled: message.title = "No feature handles “\(text)”."
            case .broken(let why): message.title = "“\(text)” could not be opened: \(why)"
            }
            message.customData = ["fullWidth": true]
            let heading = builder.bodyComponentModelBuilder(withIdentifier: "features-heading")
            heading.componentNamespace = defaultComponentNamespace
            heading.componentName = "row"
            heading.title = "Registered features"
            heading.subtitle = "Open one of these instead"
            for feature in features {
                guard let example = feature.exampleViewURIs.first else { continue }
                let row = builder.bodyComponentModelBuilder(withIdentifier: "feature-\(feature.identifier)")
                row.componentNamespace = defaultComponentNamespace
                row.componentName = "row"
                row.title = feature.title
                row.subtitle = example.absoluteString
                row.targetBuilder.uri = example
            }
        }
        // A view of its own, not a registered feature: no app URI can open it by accident.
        let controller = try! hub.viewControllerFactory.createViewController(
            forViewURI: URL(string: "hub-app:error")!, contentOperations: [operation],
            featureIdentifier: "error", featureTitle: "Nothing to show")
        return Page(uri: text, viewController: controller, isErrorPage: true)
    }
}
