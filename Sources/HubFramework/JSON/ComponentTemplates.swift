import Foundation

/// The named templates of a view document, and their use by its components.
///
/// A long list repeats the same keys in every row. A document may instead declare, in its
/// `templates` member, partial components whose values may be placeholders, and its components may
/// name one of them in their `template` member and give the values:
///
/// ```json
/// {
///   "templates": {
///     "product": {
///       "component": {"id": "default:row"},
///       "text": {"$title": "name", "$subtitle": "price", "subtitle": "Ask at the counter"}
///     }
///   },
///   "body": [{"template": "product", "id": "croissant", "name": "Croissant", "price": "€1.80"}]
/// }
/// ```
///
/// The rules (`docs/json.md` has them for authors):
/// * A member `"$key": "value-name"`, at any depth of a template, is a placeholder: the component's
///   member `value-name` becomes the template's `key`. With braces, `"$uri": "hub-demo:bakery/{id}"`,
///   it is a text built from values (strings and numbers). A plain `key` beside it is its default
///   (`null`: the value is optional); a placeholder with neither its values nor a default is
///   reported at the component.
/// * Every other member of the component overrides the template's: objects are merged key by key
///   (a plain key replaces a placeholder for the same key), anything else is replaced. A value name
///   that is also a key of a component, such as `id`, is both: `"$item": "id"` puts the identifier
///   in `logging`.
/// * A template may start from another one (its own `template` member), and its children may use
///   templates. Templates that use themselves, directly or through others, are reported and not used.
/// * A problem with a value the component gave is reported at that value; one with a value of the
///   template, at the template (once, however many components use it).
/// * Expansions have a budget that follows the document's size (``budget(limits:documentBytes:)``).
///
/// Expansion happens on the parsed component, before the schema reads it, so the builders see a
/// plain component object: whatever the tree path checks, it checks for templated components too.
/// The one-pass reader reads components that use a template without a tree when the template
/// compiles (`CompiledTemplate`), with the same results. Only schemas that read the default keys
/// expand templates (`JSONSchema.readsTemplates`).
final class ComponentTemplates {
    /// The view document's member that declares the templates.
    static let definitionsKey = "templates"
    /// The component's member that names its template.
    static let instanceKey = "template"
    static let instanceKeyBytes = Array(instanceKey.utf8)

    /// Whether a component has asked for a template.
    private(set) var wasUsed = false

    private enum Resolution {
        case template(Template)
        /// Part of a cycle: never used.
        case unusable
    }

    /// A template with its base templates merged in, and what expanding it needs.
    private struct Template {
        let name: String
        let object: JSONObject
        /// The names of the values its placeholders take, anywhere in it.
        let parameters: Set<String>
        /// Where it is declared.
        let location: JSONLocation
        /// JSON values in `object`: what one expansion costs.
        let size: Int
    }

    private let definitions: [String: JSONValue]
    private let definitionsLocation: JSONLocation?
    private var resolutions: [String: Resolution] = [:]
    /// What expansions may still cost, in JSON values: templates that use templates multiply, so a
    /// small document could otherwise ask for billions of components.
    private var budget: Int
    private var reportedBudget = false
    private let unknownKeyCheck: UnknownKeyCheck?

    /// The problems of the definitions themselves (a value that is not an object, unknown keys,
    /// cycles), reported once, before the view's other problems.
    let definitionProblems: JSONProblemCollector

    /// No templates: components that name one are reported as using an unknown template.
    convenience init(limits: ContentLimits, schema: JSONSchema) {
        self.init(.object([:]), at: nil, limits: limits, schema: schema, documentBytes: nil)
    }

    /// The templates of the `templates` member `value` found at `location`, to be used with `limits`.
    /// `documentBytes`, the size of the document when it is known, bounds what expansions may cost
    /// (``budget(limits:documentBytes:)``).
    init(_ value: JSONValue, at location: JSONLocation?, limits: ContentLimits, schema: JSONSchema,
         documentBytes: Int?) {
        definitionsLocation = location
        unknownKeyCheck = schema.unknownKeyCheck
        let problems = JSONProblemCollector(limits: limits)
        definitionProblems = problems
        budget = Self.budget(limits: limits, documentBytes: documentBytes)
        guard case .object(let definitions) = value else {
            self.definitions = [:]
            problems.reportTypeMismatch(expected: "an object of templates", found: value, at: location)
            return
        }
        self.definitions = definitions
        for name in definitions.keys.sorted() {
            check(name, problems: problems)
        }
        findCycles(problems: problems)
    }

    private static let budgetMessage = "templates were expanded into as many values as the limits allow for a "
        + "document of this size; this component and the templated ones after it were left out"

    /// What expansions may copy, in JSON values: 16 per byte of the document, more than an honest
    /// document comes near (a templated row of about 20 values takes 60 bytes or more), plus 65,536;
    /// and never more than eight per component the limits allow. A kilobyte of templates that use
    /// templates ten levels deep stops after about 80,000 values, a fraction of a second.
    static func budget(limits: ContentLimits, documentBytes: Int?) -> Int {
        let byComponents = max(1, limits.maximumComponentCount).multipliedReportingOverflow(by: 8)
        let ceiling = byComponents.overflow ? Int.max : byComponents.partialValue
        guard let documentBytes else { return ceiling }
        let byBytes = documentBytes.multipliedReportingOverflow(by: 16)
        return min(ceiling, byBytes.overflow ? Int.max : byBytes.partialValue + (1 << 16))
    }

    // MARK: Definitions

    /// Reports what is wrong with the definition of `name` on its own: its kind, its base's name,
    /// placeholders that are not value names, unknown keys.
    private func check(_ name: String, problems: JSONProblemCollector) {
        let location = JSONLocation.key(name, in: definitionsLocation)
        guard case .object(let object) = definitions[name]! else {
            problems.reportTypeMismatch(expected: "an object (a partial component)", found: definitions[name]!, at: location)
            return
        }
        if let base = object[Self.instanceKey] {
            let baseLocation = JSONLocation.key(Self.instanceKey, in: location)
            if case .string(let baseName) = base {
                if definitions[baseName] == nil { reportUnknown(baseName, at: baseLocation, problems: problems) }
            } else {
                problems.reportTypeMismatch(expected: "the name of a template", found: base, at: baseLocation)
            }
        }
        checkPlaceholders(in: .object(object), at: location, problems: problems)
        unknownKeyCheck?.checkComponent(object, at: location, problems: problems,
                                        alsoKnown: [Self.instanceKey], placeholders: true)
    }

    private func checkPlaceholders(in value: JSONValue, at location: JSONLocation?, problems: JSONProblemCollector) {
        switch value {
        case .object(let object):
            for key in object.keys.sorted() {
                let member = object[key]!
                let memberLocation = JSONLocation.key(key, in: location)
                if key.hasPrefix("$") {
                    if case .string = member { continue }
                    problems.reportTypeMismatch(expected: "the name of a value (a string)", found: member, at: memberLocation)
                } else {
                    checkPlaceholders(in: member, at: memberLocation, problems: problems)
                }
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                checkPlaceholders(in: element, at: .index(offset, in: location), problems: problems)
            }
        default:
            break
        }
    }

    /// The templates a definition uses: its base, and those its children (and theirs) name, each
    /// with where it is named.
    private func uses(of name: String) -> [(name: String, location: JSONLocation)] {
        guard case .object(let object)? = definitions[name] else { return [] }
        let location = JSONLocation.key(name, in: definitionsLocation)
        var found: [(String, JSONLocation)] = []
        if case .string(let base)? = object[Self.instanceKey], definitions[base] != nil {
            found.append((base, .key(Self.instanceKey, in: location)))
        }
        func children(of object: JSONObject, at location: JSONLocation) {
            guard case .array(let elements)? = object["children"] else { return }
            let childrenLocation = JSONLocation.key("children", in: location)
            for (offset, element) in elements.enumerated() {
                guard case .object(let child) = element else { continue }
                let childLocation = JSONLocation.index(offset, in: childrenLocation)
                if case .string(let used)? = child[Self.instanceKey], definitions[used] != nil {
                    found.append((used, .key(Self.instanceKey, in: childLocation)))
                }
                children(of: child, at: childLocation)
            }
        }
        children(of: object, at: location)
        return found
    }

    /// Marks the templates on a cycle of uses unusable, and reports each cycle once, where it closes.
    private func findCycles(problems: JSONProblemCollector) {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var path: [String] = []
        func visit(_ name: String) {
            marks[name] = .visiting
            path.append(name)
            for use in uses(of: name) {
                switch marks[use.name] {
                case .visiting?:
                    let cycle = Array(path[path.lastIndex(of: use.name)!...]) + [use.name]
                    for member in cycle { resolutions[member] = .unusable }
                    problems.report("templates that use themselves cannot be used: "
                        + cycle.map { quoted($0) }.joined(separator: " → "), at: use.location)
                case .done?:
                    continue
                case nil:
                    visit(use.name)
                }
            }
            path.removeLast()
            marks[name] = .done
        }
        for name in definitions.keys.sorted() where marks[name] == nil {
            visit(name)
        }
    }

    private func reportUnknown(_ name: String, at location: JSONLocation?, problems: JSONProblemCollector) {
        let suggestion = UnknownKeyCheck.nearest(to: name, among: Array(definitions.keys)).map { "; did you mean \(quoted($0))?" } ?? ""
        problems.report("unknown template \(quoted(name))\(suggestion)", at: location)
    }

    /// The template `name` with its bases merged in, or nil when there is none by that name (or it
    /// is not an object, reported with its definition).
    private func resolution(of name: String) -> Resolution? {
        if let known = resolutions[name] { return known }
        guard case .object(var object)? = definitions[name] else { return nil }
        if let unknownKeyCheck { object = unknownKeyCheck.removingUnknownPlaceholders(from: object) }
        if case .string(let baseName)? = object.removeValue(forKey: Self.instanceKey),
            case .template(let base)? = resolution(of: baseName)
        {
            object = Self.merge(base.object, with: object)
        }
        let template = Template(name: name, object: object, parameters: Self.parameters(in: .object(object)),
                                location: .key(name, in: definitionsLocation), size: Self.size(of: .object(object)))
        resolutions[name] = .template(template)
        return .template(template)
    }

    private static func parameters(in value: JSONValue) -> Set<String> {
        switch value {
        case .object(let object):
            var found: Set<String> = []
            for (key, member) in object {
                if key.hasPrefix("$") {
                    if case .string(let reference) = member { found.formUnion(Reference(reference).names) }
                } else {
                    found.formUnion(parameters(in: member))
                }
            }
            return found
        case .array(let elements):
            return elements.reduce(into: []) { $0.formUnion(parameters(in: $1)) }
        default:
            return []
        }
    }

    private static func size(of value: JSONValue) -> Int {
        switch value {
        case .object(let object): return object.values.reduce(1) { $0 + size(of: $1) }
        case .array(let elements): return elements.reduce(1) { $0 + size(of: $1) }
        default: return 1
        }
    }

    // MARK: Expansion

    /// The members of a component in the default keys, the only ones templates are read with.
    static let componentKeys: Set<String> = {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "", name: "", category: .row),
                                iconImageResolver: nil)
        return Set(CompiledJSONSchema(schema)?.component.names ?? [])
    }()

    /// Whether the document declares no template.
    var isEmpty: Bool { definitions.isEmpty }

    /// Whether `value` holds a placeholder anywhere.
    static func hasPlaceholders(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object): return object.contains { $0.key.hasPrefix("$") || hasPlaceholders($0.value) }
        case .array(let elements): return elements.contains(where: hasPlaceholders)
        default: return false
        }
    }

    /// The template `name` compiled for the one-pass reader (`CompiledTemplate`), or nil when it
    /// is unknown, unusable or needs the tree path. Compiled once per document.
    func compiled(_ name: String, maximumTextLength: Int) -> CompiledTemplate? {
        if let known = compiledTemplates[name] { return known }
        var compiled: CompiledTemplate?
        if case .template(let template)? = resolution(of: name) {
            compiled = CompiledTemplate(template.object, parameters: template.parameters, size: template.size,
                                        maximumTextLength: maximumTextLength)
        }
        compiledTemplates[name] = .some(compiled)
        return compiled
    }

    /// Counts one expansion through `template` against the budget, as one through the tree would
    /// count; false, and nothing counted, when the budget has no room for it (the tree path then
    /// reports that).
    func spend(_ template: CompiledTemplate) -> Bool {
        guard budget >= template.size else { return false }
        budget -= template.size
        wasUsed = true
        return true
    }

    private var compiledTemplates: [String: CompiledTemplate?] = [:]

    /// Whether `json` is a component that uses a template.
    static func isInstance(_ json: JSONObject) -> Bool {
        json[instanceKey] != nil
    }

    /// Expands the component `instance` at `location` into a plain component object and hands it to
    /// `apply` with a collector of its own, whose problems are then reported to `problems` where they
    /// belong (see the type's rules). Nothing is applied when the template is unknown, unusable or
    /// over the budget: that is reported instead.
    func expand(_ instance: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                apply: (JSONObject, JSONProblemCollector) -> Void)
    {
        wasUsed = true
        let nameLocation = JSONLocation.key(Self.instanceKey, in: location)
        guard case .string(let name) = instance[Self.instanceKey]! else {
            problems.reportTypeMismatch(expected: "the name of a template", found: instance[Self.instanceKey]!, at: nameLocation)
            return
        }
        guard let resolution = resolution(of: name) else {
            reportUnknown(name, at: nameLocation, problems: problems)
            return
        }
        guard case .template(let template) = resolution else {
            problems.report("template \(quoted(name)) cannot be used: it uses itself", at: nameLocation)
            return
        }
        guard budget >= template.size else {
            if !reportedBudget {
                reportedBudget = true
                problems.report(Self.budgetMessage, at: location)
            }
            return
        }
        budget -= template.size

        var values: JSONObject = [:]
        var overrides: JSONObject = [:]
        for (key, value) in instance where key != Self.instanceKey {
            // A component's own key (`id`, `text`, …) is its member, and may be a value too.
            if template.parameters.contains(key) { values[key] = value }
            if !template.parameters.contains(key) || Self.componentKeys.contains(key) { overrides[key] = value }
        }
        unknownKeyCheck?.checkComponent(overrides, at: location, problems: problems,
                                        alsoKnown: [Self.instanceKey] + template.parameters.sorted())
        var expansion = Expansion(values: values)
        let object = expansion.substitute(in: Self.merge(template.object, with: overrides), at: [])
        for missing in expansion.missing.sorted(by: { ($0.path, $0.value) < ($1.path, $1.value) }) {
            problems.report("template \(quoted(name)) needs a value for \(quoted(missing.value)) "
                + "(\(missing.path)); the component does not give one", at: location)
        }
        for bad in expansion.badParts.sorted(by: { ($0.path, $0.value) < ($1.path, $1.value) }) {
            problems.report("expected a string or a number, found \(bad.found.kindDescription) (for \(bad.path) "
                + "in template \(quoted(name)))", at: .key(bad.value, in: location))
        }

        let own = JSONProblemCollector(limits: problems.limits)
        apply(object, own)
        for problem in own.problems {
            guard let relative = Self.steps(of: problem.pathLocation, below: location), !relative.isEmpty,
                problem.message != Self.budgetMessage
            else {
                problems.report(problem.message, at: problem.pathLocation)
                continue
            }
            if let substitution = expansion.substitution(covering: relative) {
                // A value the component gave: reported there.
                var target = JSONLocation.key(substitution.value, in: location)
                for step in relative[substitution.steps.count...] { target = JSONLocation(parent: target, component: step) }
                problems.report(problem.message + " (for \(JSONLocation.path(of: Array(relative.prefix(substitution.steps.count)))) "
                    + "in template \(quoted(name)))", at: target)
            } else if Self.gives(overrides, relative) {
                problems.report(problem.message, at: problem.pathLocation)
            } else {
                // A value of the template: reported at the template, once for all its uses.
                var target: JSONLocation = template.location
                for step in relative { target = JSONLocation(parent: target, component: step) }
                problems.report(problem.message, at: target)
            }
        }
    }

    /// The steps from `ancestor` down to `location`, or nil when `location` is not inside it.
    private static func steps(of location: JSONLocation?, below ancestor: JSONLocation?) -> [JSONLocation.Component]? {
        var steps: [JSONLocation.Component] = []
        var node = location
        while node !== ancestor {
            guard let current = node else { return nil }
            steps.append(current.component)
            node = current.parent
        }
        return steps.reversed()
    }

    /// Whether the value at `steps` came from the component's own members `overrides`.
    private static func gives(_ overrides: JSONObject, _ steps: [JSONLocation.Component]) -> Bool {
        var value = JSONValue.object(overrides)
        for step in steps {
            switch (step, value) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else { return false }
                value = member
            case (.index(let index), .array(let elements)):
                return elements.indices.contains(index)
            default:
                return true
            }
        }
        return true
    }

    /// `base` with `object`'s members over it: objects merged key by key, a plain key replacing a
    /// placeholder for the same key, anything else replaced.
    static func merge(_ base: JSONObject, with object: JSONObject) -> JSONObject {
        var merged = base
        for (key, value) in object {
            if !key.hasPrefix("$") { merged.removeValue(forKey: "$" + key) }
            if case .object(let nested) = value, case .object(let existing)? = merged[key] {
                merged[key] = .object(merge(existing, with: nested))
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// One component's values put into its template's placeholders.
    struct Expansion {
        let values: JSONObject
        /// Where values went: the steps in the expanded component, and the value's name.
        private(set) var substitutions: [(steps: [JSONLocation.Component], value: String)] = []
        /// Placeholders without a value or a default: the path in the template, and the value's name.
        private(set) var missing: [(path: String, value: String)] = []
        /// Values that a text was to be built from but are neither strings nor numbers.
        private(set) var badParts: [(value: String, found: JSONValue, path: String)] = []

        init(values: JSONObject) {
            self.values = values
        }

        mutating func substitute(in object: JSONObject, at steps: [JSONLocation.Component]) -> JSONObject {
            var result: JSONObject = [:]
            result.reserveCapacity(object.count)
            for (key, value) in object where !key.hasPrefix("$") {
                result[key] = substitute(in: value, at: steps + [.key(key)])
            }
            for (key, value) in object where key.hasPrefix("$") {
                guard case .string(let text) = value else { continue }  // reported with the definition
                let field = String(key.dropFirst())
                let fieldSteps = steps + [.key(field)]
                let reference = Reference(text)
                switch reference {
                case .value(let name):
                    if let given = values[name] {
                        result[field] = given
                        substitutions.append((fieldSteps, name))
                    } else if result[field] == .null {
                        // A default of null: the value is optional, and nothing is set without it.
                        result.removeValue(forKey: field)
                    } else if result[field] == nil {
                        missing.append((JSONLocation.path(of: fieldSteps), name))
                    }
                case .text:
                    // Every value must be there; else the default stands, or the placeholder is missing.
                    let built = reference.build { values[$0] }
                    for (name, other) in built.unusable {
                        // Reported at the value: a text is built from strings and numbers.
                        badParts.append((name, other, JSONLocation.path(of: fieldSteps)))
                    }
                    if !built.unusable.isEmpty {
                        continue
                    } else if built.absent.isEmpty {
                        result[field] = .string(built.text)
                    } else if result[field] == .null {
                        result.removeValue(forKey: field)
                    } else if result[field] == nil {
                        for name in built.absent { missing.append((JSONLocation.path(of: fieldSteps), name)) }
                    }
                }
            }
            return result
        }

        private mutating func substitute(in value: JSONValue, at steps: [JSONLocation.Component]) -> JSONValue {
            switch value {
            case .object(let object):
                return .object(substitute(in: object, at: steps))
            case .array(let elements):
                var result: [JSONValue] = []
                result.reserveCapacity(elements.count)
                for (offset, element) in elements.enumerated() {
                    result.append(substitute(in: element, at: steps + [.index(offset)]))
                }
                return .array(result)
            default:
                return value
            }
        }

        /// The substitution whose value holds the value at `steps`, if any.
        func substitution(covering steps: [JSONLocation.Component]) -> (steps: [JSONLocation.Component], value: String)? {
            substitutions.filter { steps.starts(with: $0.steps) }.max { $0.steps.count < $1.steps.count }
        }
    }
}

/// What a placeholder's value says: the name of one value, or a text with values in braces
/// (`"hub-demo:bakery/{id}"`).
enum Reference {
    enum Part {
        case literal(String)
        case value(String)
    }

    case value(String)
    case text([Part])

    init(_ text: String) {
        guard text.utf8.contains(UInt8(ascii: "{")) else {
            self = .value(text)
            return
        }
        var parts: [Part] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.value(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self = .text(parts)
    }

    /// The text built from the values `lookup` finds, the names it does not find, and those whose
    /// value is neither a string nor a number.
    func build(_ lookup: (String) -> JSONValue?) -> (text: String, absent: [String], unusable: [(String, JSONValue)]) {
        var text = ""
        var absent: [String] = []
        var unusable: [(String, JSONValue)] = []
        let parts: [Part]
        switch self {
        case .value(let name): parts = [.value(name)]
        case .text(let textParts): parts = textParts
        }
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .value(let name):
                switch lookup(name) {
                case .string(let given)?: text += given
                case .number(let number)?: text += JSONWriter().string(for: .number(number))
                case let other?: unusable.append((name, other))
                case nil: absent.append(name)
                }
            }
        }
        return (text, absent, unusable)
    }

    /// The names of the values it takes.
    var names: [String] {
        switch self {
        case .value(let name): return [name]
        case .text(let parts):
            return parts.compactMap { part in
                if case .value(let name) = part { return name }
                return nil
            }
        }
    }
}

private func quoted(_ text: String) -> String {
    JSONWriter().string(for: .string(text))
}
