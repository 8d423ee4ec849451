import Foundation
import HubFramework
import HubGTK

extension Navigator {
    /// Why a URI could not be shown.
    enum ErrorReason {
        case empty, malformed, unhandled, tooLong
        /// An http(s) or mailto URI that no application of the desktop opened.
        case noApplication
        case broken(String)
    }

    /// The most characters of what the user typed that a message quotes.
    static let longestQuote = 120

    /// `text` in quotation marks for a sentence: at most ``longestQuote`` characters of it (the start
    /// and the end, "…" between), inside Unicode isolates (U+2068 … U+2069) so that a right-to-left
    /// override or right-to-left text in it cannot reorder the sentence around it.
    static func quoted(_ text: String) -> String {
        var shown = text
        if text.count > longestQuote {
            shown = String(text.prefix(longestQuote - 21)) + "…" + String(text.suffix(20))
        }
        return "“\u{2068}\(shown)\u{2069}”"
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
            case .malformed: message.title = "\(Self.quoted(text)) is not a valid URI."
            case .unhandled: message.title = "No feature handles \(Self.quoted(text))."
            case .tooLong:
                message.title = "\(Self.quoted(text)) is too long to be a view URI: "
                    + "\(text.utf8.count.formatted()) bytes, where the limit is \(Navigator.maximumURILength.formatted())."
            case .noApplication:
                message.title = "No application on this computer opens \(Self.quoted(text))."
            case .broken(let why): message.title = "\(Self.quoted(text)) could not be opened: \(why)"
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
        let factory = hub.viewControllerFactory
        let make: @MainActor () -> ViewController = {
            try! factory.createViewController(
                forViewURI: URL(string: "hub-app:error")!, contentOperations: [operation],
                featureIdentifier: "error", featureTitle: "Nothing to show")
        }
        return Page(uri: text, isErrorPage: true, viewController: make(), makeViewController: make)
    }
}
