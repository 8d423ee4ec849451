import Foundation
import HubFramework
import HubGTK

/// Opens any JSON document in the default schema as a view, so people can try the framework
/// without writing Swift:
/// - `file:///path/view.json` — a file on disk;
/// - `hub-json:https://example.org/view.json` — a document served over HTTP (a backend-driven view).
///
/// A document served over HTTP is remote content: it may not open or show local files
/// (the feature's factory declares its origin).
///
/// Parts of the document that were ignored (wrong types, unknown images…) are listed in a row at
/// the top of the view, with their location in the document.
@MainActor
enum JSONFileFeature {
    static let remoteScheme = "hub-json"

    /// Reads the document URL out of a `hub-json:` view URI.
    static let wrapped = WrappedDocumentURI(scheme: remoteScheme)

    /// The document a view URI points at, or nil when it is not one of ours.
    static func documentURL(for viewURI: URL) -> URL? {
        if viewURI.isFileURL { return viewURI.pathExtension.lowercased() == "json" ? viewURI : nil }
        return wrapped.documentURL(in: viewURI)
    }

    static func register(in hub: Hub) {
        let example = ResourceLocator.data("city-images.json")
        try! hub.featureRegistry.registerFeature(
            identifier: "jsonFile",
            viewURIPredicate: ViewURIPredicate { uri in
                MainActor.assumeIsolated { documentURL(for: uri) != nil }
            },
            title: localized("JSON Document"),
            contentOperationFactories: [ContentOperationFactoryWithOrigin(BlockContentOperationFactory { viewURI in
                let title = BlockContentOperation { context in
                    context.viewModelBuilder.navigationBarTitle = documentURL(for: viewURI)?.lastPathComponent
                }
                let document = JSONContentOperation { documentURL(for: $0) }
                document.recordsProblemsInCustomData = true
                return [title, document, ProblemsRowOperation()]
            }, origin: { viewURI in
                // Local for file: documents, remote for hub-json:http(s); a URI the feature does
                // not recognise loads nothing, and is not trusted either.
                documentURL(for: viewURI).map(ContentOrigin.init(documentURL:))
                    ?? .remote(host: "")
            })],
            exampleViewURIs: [example],
            options: [FeatureRegistry.demoDescriptionOption:
                localized("Any JSON file in the default schema, opened as a view")])
    }
}

/// Shows the problems the JSON operation recorded (or its error) as the first row, and above it, when
/// the server could not be reached and the view is the copy kept from an earlier visit, a row that
/// says so.
@MainActor
final class ProblemsRowOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    /// It never asks to run again, so the chain keeps no copy of a large document's rows for it.
    var mayRequestRescheduling: Bool { false }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let delegate = self.delegate
        if let previousError {
            // Nothing loaded: pass the error on, so the view shows it with a retry button.
            delegate?.contentOperation(self, didFailWithError: previousError)
            return
        }
        let key = JSONContentOperation.problemsCustomDataKey
        if let problems = viewModelBuilder.customData?[key]?.arrayValue?.compactMap(\.stringValue), !problems.isEmpty {
            let row = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "hub.json-problems")
            row.componentNamespace = defaultComponentNamespace
            row.componentName = "row"
            row.preferredIndex = 0
            row.title = localized.plural("%d part of this document was ignored", "%d parts of this document were ignored",
                                         count: problems.count)
            row.subtitle = problems.prefix(3).joined(separator: " · ")
        }
        if let reason = viewModelBuilder.customData?[JSONContentOperation.staleDocumentCustomDataKey]?.stringValue {
            let row = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "hub.stale-document")
            row.componentNamespace = defaultComponentNamespace
            row.componentName = "row"
            row.preferredIndex = 0
            row.title = localized("Offline: this is the copy kept from an earlier visit")
            row.subtitle = reason
        }
        delegate?.contentOperationDidFinish(self)
    }
}
