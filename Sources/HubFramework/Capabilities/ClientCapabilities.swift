import Foundation

/// What a client can show: the components it can create, the actions it runs, the version of the
/// expression language it evaluates, the document features it reads, and the app it is.
///
/// A client says it in every document request, in the ``headerName`` header (``headerValue``), so
/// that a server can choose what to send; and it uses it itself when it reads a document: a
/// component whose `requires` names something missing here, or which has a `fallback` and names a
/// component missing here, is replaced by its fallback (or dropped, for `"drop"`) before the
/// component's category fallback is ever needed (docs/json.md, "What a client can show").
///
/// HubGTK's `Hub` computes an app's own (`Hub.clientCapabilities`). The header's value is also the
/// JSON form `Codable` reads and writes, which `hub-validate --client FILE` takes:
///
/// ```jsonc
/// {"actions": ["append", "if", "open", "remove", "request", "set", "submit", "toggle"],
///  "app": "hub-viewer/0.2.0", "components": ["default:label", "default:row"], "expressions": 1,
///  "features": ["eventStreams", "patches", "requests", "state", "templates"]}
/// ```
///
/// Every member may be missing from that JSON (an empty list, expressions 0, no app): a file written
/// by hand for `hub-validate --client` names only what it wants to test. (An abridged header's
/// `abridged` member is not read.)
public struct ClientCapabilities: Sendable, Hashable, Codable {
    /// The components the client creates, as `namespace:name`, sorted and without duplicates.
    /// `namespace:*` stands for every name of a namespace whose factory does not list its names.
    public let components: [String]
    /// The actions the client runs, sorted and without duplicates: the types of the actions a
    /// document writes (`set`, `request`, …) and `namespace:*` for each namespace of the app's
    /// action factories (or `namespace:name` for one action).
    public let actions: [String]
    /// The version of the expression language the client evaluates (``ExpressionLanguage/version``
    /// for this framework); 0 for none.
    public let expressions: Int
    /// The document features the client reads, beyond its components and actions, sorted and without
    /// duplicates: ``builtInFeatures`` and the app's own.
    public let features: [String]
    /// The app, as `name/version` (the form of a `User-Agent` product); nil names none.
    public let app: String?
    /// What the client sends in its ``headerName`` header: compact JSON of the other members, in
    /// ASCII, at most ``maximumHeaderBytes`` long (see ``headerValue``). Computed once, when the
    /// value is made.
    public let headerValue: String

    private let componentSet: Set<String>
    private let actionSet: Set<String>
    private let featureSet: Set<String>

    /// The request header every document request carries: `Hub-Client`.
    public static let headerName = "Hub-Client"

    /// The longest ``headerValue``, in bytes. Servers commonly refuse a request whose header line
    /// passes 8 KiB, or whose headers together do; this leaves room for the others. A client with so
    /// many components that its full list is longer sends each namespace as `namespace:*` instead,
    /// and adds `"abridged": true`; and when even that is too long, only its app, expression
    /// version and `"abridged": true`. Its app and version then say exactly what it is.
    public static let maximumHeaderBytes = 4_096

    /// The features of documents this framework reads, which every client built on it has:
    /// `eventStreams` (a view's `events`), `patches` (answers and events that patch a view),
    /// `requests` (the `request` action and `submit` with a URL), `state` (variables, expressions,
    /// `visible`, inputs) and `templates` (a document's `templates`).
    public static let builtInFeatures = ["eventStreams", "patches", "requests", "state", "templates"]

    /// A client that can show what is given; each list is sorted and its duplicates dropped.
    /// - Parameters:
    ///   - components: `namespace:name` of each component the client creates, or `namespace:*`.
    ///   - actions: the action types and `namespace:*` (or `namespace:name`) of the actions it runs.
    ///   - expressions: the expression language version it evaluates; 0 for none.
    ///   - features: the document features it reads.
    ///   - app: `name/version` of the app; nil names none.
    public init(components: [String], actions: [String], expressions: Int = ExpressionLanguage.version,
                features: [String] = ClientCapabilities.builtInFeatures, app: String? = nil)
    {
        self.components = Array(Set(components)).sorted()
        self.actions = Array(Set(actions)).sorted()
        self.expressions = max(0, expressions)
        self.features = Array(Set(features)).sorted()
        self.app = app
        componentSet = Set(components)
        actionSet = Set(actions)
        featureSet = Set(features)
        headerValue = Self.headerValue(components: self.components, actions: self.actions,
                                       expressions: self.expressions, features: self.features, app: app)
    }

    // MARK: Asking

    /// Whether the client creates the component `identifier` (its namespace is listed as
    /// `namespace:*`, or the identifier itself is).
    public func hasComponent(_ identifier: Identifier) -> Bool {
        componentSet.contains(identifier.identifierString) || componentSet.contains(identifier.namespacePart + ":*")
    }

    /// Whether the client runs the action `action`: an action type (`request`), or a registered
    /// action's `namespace:name` (its namespace listed as `namespace:*`, or the identifier itself).
    public func hasAction(_ action: String) -> Bool {
        if actionSet.contains(action) { return true }
        guard let identifier = Identifier(string: action) else { return false }
        return actionSet.contains(identifier.namespacePart + ":*")
    }

    /// Whether the client reads the document feature `feature` (`requests`, `state`, …).
    public func hasFeature(_ feature: String) -> Bool {
        featureSet.contains(feature)
    }

    /// Whether the client evaluates expressions of the language version `version`: its own version is
    /// that one or a later one.
    public func supportsExpressions(version: Int) -> Bool {
        expressions >= version
    }

    // MARK: JSON

    /// The members as JSON (every member; the header abridges a long list, this never does).
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            CodingKeys.components.rawValue: .array(components.map(JSONValue.string)),
            CodingKeys.actions.rawValue: .array(actions.map(JSONValue.string)),
            CodingKeys.expressions.rawValue: .number(Double(expressions)),
            CodingKeys.features.rawValue: .array(features.map(JSONValue.string)),
        ]
        if let app { object[CodingKeys.app.rawValue] = .string(app) }
        return .object(object)
    }

    /// The members of the JSON form.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case components, actions, expressions, features, app
    }

    /// Reads the JSON form; a missing member is an empty list, expressions 0, no app. A component
    /// that is not `namespace:name` (or `namespace:*`), an empty action or feature, or a negative
    /// version is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let components = try container.decodeIfPresent([String].self, forKey: .components) ?? []
        for (index, component) in components.enumerated() where Identifier(string: component) == nil {
            throw DecodingError.dataCorruptedError(
                in: try Self.element(index, of: .components, in: container), debugDescription:
                    "expected a component as \"namespace:name\" or \"namespace:*\", found \"\(component.cut(toUTF8Count: 200))\"")
        }
        let actions = try container.decodeIfPresent([String].self, forKey: .actions) ?? []
        let features = try container.decodeIfPresent([String].self, forKey: .features) ?? []
        for (key, list) in [(CodingKeys.actions, actions), (.features, features)] {
            if let index = list.firstIndex(where: \.isEmpty) {
                throw DecodingError.dataCorruptedError(in: try Self.element(index, of: key, in: container),
                                                       debugDescription: "expected a name, found an empty string")
            }
        }
        let expressions = try container.decodeIfPresent(Int.self, forKey: .expressions) ?? 0
        guard expressions >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .expressions, in: container,
                                                   debugDescription: "expected a version of 0 or more, found \(expressions)")
        }
        self.init(components: components, actions: actions, expressions: expressions, features: features,
                  app: try container.decodeIfPresent(String.self, forKey: .app))
    }

    /// The container of the element `index` of the list `key`, so that an error names its place.
    private static func element(_ index: Int, of key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>)
        throws -> any UnkeyedDecodingContainer
    {
        var list = try container.nestedUnkeyedContainer(forKey: key)
        for _ in 0..<index { _ = try list.decode(String.self) }
        return list
    }

    /// Writes the JSON form, every member (`app` only when there is one).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(components, forKey: .components)
        try container.encode(actions, forKey: .actions)
        try container.encode(expressions, forKey: .expressions)
        try container.encode(features, forKey: .features)
        try container.encodeIfPresent(app, forKey: .app)
    }

    // MARK: The header

    /// The longest app name the header carries, in bytes: an app names itself, briefly.
    private static let maximumAppBytes = 256

    /// Compact JSON of the members with sorted keys, in ASCII; abridged when it would be longer than
    /// ``maximumHeaderBytes`` (see there).
    private static func headerValue(components: [String], actions: [String], expressions: Int, features: [String],
                                    app: String?) -> String
    {
        var object: JSONObject = ["expressions": .number(Double(expressions))]
        if let app { object["app"] = .string(app.cut(toUTF8Count: maximumAppBytes)) }
        let short = object
        object["actions"] = .array(actions.map(JSONValue.string))
        object["features"] = .array(features.map(JSONValue.string))
        object["components"] = .array(components.map(JSONValue.string))
        let full = asciiJSON(object)
        if full.utf8.count <= maximumHeaderBytes { return full }
        // Each namespace once: what a server needs to pick between documents for old and new clients.
        let namespaces = Set(components.compactMap { Identifier(string: $0)?.namespacePart }).sorted()
        object["components"] = .array(namespaces.map { .string($0 + ":*") })
        object["abridged"] = .bool(true)
        let abridged = asciiJSON(object)
        if abridged.utf8.count <= maximumHeaderBytes { return abridged }
        var shortest = short
        shortest["abridged"] = .bool(true)
        return asciiJSON(shortest)
    }

    /// `object` as compact JSON with sorted keys, every character beyond ASCII escaped (`\u00e9`): a
    /// header value is ASCII, and a JSON reader reads the escapes back.
    private static func asciiJSON(_ object: JSONObject) -> String {
        let text = JSONWriter(options: .sortedKeys).string(for: .object(object))
        guard text.utf8.contains(where: { $0 > 0x7E }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value <= 0x7E {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            // JSON text is only ever beyond ASCII inside its strings, where an escape reads the same.
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return escaped
    }
}
