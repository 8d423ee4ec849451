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
/// * A template may start from another one (its own `template` member), up to
///   ``maximumBaseDepth`` levels, and its children may use templates. Templates that use
///   themselves, directly or through others, are reported and not used; where a child's template
///   comes from a value (`"$template"`), a use that would expand a template inside itself is
///   reported where the cycle closes, and left out.
/// * A problem with a value the component gave is reported at that value; one with a value of the
///   template, at the template (once, however many components use it).
/// * Expansions have a budget that follows the document's size (``TemplateBudget``): a use is
///   charged for the values, texts and components it makes, counted before they are made.
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
        /// Never used: part of a cycle, or too deep a chain of bases; what a use is told.
        case unusable(String)
    }

    /// The most templates a template may start from, one from the other: each is merged into the
    /// next, so a chain costs its length times its size, and a longer one is no template an author
    /// writes by hand.
    static let maximumBaseDepth = 32

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
        /// The components its uses make: its children (and theirs), the components of a view in its
        /// target; and the templates those children name, once for each.
        let madeComponents: Int
        let childTemplates: [String]
    }

    private let definitions: [String: JSONValue]
    private let definitionsLocation: JSONLocation?
    private var resolutions: [String: Resolution] = [:]
    /// What expansions may still cost (templates that use templates multiply, so a small document
    /// could otherwise ask for billions of components); shared with the views in targets.
    let budget: TemplateBudget
    /// What one use of each template costs in full (``cost(of:limit:)``).
    private var costs: [String: Int] = [:]
    /// The uses being expanded, outermost first: where a cycle through children closes.
    private var frames: [Frame] = []
    private let unknownKeyCheck: UnknownKeyCheck?

    /// The problems of the definitions themselves (a value that is not an object, unknown keys,
    /// cycles), reported once, before the view's other problems.
    let definitionProblems: JSONProblemCollector

    /// No templates: components that name one are reported as using an unknown template. `budget`
    /// is the enclosing document's, for a view in a target (nil: one of its own).
    convenience init(limits: ContentLimits, schema: JSONSchema, budget: TemplateBudget? = nil) {
        self.init(.object([:]), at: nil, limits: limits, schema: schema, documentBytes: nil, budget: budget)
    }

    /// The templates of the `templates` member `value` found at `location`, to be used with `limits`.
    /// `documentBytes`, the size of the document when it is known, bounds what expansions may cost
    /// (``TemplateBudget``); `budget` is the enclosing document's, for a view in a target.
    init(_ value: JSONValue, at location: JSONLocation?, limits: ContentLimits, schema: JSONSchema,
         documentBytes: Int?, budget: TemplateBudget? = nil) {
        definitionsLocation = location
        unknownKeyCheck = schema.unknownKeyCheck
        let problems = JSONProblemCollector(limits: limits)
        definitionProblems = problems
        self.budget = budget ?? TemplateBudget(limits: limits, documentBytes: documentBytes)
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
        limitBaseDepth(problems: problems)
    }

    static let budgetMessage = "templates were expanded into as many values as the limits allow for a "
        + "document of this size; this component and the templated ones after it were left out"

    /// Whether `message` says that the budget ran out (it is reported where it happened).
    static func isBudgetMessage(_ message: String) -> Bool {
        message.hasSuffix(budgetMessage)
    }

    /// What expansions may cost for a document of `documentBytes` bytes (``TemplateBudget/units(limits:documentBytes:)``).
    static func budget(limits: ContentLimits, documentBytes: Int?) -> Int {
        TemplateBudget.units(limits: limits, documentBytes: documentBytes)
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
    /// Without recursion (a document may chain thousands of templates), and in time proportional to
    /// the uses: the templates not to be used are those of the strongly connected parts of the uses
    /// (Tarjan's algorithm, along the same walk), and a long cycle is named by its ends.
    private func findCycles(problems: JSONProblemCollector) {
        struct Visit {
            let name: String
            let uses: [(name: String, location: JSONLocation)]
            var next = 0
        }
        var order: [String: Int] = [:]
        var lowest: [String: Int] = [:]
        var connected: [String] = []
        var isConnected: Set<String> = []
        var usesItself: Set<String> = []
        var path: [String] = []
        var pathIndex: [String: Int] = [:]
        var visits: [Visit] = []
        func enter(_ name: String) {
            order[name] = order.count
            lowest[name] = order[name]
            connected.append(name)
            isConnected.insert(name)
            pathIndex[name] = path.count
            path.append(name)
            visits.append(Visit(name: name, uses: uses(of: name)))
        }
        for root in definitions.keys.sorted() where order[root] == nil {
            enter(root)
            while let top = visits.indices.last {
                let name = visits[top].name
                guard visits[top].next == visits[top].uses.count else {
                    let use = visits[top].uses[visits[top].next]
                    visits[top].next += 1
                    if order[use.name] == nil {
                        enter(use.name)
                    } else if let start = pathIndex[use.name] {
                        // On the way here: the cycle closes at this use.
                        if use.name == name { usesItself.insert(name) }
                        problems.report("templates that use themselves cannot be used: "
                            + Self.describeCycle(path[start...], closingWith: use.name), at: use.location)
                        lowest[name] = min(lowest[name]!, order[use.name]!)
                    } else if isConnected.contains(use.name) {
                        lowest[name] = min(lowest[name]!, order[use.name]!)
                    }
                    continue
                }
                visits.removeLast()
                path.removeLast()
                pathIndex[name] = nil
                if let parent = visits.last {
                    lowest[parent.name] = min(lowest[parent.name]!, lowest[name]!)
                }
                guard lowest[name] == order[name] else { continue }
                // The root of a strongly connected part: its templates are on a cycle when there are
                // several, or one that uses itself.
                let first = connected.lastIndex(of: name)!
                let part = connected[first...]
                if part.count > 1 || usesItself.contains(name) {
                    for member in part { resolutions[member] = .unusable("template \(quoted(member)) cannot be used: it uses itself") }
                }
                for member in part { isConnected.remove(member) }
                connected.removeSubrange(first...)
            }
        }
    }

    /// `"a" → "b" → "a"`: the templates of a cycle and the one that closes it; a long one by its ends.
    private static func describeCycle(_ names: ArraySlice<String>, closingWith closing: String) -> String {
        guard names.count > 8 else { return (Array(names) + [closing]).map { quoted($0) }.joined(separator: " → ") }
        let first = names.prefix(4).map { quoted($0) }
        let last = (Array(names.suffix(3)) + [closing]).map { quoted($0) }
        return (first + ["…"] + last).joined(separator: " → ") + " (\(names.count) templates)"
    }

    /// The template `name` starts from, when that is a template that may be used.
    private func base(of name: String) -> String? {
        guard case .object(let object)? = definitions[name], case .string(let base)? = object[Self.instanceKey],
            case .object? = definitions[base]
        else { return nil }
        if case .unusable? = resolutions[base] { return nil }
        return base
    }

    /// Marks the templates that start from more than ``maximumBaseDepth`` others, one from the other,
    /// unusable; reported once for each chain, at the first template too deep. Without recursion.
    private func limitBaseDepth(problems: JSONProblemCollector) {
        // Depths first, along the bases that are not on a cycle; then the marks.
        var depths: [String: Int] = [:]
        for name in definitions.keys.sorted() where depths[name] == nil {
            if case .unusable? = resolutions[name] { continue }
            var chain: [String] = [name]
            while let base = base(of: chain.last!), depths[base] == nil, chain.count <= definitions.count {
                chain.append(base)
            }
            var depth = base(of: chain.last!).flatMap { depths[$0] }.map { $0 + 1 } ?? 0
            for member in chain.reversed() {
                depths[member] = depth
                depth += 1
            }
        }
        for (name, depth) in depths.sorted(by: { $0.key < $1.key }) where depth > Self.maximumBaseDepth {
            resolutions[name] = .unusable("template \(quoted(name)) cannot be used: it starts from more than "
                + "\(Self.maximumBaseDepth) templates, one from the other")
            if depth == Self.maximumBaseDepth + 1 {
                problems.report("a template may start from at most \(Self.maximumBaseDepth) others, one from the "
                    + "other; this one and those that start from it cannot be used",
                    at: .key(Self.instanceKey, in: .key(name, in: definitionsLocation)))
            }
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
        var made = 0
        var childTemplates: [String] = []
        Self.components(in: object, count: &made, templates: &childTemplates)
        let template = Template(name: name, object: object, parameters: Self.parameters(in: .object(object)),
                                location: .key(name, in: definitionsLocation), size: Self.size(of: .object(object)),
                                madeComponents: made, childTemplates: childTemplates)
        resolutions[name] = .template(template)
        return .template(template)
    }

    /// Counts the components that applying the component `object` makes besides itself (its
    /// children and theirs, the components of a view in its target), and collects the templates its
    /// children name; a view in a target names those of its own `templates`, which are not these.
    private static func components(in object: JSONObject, count: inout Int, templates: inout [String],
                                   inView: Bool = false) {
        if case .array(let children)? = object["children"] {
            for case .object(let child) in children {
                count += 1
                if !inView, case .string(let used)? = child[instanceKey] { templates.append(used) }
                components(in: child, count: &count, templates: &templates, inView: inView)
            }
        }
        guard case .object(let target)? = object["target"], case .object(let view)? = target["view"] else { return }
        if case .object(let header)? = view["header"] {
            count += 1
            components(in: header, count: &count, templates: &templates, inView: true)
        }
        for key in ["body", "overlays"] {
            guard case .array(let list)? = view[key] else { continue }
            for case .object(let component) in list {
                count += 1
                components(in: component, count: &count, templates: &templates, inView: true)
            }
        }
    }

    /// What one use of the template `name` costs when all of it is expanded: its values, and for
    /// each component it makes, ``TemplateBudget/componentCost`` and what the template that component
    /// names costs, found from the resolved templates without expanding them; nil when that is more
    /// than `limit`. An exponential template (each level using the previous one twice) is refused
    /// at its first use, before anything is built. The templates it looks at are resolved once
    /// each, with work that never goes much past `limit`; without recursion, since templates may
    /// use templates thousands of levels deep.
    func cost(of name: String, limit: Int) -> Int? {
        if let known = costs[name] { return known <= limit ? known : nil }
        // More than anything the budget allows: kept as is, so that sums cannot overflow.
        let ceiling = TemplateBudget.sum(budget.initial, 1)
        var work = 0
        var stack = [name]
        var entered: Set<String> = []
        while let top = stack.last {
            if costs[top] != nil {
                stack.removeLast()
                continue
            }
            guard case .template(let template)? = resolution(of: top) else {
                costs[top] = 0  // unknown or unusable: reported at the use, nothing made
                stack.removeLast()
                continue
            }
            if entered.insert(top).inserted {
                // Each template looked at is expanded at least once by a use of `name`.
                work = TemplateBudget.sum(work, template.size)
                if work > limit { return nil }
                let pending = template.childTemplates.filter { costs[$0] == nil && !entered.contains($0) }
                if !pending.isEmpty {
                    stack.append(contentsOf: pending)
                    continue
                }
            }
            var total = TemplateBudget.useCost(values: template.size, textBytes: 0)
            let made = template.madeComponents.multipliedReportingOverflow(by: TemplateBudget.componentCost)
            total = TemplateBudget.sum(total, made.overflow ? .max : made.partialValue)
            for used in template.childTemplates {
                // nil only on a cycle, which expansion stops.
                total = TemplateBudget.sum(total, costs[used] ?? 0)
                if total >= ceiling { break }
            }
            costs[top] = min(total, ceiling)
            stack.removeLast()
        }
        let cost = costs[name]!
        return cost <= limit ? cost : nil
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

    /// Counts one expansion through `template`, whose texts came to `textBytes` bytes, against the
    /// budget, as one through the tree would count (a compiled template makes no components, so its
    /// values and texts are all a use costs); false, and nothing counted, when the budget has no
    /// room for it (the tree path then reports that).
    func spend(_ template: CompiledTemplate, textBytes: Int) -> Bool {
        guard budget.spend(TemplateBudget.useCost(values: template.size, textBytes: textBytes)) else { return false }
        wasUsed = true
        return true
    }

    /// A use refused earlier refuses every later one: the one-pass reader leaves them to the tree
    /// path, which reports that, without compiling their templates.
    var isExhausted: Bool { budget.isExhausted }

    private var compiledTemplates: [String: CompiledTemplate?] = [:]

    /// Whether `json` is a component that uses a template.
    static func isInstance(_ json: JSONObject) -> Bool {
        json[instanceKey] != nil
    }

    /// A use being expanded.
    private struct Frame {
        let name: String
        let location: JSONLocation?
        let template: Template
        let overrides: JSONObject
        let expansion: Expansion
        /// Whether the use's object comes from the definition of the template whose use encloses it
        /// (rather than from the document: a component, a value, an override).
        let isInDefinition: Bool
    }

    /// Expands the component `instance` at `location` into a plain component object and hands it to
    /// `apply` with a collector of its own, whose problems are then reported to `problems` where they
    /// belong (see the type's rules). Nothing is applied when the template is unknown, unusable,
    /// used inside itself or over the budget: that is reported instead.
    func expand(_ instance: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                apply: (JSONObject, JSONProblemCollector) -> Void)
    {
        wasUsed = true
        let nameLocation = JSONLocation.key(Self.instanceKey, in: location)
        guard case .string(let name) = instance[Self.instanceKey]! else {
            problems.reportTypeMismatch(expected: "the name of a template", found: instance[Self.instanceKey]!, at: nameLocation)
            return
        }
        guard case .object? = definitions[name] else {
            reportUnknown(name, at: nameLocation, problems: problems)
            return
        }
        if case .unusable(let message)? = resolutions[name] {
            problems.report(message, at: nameLocation)
            return
        }
        let isInDefinition = frames.last.map { Self.isInDefinition(location, of: $0) } ?? false
        if isInDefinition, let cycle = cycle(closingWith: name, at: location) {
            problems.report("the template \(quoted(name)) uses itself (\(cycle.description)); the component that "
                + "closes the cycle was left out", at: cycle.location)
            return
        }
        // Refused before anything is resolved or built: what a use costs in full (the components and
        // values of the templates its children use included) must fit in what is left.
        guard !budget.isExhausted, case .template(let template)? = resolution(of: name),
            let cost = cost(of: name, limit: budget.remaining), budget.allows(cost)
        else {
            budget.runOut(Self.budgetMessage, at: location, problems: problems)
            return
        }

        var values: JSONObject = [:]
        var overrides: JSONObject = [:]
        for (key, value) in instance where key != Self.instanceKey {
            // A component's own key (`id`, `text`, …) is its member, and may be a value too.
            if template.parameters.contains(key) { values[key] = value }
            if !template.parameters.contains(key) || Self.componentKeys.contains(key) { overrides[key] = value }
        }
        unknownKeyCheck?.checkComponent(overrides, at: location, problems: problems,
                                        alsoKnown: [Self.instanceKey] + template.parameters.sorted())
        // Texts built from values are measured before they are joined, and count against what is left.
        let valuesCost = TemplateBudget.useCost(values: template.size, textBytes: 0)
        var expansion = Expansion(values: values, textAllowance: budget.remaining - valuesCost)
        let object = expansion.substitute(in: Self.merge(template.object, with: overrides), at: [])
        if let tooLong = expansion.tooLong {
            budget.runOut("the text for \(tooLong.path) in template \(quoted(name)) would be "
                + "\(ContentLimits.describe(bytes: tooLong.length)) long; " + Self.budgetMessage, at: location, problems: problems)
            return
        }
        _ = budget.spend(TemplateBudget.useCost(values: template.size, textBytes: expansion.textBytes))
        for missing in expansion.missing.sorted(by: { ($0.path, $0.value) < ($1.path, $1.value) }) {
            problems.report("template \(quoted(name)) needs a value for \(quoted(missing.value)) "
                + "(\(missing.path)); the component does not give one", at: location)
        }
        for bad in expansion.badParts.sorted(by: { ($0.path, $0.value) < ($1.path, $1.value) }) {
            problems.report("expected a string or a number, found \(bad.found.kindDescription) (for \(bad.path) "
                + "in template \(quoted(name)))", at: .key(bad.value, in: location))
        }

        let own = JSONProblemCollector(limits: problems.limits)
        frames.append(Frame(name: name, location: location, template: template, overrides: overrides,
                            expansion: expansion, isInDefinition: isInDefinition))
        budget.expanding { apply(object, own) }
        frames.removeLast()
        for problem in own.problems {
            guard let relative = Self.steps(of: problem.pathLocation, below: location), !relative.isEmpty,
                !Self.isBudgetMessage(problem.message)
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

    /// Whether the component at `location`, inside the use `frame`, comes from the definition of
    /// that use's template: neither a value the component gave nor one of its own members.
    private static func isInDefinition(_ location: JSONLocation?, of frame: Frame) -> Bool {
        guard let relative = steps(of: location, below: frame.location), !relative.isEmpty else { return false }
        return frame.expansion.substitution(covering: relative) == nil && !gives(frame.overrides, relative)
    }

    /// The cycle that a use of `name` at `location`, in the definition of the innermost use being
    /// expanded, would close: templates whose definitions use, one inside the other, the template
    /// they are part of. Literal cycles are found with the definitions; this finds those through a
    /// child whose template comes from a value (`"$template"`), which would otherwise be expanded
    /// until the nesting limit. Where it closes: that child's `$template` (or `template`) member, in
    /// the definition of the template that holds it.
    private func cycle(closingWith name: String, at location: JSONLocation?) -> (description: String, location: JSONLocation)? {
        var index = frames.count - 1
        var names: [String] = []
        while index >= 0 {
            names.append(frames[index].name)
            if frames[index].name == name { break }
            guard frames[index].isInDefinition else { return nil }
            index -= 1
        }
        guard index >= 0 else { return nil }
        let holder = frames[frames.count - 1]
        var target: JSONLocation = holder.template.location
        for step in Self.steps(of: location, below: holder.location) ?? [] { target = JSONLocation(parent: target, component: step) }
        let relative = (Self.steps(of: location, below: holder.location) ?? []) + [.key(Self.instanceKey)]
        let fromValue = holder.expansion.substitution(covering: relative) != nil
        let member = JSONLocation.key(fromValue ? "$" + Self.instanceKey : Self.instanceKey, in: target)
        return (Self.describeCycle(ArraySlice(names.reversed()), closingWith: name), member)
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
        /// The bytes that texts built from values may take in all; once one would take more, it and
        /// those after it are not built, and `tooLong` says so.
        let textAllowance: Int
        /// The bytes of the texts built.
        private(set) var textBytes = 0
        private var overAllowance = false
        /// The longest text to build (the first path in order among equals), measured.
        private var longestText: (path: String, length: Int)?
        /// When the texts would take more than the allowance: the longest of them, its path in the
        /// template and its length (which text that is does not depend on the order they were met in).
        var tooLong: (path: String, length: Int)? { overAllowance ? longestText : nil }

        init(values: JSONObject, textAllowance: Int = .max) {
            self.values = values
            self.textAllowance = textAllowance
        }

        /// `object` with its placeholders, at any depth, replaced by the values. `steps` is where it
        /// sits in the expanded component.
        mutating func substitute(in object: JSONObject, at steps: [JSONLocation.Component]) -> JSONObject {
            var path = steps
            return substituted(object, at: &path) ?? object
        }

        /// `object` with its placeholders filled, or nil when it has none at any depth: then it is
        /// used as it is, shared with the template and every other use (a large template copied at
        /// every use would hold its values many times over). `path` is where it sits, and is left so.
        private mutating func substituted(_ object: JSONObject, at path: inout [JSONLocation.Component]) -> JSONObject? {
            var result: JSONObject?
            for (key, value) in object where !key.hasPrefix("$") {
                if let filled = substituted(value, at: .key(key), below: &path) {
                    if result == nil { result = object }
                    result![key] = filled
                }
            }
            guard object.keys.contains(where: { $0.hasPrefix("$") }) else { return result }
            var filled = result ?? object
            for key in object.keys where key.hasPrefix("$") { filled.removeValue(forKey: key) }
            for (key, value) in object where key.hasPrefix("$") {
                guard case .string(let text) = value else { continue }  // reported with the definition
                let field = String(key.dropFirst())
                let fieldSteps = path + [.key(field)]
                let reference = Reference(text)
                switch reference {
                case .value(let name):
                    if let given = values[name] {
                        filled[field] = given
                        substitutions.append((fieldSteps, name))
                    } else if filled[field] == .null {
                        // A default of null: the value is optional, and nothing is set without it.
                        filled.removeValue(forKey: field)
                    } else if filled[field] == nil {
                        missing.append((JSONLocation.path(of: fieldSteps), name))
                    }
                case .text:
                    // Every value must be there; else the default stands, or the placeholder is missing.
                    let measured = reference.measure { values[$0] }
                    for (name, other) in measured.unusable {
                        // Reported at the value: a text is built from strings and numbers.
                        badParts.append((name, other, JSONLocation.path(of: fieldSteps)))
                    }
                    if !measured.unusable.isEmpty {
                        continue
                    } else if measured.absent.isEmpty {
                        // Measured from its pieces, and built only when it fits.
                        let path = JSONLocation.path(of: fieldSteps)
                        let isLongest = longestText.map {
                            measured.length > $0.length || (measured.length == $0.length && path < $0.path)
                        } ?? true
                        if isLongest { longestText = (path, measured.length) }
                        guard !overAllowance, measured.length <= textAllowance - textBytes else {
                            overAllowance = true
                            continue
                        }
                        textBytes += measured.length
                        filled[field] = .string(reference.build(length: measured.length) { values[$0] })
                    } else if filled[field] == .null {
                        filled.removeValue(forKey: field)
                    } else if filled[field] == nil {
                        for name in measured.absent { missing.append((JSONLocation.path(of: fieldSteps), name)) }
                    }
                }
            }
            return filled
        }

        /// `value` with its placeholders filled, or nil when it has none.
        private mutating func substituted(_ value: JSONValue, at path: inout [JSONLocation.Component]) -> JSONValue? {
            switch value {
            case .object(let object):
                return substituted(object, at: &path).map(JSONValue.object)
            case .array(let elements):
                var result: [JSONValue]?
                for (offset, element) in elements.enumerated() {
                    if let filled = substituted(element, at: .index(offset), below: &path) {
                        if result == nil { result = elements }
                        result![offset] = filled
                    }
                }
                return result.map(JSONValue.array)
            default:
                return nil
            }
        }

        /// The member or element `value` at `step` below `path` with its placeholders filled, or nil
        /// when it has none: only objects and arrays can hold them. `path` is left as it was.
        private mutating func substituted(_ value: JSONValue, at step: JSONLocation.Component,
                                          below path: inout [JSONLocation.Component]) -> JSONValue?
        {
            switch value {
            case .object, .array:
                path.append(step)
                defer { path.removeLast() }
                return substituted(value, at: &path)
            default:
                return nil
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

    /// The parts of the text: a name alone is a text of one value.
    private var parts: [Part] {
        switch self {
        case .value(let name): return [.value(name)]
        case .text(let textParts): return textParts
        }
    }

    /// What the text built from the values `lookup` finds would be, without building it: its length
    /// in bytes of UTF-8, the names it does not find, and those whose value is neither a string nor
    /// a number. A text made of a long value repeated is measured in the time it takes to name them.
    func measure(_ lookup: (String) -> JSONValue?) -> (length: Int, absent: [String], unusable: [(String, JSONValue)]) {
        var length = 0
        var absent: [String] = []
        var unusable: [(String, JSONValue)] = []
        for part in parts {
            switch part {
            case .literal(let literal): length = TemplateBudget.sum(length, literal.utf8.count)
            case .value(let name):
                switch lookup(name) {
                case .string(let given)?: length = TemplateBudget.sum(length, given.utf8.count)
                case .number(let number)?: length = TemplateBudget.sum(length, JSONWriter().string(for: .number(number)).utf8.count)
                case let other?: unusable.append((name, other))
                case nil: absent.append(name)
                }
            }
        }
        return (length, absent, unusable)
    }

    /// The text built from the values `lookup` finds, `length` bytes long (as ``measure(_:)`` found,
    /// with every value there, a string or a number).
    func build(length: Int, _ lookup: (String) -> JSONValue?) -> String {
        var text = ""
        text.reserveCapacity(length)
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .value(let name):
                switch lookup(name) {
                case .string(let given)?: text += given
                case .number(let number)?: text += JSONWriter().string(for: .number(number))
                default: break
                }
            }
        }
        return text
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
