import Foundation

/// Reads a backend manifest's JSON into a ``BackendManifest``, collecting every problem rather than
/// stopping at the first, so one run of `hub-validate --manifest` shows them all.
///
/// Unknown keys are problems (a misspelt `endpiont` would otherwise silently do nothing), except
/// `$schema`, which editors use to find the JSON Schema.
package struct BackendManifestReader {
    /// Manifests are a few kilobytes; anything far larger is not one.
    static let maximumBytes = 1 << 20
    /// The members of a manifest and of a feature; others are errors (ViewSchemaDriftTests holds the
    /// JSON Schema to these).
    package static let topLevelKeys: Set<String> = ["$schema", "title", "start", "features", "state", "allowedOrigins"]
    package static let featureKeys: Set<String> = ["id", "title", "uri", "endpoint", "reload", "schema", "timeout"]
    static let defaultTimeout: TimeInterval = 15
    static let endpointSchemes: Set<String> = ["http", "https", "file"]

    let data: Data
    let sourceURL: URL?
    let name: String
    private var problems: [BackendManifestProblem] = []

    init(data: Data, sourceURL: URL?, name: String) {
        self.data = data
        self.sourceURL = sourceURL
        self.name = name
    }

    /// The manifest; `recorder` (hub-validate's) notes where values start as the JSON is read, and
    /// then each problem of a value comes with its offset (`BackendManifestProblem.offset`).
    func read(locatingProblemsWith recorder: JSONOffsetRecorder? = nil) throws(BackendManifestError) -> BackendManifest {
        var reader = self
        let value: JSONValue
        do {
            value = try JSONParser(limits: .default).parse(data, recording: recorder)
        } catch {
            throw BackendManifestError(name: name, problems: [Self.problem(for: error)])
        }
        let manifest = reader.manifest(from: value)
        if let manifest, reader.problems.isEmpty { return manifest }
        let problems = recorder.map { recorder in reader.problems.map { $0.located(by: recorder) } } ?? reader.problems
        throw BackendManifestError(name: name, problems: problems)
    }

    private static func problem(for error: JSONError) -> BackendManifestProblem {
        switch error {
        case .emptyData:
            return BackendManifestProblem(path: "", message: "the manifest is empty")
        case .invalidJSON(let reason, let location):
            return BackendManifestProblem(path: "", message: "invalid JSON: \(reason)", location: location)
        case .tooDeep(let depth, let location):
            return BackendManifestProblem(path: "", message: "nested deeper than \(depth) levels", location: location)
        case .numberTooLong(let length, let location):
            return BackendManifestProblem(path: "", message: "a number is longer than \(length) characters",
                                          location: location)
        case .unexpectedTopLevelValue(let expected, let found):
            return BackendManifestProblem(path: "", message: "expected \(expected), found \(found)")
        }
    }

    private mutating func report(_ location: JSONLocation?, _ message: String) {
        problems.append(BackendManifestProblem(message: message, at: location))
    }

    private mutating func reportUnknownKeys(in object: [String: JSONValue], known: Set<String>, at path: JSONLocation?) {
        for key in object.keys.sorted() where !known.contains(key) {
            report(.key(key, in: path), "unknown key; known keys are \(known.filter { $0 != "$schema" }.sorted().joined(separator: ", "))")
        }
    }

    /// A required or optional non-empty string.
    private mutating func string(_ key: String, in object: [String: JSONValue], at path: JSONLocation?,
                                 required: Bool) -> String?
    {
        let keyPath = JSONLocation.key(key, in: path)
        guard let value = object[key] else {
            if required { report(path, "the key \"\(key)\" is missing") }
            return nil
        }
        guard let string = value.stringValue else {
            report(keyPath, "expected a string, found \(value.kindDescription)")
            return nil
        }
        if string.trimmingCharacters(in: .whitespaces).isEmpty {
            report(keyPath, "must not be empty")
            return nil
        }
        return string
    }

    private mutating func manifest(from value: JSONValue) -> BackendManifest? {
        guard let object = value.objectValue else {
            report(nil, "expected an object at the top level, found \(value.kindDescription)")
            return nil
        }
        reportUnknownKeys(in: object, known: Self.topLevelKeys, at: nil)
        let title = string("title", in: object, at: nil, required: true)
        let startText = string("start", in: object, at: nil, required: true)
        var startURI: URL?
        if let startText {
            startURI = URL(string: startText)
            if startURI?.scheme == nil {
                startURI = nil
                report(.key("start", in: nil), "\"\(startText)\" is not a view URI (it needs a scheme, as in app:home)")
            }
        }
        var features: [BackendManifest.Feature] = []
        switch object["features"] {
        case nil:
            report(nil, "the key \"features\" is missing")
        case .array(let items)?:
            if items.isEmpty { report(.key("features", in: nil), "an app needs at least one feature") }
            var identifiers: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                let path = JSONLocation.index(index, in: .key("features", in: nil))
                guard let feature = feature(from: item, at: path) else { continue }
                if let first = identifiers[feature.identifier] {
                    report(.key("id", in: path), "the identifier \"\(feature.identifier)\" is already used by features[\(first)]")
                    continue
                }
                identifiers[feature.identifier] = index
                features.append(feature)
            }
        case let other?:
            report(.key("features", in: nil), "expected an array of features, found \(other.kindDescription)")
        }
        var state = StateDeclarations()
        switch object["state"] {
        case nil: break
        case .object(let declarations)?:
            let collector = JSONProblemCollector()
            state = StateDeclarationsReader(limits: .default).read(declarations, at: .key("state", in: nil),
                                                                   problems: collector)
            for problem in collector.problems { report(problem.pathLocation, problem.message) }
        case let other?:
            report(.key("state", in: nil), "expected an object of variables, found \(other.kindDescription)")
        }
        var allowedOrigins: [URL] = []
        switch object["allowedOrigins"] {
        case nil: break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let path = JSONLocation.index(index, in: .key("allowedOrigins", in: nil))
                guard case .string(let text) = item, let url = URL(string: text),
                    ["http", "https"].contains(url.scheme?.lowercased() ?? ""), !(url.host ?? "").isEmpty,
                    url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil
                else {
                    report(path, "expected an origin such as \"https://api.example.org\" (http: or https:, a host, "
                        + "maybe a port, no path), found \(JSONWriter().string(for: item).cut(toUTF8Count: 80))")
                    continue
                }
                allowedOrigins.append(url)
            }
        case let other?:
            report(.key("allowedOrigins", in: nil), "expected an array of origins, found \(other.kindDescription)")
        }
        guard let title, let startURI, problems.isEmpty else { return nil }
        var manifest = BackendManifest(title: title, startURI: startURI, features: features, sourceURL: sourceURL)
        manifest.state = state
        manifest.allowedOrigins = allowedOrigins
        if manifest.feature(forViewURI: startURI) == nil {
            report(.key("start", in: nil), "no feature's uri pattern matches \(startURI.absoluteString)")
            return nil
        }
        return manifest
    }

    private mutating func feature(from value: JSONValue, at path: JSONLocation?) -> BackendManifest.Feature? {
        guard let object = value.objectValue else {
            report(path, "expected a feature object, found \(value.kindDescription)")
            return nil
        }
        let before = problems.count
        reportUnknownKeys(in: object, known: Self.featureKeys, at: path)
        let identifier = string("id", in: object, at: path, required: false)
        let title = string("title", in: object, at: path, required: false)
        let schema = string("schema", in: object, at: path, required: false)

        var pattern: URIPattern?
        if let text = string("uri", in: object, at: path, required: true) {
            do {
                let parsed = try URIPattern(text)
                // A view URI has a scheme before anything variable: `{x}:home` would match anything.
                if case .literal(let first)? = parsed.parts.first, first.contains(":"),
                    URL(string: String(first.prefix { $0 != ":" }) + ":x")?.scheme != nil
                {
                    pattern = parsed
                } else {
                    report(.key("uri", in: path), "\"\(text)\" must start with a scheme, as in app:home")
                }
            } catch {
                report(.key("uri", in: path), "\"\(text)\": \(error.description)")
            }
        }

        var endpointParts: [URIPattern.Part]?
        let endpoint = string("endpoint", in: object, at: path, required: true)
        if let endpoint {
            do {
                let parts = try URIPattern.parts(of: endpoint)
                endpointParts = parts
                let names = parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
                // `{lang}` is always known: the person's first language (``UserLanguages``).
                if let pattern, let unknown = names.first(where: {
                    !pattern.placeholderNames.contains($0) && $0 != BackendManifest.languagePlaceholder
                }) {
                    report(.key("endpoint", in: path), "{\(unknown)} is not a placeholder of the uri pattern \(pattern.text)")
                    endpointParts = nil
                } else {
                    // Try the template with a harmless value for every placeholder.
                    let sample = URIPattern.expand(parts, with: Dictionary(uniqueKeysWithValues: names.map { ($0, "x") }))
                    let url = URL(string: sample, relativeTo: sourceURL)?.absoluteURL
                    if URL(string: sample)?.scheme == nil, sourceURL == nil {
                        report(.key("endpoint", in: path), "a relative endpoint needs the manifest's location; give an absolute URL")
                        endpointParts = nil
                    } else if let scheme = url?.scheme?.lowercased(), Self.endpointSchemes.contains(scheme) {
                        if scheme != "file", url?.host?.isEmpty ?? true {
                            report(.key("endpoint", in: path), "\"\(endpoint)\" has no host")
                            endpointParts = nil
                        }
                    } else {
                        report(.key("endpoint", in: path), "\"\(endpoint)\" is not an http:, https: or file: URL or a relative path")
                        endpointParts = nil
                    }
                }
            } catch {
                report(.key("endpoint", in: path), "\"\(endpoint)\": \(error.description)")
            }
        }

        var reload = BackendManifest.ReloadPolicy.always
        switch object["reload"] {
        case nil: break
        case .string("always")?: reload = .always
        case .string("never")?: reload = .never
        case .number(let seconds)? where seconds.isFinite && seconds >= 0: reload = .after(seconds)
        case let other?:
            report(.key("reload", in: path), "expected \"always\", \"never\" or a number of seconds, found \(Self.describeValue(other))")
        }

        var timeout = Self.defaultTimeout
        switch object["timeout"] {
        case nil: break
        case .number(let seconds)? where seconds.isFinite && seconds > 0 && seconds <= 600: timeout = seconds
        case let other?:
            report(.key("timeout", in: path), "expected a number of seconds from 0 to 600, found \(Self.describeValue(other))")
        }

        guard problems.count == before, let pattern, let endpoint, let endpointParts else { return nil }
        return BackendManifest.Feature(
            identifier: identifier ?? pattern.text, title: title ?? identifier ?? pattern.text,
            viewURIPattern: pattern, endpoint: endpoint, reloadPolicy: reload, schemaIdentifier: schema,
            timeout: timeout, endpointParts: endpointParts, baseURL: sourceURL)
    }

    /// The value itself when it is short (a wrong string or number), otherwise its kind.
    private static func describeValue(_ value: JSONValue) -> String {
        switch value {
        case .string(let text) where text.count <= 40: return "\"\(text)\""
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return value.kindDescription
        }
    }
}
