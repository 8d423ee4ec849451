import Foundation

/// An app defined entirely by a backend: its title, the view it starts on, and its features, each a
/// view URI pattern mapped to the endpoint that serves the views' JSON documents.
///
/// ```json
/// {
///   "title": "Shop",
///   "start": "shop:home",
///   "features": [
///     {"uri": "shop:home", "endpoint": "https://api.example.com/views/home.json"},
///     {"uri": "shop:product/{id}", "endpoint": "https://api.example.com/views/product/{id}.json",
///      "reload": "never"}
///   ]
/// }
/// ```
///
/// Read one with ``init(contentsOf:name:)`` or ``init(data:sourceURL:name:)`` (a bad manifest throws a
/// ``BackendManifestError`` that locates every problem), then ``register(in:)`` its features on a
/// `HubManager`. Each view loads its document with a `JSONContentOperation` and follows the
/// document's `custom.next` URL for further pages (``NextPageContentOperation``). The format is
/// described in docs/backend-apps.md, with a JSON Schema in `Resources/schema/hub-manifest.schema.json`.
public struct BackendManifest: Sendable {
    /// The key of a view document's custom data that holds the URL of its next page.
    public static let nextPageCustomDataKey = "next"
    /// The placeholder an endpoint may use for the person's first language
    /// (``UserLanguages/primaryLanguage``): `https://api.example.com/{lang}/views/home.json`.
    public static let languagePlaceholder = "lang"

    /// The app's name for people.
    public var title: String
    /// The view the app opens on.
    public var startURI: URL
    /// The features, in lookup order: a view URI belongs to the first one whose pattern matches.
    public var features: [Feature]
    /// Where the manifest was read from; relative endpoints are resolved against it.
    public var sourceURL: URL?
    /// The app's variables (`state`), which every view of the app sees and may change: a cart's
    /// count, the signed-in person's name. ``register(in:)`` declares them on the manager's
    /// `appState`.
    public var state = StateDeclarations()
    /// The origins the app's documents may send requests to besides their own
    /// (`"allowedOrigins": ["https://api.example.org"]`): ``register(in:)`` adds them to the manager's
    /// ``HubManager/serverRequestPolicy``, and lets the app's documents read from files reach them.
    public var allowedOrigins: [URL] = []

    /// When a view that already has content loads it again as it reappears. Reload (F5) always
    /// loads again.
    public enum ReloadPolicy: Sendable, Equatable {
        /// Every time the view reappears (the default).
        case always
        /// Never: the view keeps what it loaded first until the user reloads it.
        case never
        /// When the content is older than this many seconds.
        case after(TimeInterval)
    }

    /// One feature of a backend app: the views whose URIs match ``viewURIPattern``.
    public struct Feature: Sendable {
        /// The feature's identifier (unique in the app).
        public var identifier: String
        /// The feature's name for people, the view's title until its document gives one.
        public var title: String
        /// The view URIs the feature serves, such as `shop:product/{id}`.
        public var viewURIPattern: URIPattern
        /// The endpoint template as written: an `http:`, `https:` or `file:` URL or a path relative
        /// to the manifest, using the pattern's placeholders.
        public var endpoint: String
        /// When views reload as they reappear.
        public var reloadPolicy: ReloadPolicy
        /// The JSON schema the documents are read with, registered by the app's code; nil for the
        /// default schema.
        public var schemaIdentifier: String?
        /// Seconds an HTTP document may take to arrive.
        public var timeout: TimeInterval
        let endpointParts: [URIPattern.Part]
        let baseURL: URL?

        /// The document URL for `viewURI`; nil when the URI does not match the pattern.
        public func endpointURL(forViewURI viewURI: URL) -> URL? {
            guard var values = viewURIPattern.match(viewURI) else { return nil }
            // `{lang}`, unless the view URI names a value of its own so: the person's first language.
            if values[BackendManifest.languagePlaceholder] == nil {
                values[BackendManifest.languagePlaceholder] = UserLanguages.primaryLanguage
            }
            return URL(string: URIPattern.expand(endpointParts, with: values), relativeTo: baseURL)?.absoluteURL
        }
    }

    /// Reads a manifest file.
    /// - Parameters:
    ///   - url: a `file:` URL.
    ///   - name: how errors name the file (as the user typed it, say); by default its path.
    /// - Throws: ``BackendManifestError`` naming the file and every problem in it.
    public init(contentsOf url: URL, name: String? = nil) throws(BackendManifestError) {
        let name = name ?? url.path
        // `file://host/path` would otherwise be read as the local /path.
        if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            throw BackendManifestError(name: name, problems: [
                BackendManifestProblem(path: "", message: "cannot read the manifest: \(url.absoluteString) names a file "
                    + "on another computer (\(host)); file: URLs open files on this computer only")
            ])
        }
        switch DocumentFile.read(path: url.path, maximumBytes: BackendManifestReader.maximumBytes) {
        case .success(let data):
            self = try BackendManifestReader(data: data, sourceURL: url.absoluteURL, name: name).read()
        case .failure(let failure):
            throw BackendManifestError(name: name, problems: [
                BackendManifestProblem(path: "", message: "cannot read the manifest: \(failure.reason)")
            ])
        }
    }

    /// Reads a manifest from its bytes.
    /// - Parameters:
    ///   - data: the manifest's JSON text.
    ///   - sourceURL: where it came from, to resolve relative endpoints; nil allows only absolute ones.
    ///   - name: how errors name the manifest; by default the source URL's path.
    /// - Throws: ``BackendManifestError`` listing every problem.
    public init(data: Data, sourceURL: URL? = nil, name: String? = nil) throws(BackendManifestError) {
        self = try BackendManifestReader(data: data, sourceURL: sourceURL, name: Self.name(name, of: sourceURL)).read()
    }

    /// ``init(data:sourceURL:name:)`` for hub-validate: `recorder` notes where values start as the
    /// JSON is read, so that every problem of a value comes with its offset
    /// (`BackendManifestProblem.offset`) and, for a manifest that is not JSON, tells the path being
    /// read where the parser stopped.
    package init(data: Data, sourceURL: URL?, locatingProblemsWith recorder: JSONOffsetRecorder) throws(BackendManifestError) {
        self = try BackendManifestReader(data: data, sourceURL: sourceURL, name: Self.name(nil, of: sourceURL))
            .read(locatingProblemsWith: recorder)
    }

    /// How errors name a manifest read from bytes: `name`, else the source URL's path.
    private static func name(_ name: String?, of sourceURL: URL?) -> String {
        name ?? sourceURL.map { $0.isFileURL ? $0.path : $0.absoluteString } ?? "manifest"
    }

    init(title: String, startURI: URL, features: [Feature], sourceURL: URL?) {
        self.title = title
        self.startURI = startURI
        self.features = features
        self.sourceURL = sourceURL
    }

    /// The first feature whose pattern matches `viewURI`.
    public func feature(forViewURI viewURI: URL) -> Feature? {
        features.first { $0.viewURIPattern.match(viewURI) != nil }
    }
}
