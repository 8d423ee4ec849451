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

    /// `text` as a sentence quotes it: at most ``longestQuote`` characters of it (the start and the
    /// end, "…" between), inside Unicode isolates (U+2068 … U+2069) so that a right-to-left override
    /// or right-to-left text in it cannot reorder the sentence around it. The quotation marks are
    /// the message's (“%s”), so that a translation can use its language's.
    static func quoted(_ text: String) -> String {
        var shown = text
        if text.count > longestQuote {
            shown = String(text.prefix(longestQuote - 21)) + "…" + String(text.suffix(20))
        }
        return "\u{2068}\(shown)\u{2069}"
    }

    /// The page shown instead of a view that cannot be: what was wrong, and a row per registered
    /// feature (its first example URI), so that the user can go on from there.
    func errorPage(for text: String, reason: ErrorReason) -> Page {
        let features = hub.featureRegistry.allRegistrations
        let example = exampleURI ?? features.lazy.compactMap(\.exampleViewURIs.first).first
        let operation = BlockContentOperation { context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = localized("Nothing to show")
            let message = builder.bodyComponentModelBuilder(withIdentifier: "message")
            message.componentNamespace = defaultComponentNamespace
            message.componentName = "label"
            switch reason {
            case .empty:
                message.title = example.map { localized("Type a view URI, for example %s.", $0.absoluteString) }
                    ?? localized("Type a view URI.")
            case .malformed: message.title = localized("“%s” is not a valid URI.", Self.quoted(text))
            case .unhandled: message.title = localized("No feature handles “%s”.", Self.quoted(text))
            case .tooLong:
                message.title = localizedPlural(
                    // Translators: %2$s is what the user typed, %1$d its length in bytes, %3$s the
                    // longest a view URI may be.
                    "“%2$s” is too long to be a view URI: %1$d byte, where the limit is %3$s.",
                    "“%2$s” is too long to be a view URI: %1$d bytes, where the limit is %3$s.",
                    count: text.utf8.count, Self.quoted(text), LocalizedFormat.number(Navigator.maximumURILength))
            case .noApplication:
                message.title = localized("No application on this computer opens “%s”.", Self.quoted(text))
            case .broken(let why):
                // Translators: %1$s is what the user typed, %2$s why it could not be opened.
                message.title = localized("“%1$s” could not be opened: %2$s", Self.quoted(text), why)
            }
            message.customData = ["fullWidth": true]
            let heading = builder.bodyComponentModelBuilder(withIdentifier: "features-heading")
            heading.componentNamespace = defaultComponentNamespace
            heading.componentName = "row"
            heading.title = localized("Registered features")
            heading.subtitle = localized("Open one of these instead")
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
                featureIdentifier: "error", featureTitle: localized("Nothing to show"))
        }
        return Page(uri: text, isErrorPage: true, viewController: make(), makeViewController: make)
    }
}
