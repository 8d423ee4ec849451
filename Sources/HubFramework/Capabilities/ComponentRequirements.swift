/// What a component's `requires` names: the components, actions, expression language version and
/// document features it needs, itself and its children. A client that lacks one of them shows the
/// component's `fallback` instead (``ComponentFallback``).
///
/// ```json
/// "requires": {"components": ["maps:map"], "actions": ["request"], "expressions": 1, "features": ["state"]}
/// ```
///
/// Every member is optional. What is wrong in it (a member of the wrong type, an entry that is not a
/// name, an unknown member) is reported at its place and left out; the rest still counts.
package struct ComponentRequirements: Sendable {
    /// The component's member that holds them.
    static let key = "requires"
    /// Its members, in the order they are read (and listed in the JSON Schema).
    package static let keys = ["components", "actions", "expressions", "features"]

    var components: [Identifier] = []
    /// Action types (`request`) and registered actions' `namespace:name`.
    var actions: [String] = []
    var expressions: Int?
    var features: [String] = []

    /// The requirements `value` (the `requires` member found at `location`) names; what is wrong is
    /// reported to `problems`.
    init(_ value: JSONValue, at location: JSONLocation?, problems: JSONProblemCollector) {
        guard case .object(let object) = value else {
            problems.reportTypeMismatch(expected: "an object of requirements", found: value, at: location)
            return
        }
        for key in object.keys.sorted() where !Self.keys.contains(key) {
            let quoted = JSONWriter().string(for: .string(key))
            let suggestion = UnknownKeyCheck.nearest(to: key, among: Self.keys).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.report("unknown key \(quoted)\(suggestion)", at: location)
        }
        components = Self.names(object["components"], at: .key("components", in: location), problems: problems,
                                expected: "a component \"namespace:name\"") { name in
            Identifier(string: name)
        }
        actions = Self.names(object["actions"], at: .key("actions", in: location), problems: problems,
                             expected: "an action type or a registered action \"namespace:name\"") { name in
            // A type has no colon; a registered action is `namespace:name`, with exactly one.
            name.isEmpty || (name.contains(":") && Identifier(string: name) == nil) ? nil : name
        }
        if let version = object["expressions"] {
            if let number = version.intValue, number >= 1, version.doubleValue == Double(number) {
                expressions = number
            } else {
                problems.reportTypeMismatch(expected: "a version of the expression language, an integer of 1 or more",
                                            found: version, at: .key("expressions", in: location))
            }
        }
        features = Self.names(object["features"], at: .key("features", in: location), problems: problems,
                              expected: "the name of a feature") { name in
            name.isEmpty ? nil : name
        }
    }

    /// The elements of the array `value` that `parse` accepts; the others are reported as not being
    /// what is `expected`.
    private static func names<Name>(_ value: JSONValue?, at location: JSONLocation, problems: JSONProblemCollector,
                                    expected: String, parse: (String) -> Name?) -> [Name]
    {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            problems.reportTypeMismatch(expected: "an array of names", found: value, at: location)
            return []
        }
        var names: [Name] = []
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element, let name = parse(text) {
                names.append(name)
            } else if case .string(let text) = element {
                problems.report("expected \(expected), found \(quoted(text))", at: .index(index, in: location))
            } else {
                problems.reportTypeMismatch(expected: "a string", found: element, at: .index(index, in: location))
            }
        }
        return names
    }

    /// What `client` lacks of these, each as a phrase for a note (`the component "maps:map"`), in
    /// the order of the members; empty when it has everything.
    func missing(in client: ClientCapabilities) -> [String] {
        var missing: [String] = []
        for component in components where !client.hasComponent(component) {
            missing.append("the component \(Self.quoted(component.identifierString))")
        }
        for action in actions where !client.hasAction(action) {
            missing.append("the action \(Self.quoted(action))")
        }
        if let expressions, !client.supportsExpressions(version: expressions) {
            missing.append("expressions of version \(expressions) (it has \(client.expressions))")
        }
        for feature in features where !client.hasFeature(feature) {
            missing.append("the feature \(Self.quoted(feature))")
        }
        return missing
    }

    static func quoted(_ text: String) -> String {
        JSONWriter().string(for: .string(text.cut(toUTF8Count: 200)))
    }
}
