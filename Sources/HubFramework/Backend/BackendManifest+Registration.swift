import Foundation

extension BackendManifest {
    /// Registers every feature of the manifest on `manager`, in order: each view loads its document
    /// from the feature's endpoint with a `JSONContentOperation`, follows `custom.next` for further
    /// pages with a ``NextPageContentOperation``, and declares its ``ContentOrigin`` from the
    /// endpoint (remote for HTTP(S), local for files).
    ///
    /// The manifest's ``state`` is declared on the manager's `appState`, once every feature is
    /// registered. Either every feature is registered or none is.
    /// - Parameter manager: the hub's manager.
    /// - Throws: ``RegistrationError`` when an identifier is already taken by a feature of the app.
    @MainActor
    public func register(in manager: HubManager) throws(RegistrationError) {
        var registered: [String] = []
        for feature in features {
            do {
                try manager.featureRegistry.registerFeature(
                    identifier: feature.identifier,
                    viewURIPredicate: ViewURIPredicate { [pattern = feature.viewURIPattern] in pattern.match($0) != nil },
                    title: feature.title,
                    contentOperationFactories: [feature.contentOperationFactory()],
                    contentReloadPolicy: feature.reloadPolicy.contentReloadPolicy,
                    customJSONSchemaIdentifier: feature.schemaIdentifier,
                    exampleViewURIs: feature.exampleViewURIs(startURI: startURI))
                registered.append(feature.identifier)
            } catch {
                for identifier in registered { manager.featureRegistry.unregisterFeature(identifier: identifier) }
                throw error as? RegistrationError
                    ?? RegistrationError(kind: "feature", identifier: feature.identifier, reason: .invalid("\(error)"))
            }
        }
        if !state.variables.isEmpty { manager.appState.declare(state) }
        if !allowedOrigins.isEmpty {
            manager.serverRequestPolicy.allowedOrigins += allowedOrigins
            // A manifest that names origins means its documents to reach them, from files too.
            manager.serverRequestPolicy.allowsNetworkFromLocalDocuments = true
        }
    }
}

extension BackendManifest.Feature {
    /// The operations of one view, behind a factory that declares where their documents come from.
    @MainActor
    func contentOperationFactory() -> ContentOperationFactoryWithOrigin {
        let feature = self
        let operations = BlockContentOperationFactory { _ in
            let document = JSONContentOperation(timeout: feature.timeout) { feature.endpointURL(forViewURI: $0) }
            let pages = NextPageContentOperation(timeout: feature.timeout) { feature.endpointURL(forViewURI: $0) }
            return [document, pages]
        }
        return ContentOperationFactoryWithOrigin(operations) { viewURI in
            feature.endpointURL(forViewURI: viewURI).map(ContentOrigin.init(documentURL:)) ?? .local
        }
    }

    /// The start URI when it is this feature's, and the pattern itself when it has no placeholders.
    func exampleViewURIs(startURI: URL) -> [URL] {
        if viewURIPattern.match(startURI) != nil { return [startURI] }
        if viewURIPattern.placeholderNames.isEmpty, let uri = URL(string: viewURIPattern.text) { return [uri] }
        return []
    }
}

extension BackendManifest.ReloadPolicy {
    /// The framework's policy; nil (always reload) for ``always``.
    @MainActor
    var contentReloadPolicy: (any ContentReloadPolicy)? {
        switch self {
        case .always:
            return nil
        case .never:
            return BlockContentReloadPolicy { _, _ in false }
        case .after(let seconds):
            return BlockContentReloadPolicy { _, current in Date().timeIntervalSince(current.buildDate) >= seconds }
        }
    }
}
