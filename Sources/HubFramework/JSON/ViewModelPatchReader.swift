import Foundation

/// Reads a patch's text into its changes (``ViewModelPatch``), strictly: whatever a document's
/// reader would skip with a warning makes the patch fail here, since a patch is all or nothing.
///
/// The text is a JSON object with the members `patch` (required), `templates` (the templates its
/// components may use, as a view document declares them) and `$schema` (for editors, not read). Its
/// `patch` has one member, `changes`, an array of changes of three shapes:
///
/// ```json
/// {"replace": "croissant", "with": [{"id": "croissant", "text": {"title": "Croissant (sold out)"}}]}
/// {"remove": "baguette"}
/// {"insert": [{"id": "brioche", "text": {"title": "Brioche"}}], "after": "croissant"}
/// ```
///
/// (`insert` takes `before`, `after` or `into`; `into` names a component, whose children the
/// components are added after, or the view's `body` or `overlays`.)
///
/// The order of the work bounds what a hostile patch costs: its size is checked before it is
/// parsed (``ContentLimits/maximumPatchBytes``), its changes are counted before any is read
/// (``ContentLimits/maximumPatchChanges``), and the components it adds are counted in the parsed
/// text, children included, before any is read into a builder (``ContentLimits/maximumPatchComponents``);
/// once read, they are counted again with what their templates added. Components are read by the
/// code that reads a document's components (`ComponentModelBuilder.applyComponent`), templates,
/// unknown-key checks and limits included, each into a builder of its own.
package struct ViewModelPatchReader {
    /// The member of the top level that holds the patch, and those beside it.
    static let patchKey = "patch"
    static let schemaKey = "$schema"
    /// The patch's one member.
    static let changesKey = "changes"
    /// The members of a change.
    static let replaceKey = "replace", withKey = "with", removeKey = "remove", insertKey = "insert"
    static let beforeKey = "before", afterKey = "after", intoKey = "into"

    /// The members of each shape of change: `replace`, `remove`, `insert` (the JSON Schema's
    /// `patchChange` is held to them).
    package static let changeShapes = [[replaceKey, withKey], [removeKey], [insertKey, beforeKey, afterKey, intoKey]]
    /// The members of the top level of a patch (with a schema that reads templates) and of its `patch`.
    package static let documentKeys = [patchKey, ComponentTemplates.definitionsKey, schemaKey]
    package static let patchKeys = [changesKey]

    let schema: JSONSchema
    let limits: ContentLimits
    let problems: JSONProblemCollector
    /// What the builders of the patch's components share.
    private let context: BuilderContext

    /// `clientCapabilities`: the client the patch's components are read for (their fallbacks), and
    /// `notes` what that changed, for hub-validate.
    init(schema: JSONSchema, clientCapabilities: ClientCapabilities?, limits: ContentLimits,
         recordingFallbacksIn notes: FallbackNotes? = nil)
    {
        self.schema = schema
        self.limits = limits
        problems = JSONProblemCollector(limits: limits)
        context = BuilderContext(schema: schema, componentDefaults: schema.componentDefaults,
                                 iconImageResolver: schema.iconImageResolver,
                                 localImageResolver: schema.localImageResolver, clientCapabilities: clientCapabilities,
                                 fallbackNotes: notes)
    }

    /// The changes of the parsed patch `document`, whose text was `byteCount` bytes long; nil when it
    /// has problems (in ``problems``).
    func read(_ document: JSONValue, byteCount: Int) -> [ViewModelPatchChange]? {
        guard case .object(let top) = document else {
            problems.report("expected an object with a \"patch\" member, found \(document.kindDescription)", at: nil)
            return nil
        }
        let topKeys = schema.readsTemplates ? Self.documentKeys : Self.documentKeys.filter { $0 != ComponentTemplates.definitionsKey }
        reportUnknownKeys(of: top, among: topKeys, at: nil)
        guard let (patch, patchLocation) = requiredMember(Self.patchKey, of: top, at: nil, \.objectValue,
            expected: "an object", missing: "a patch has its changes in a \"patch\" member, which this document lacks")
        else { return nil }
        reportUnknownKeys(of: patch, among: Self.patchKeys, at: patchLocation)
        guard let (changes, changesLocation) = requiredMember(Self.changesKey, of: patch, at: patchLocation,
            \.arrayValue, expected: "an array of changes",
            missing: "a patch lists its changes in a \"changes\" member, which this one lacks")
        else { return nil }
        // Counted before anything is read: the limits bound the work, whatever the patch holds.
        guard changes.count <= limits.maximumPatchChanges else {
            problems.report("the patch makes \(changes.count) changes, more than the limit of "
                + "\(limits.maximumPatchChanges) (maximumPatchChanges)", at: changesLocation)
            return nil
        }
        guard countComponents(in: changes) <= limits.maximumPatchComponents else {
            problems.report("the patch adds more than \(limits.maximumPatchComponents) components, children included "
                + "(the limit maximumPatchComponents)", at: changesLocation)
            return nil
        }
        let templates = templates(of: top, byteCount: byteCount)
        if let templates { problems.append(templates.definitionProblems) }
        var read: [ViewModelPatchChange] = []
        for (offset, value) in changes.enumerated() {
            let location = JSONLocation.index(offset, in: changesLocation)
            guard case .object(let change) = value else {
                problems.reportTypeMismatch(expected: "an object (a change)", found: value, at: location)
                continue
            }
            if let change = readChange(change, at: location, templates: templates) { read.append(change) }
        }
        // Templates add components of their own (their children): counted again as built.
        let built = read.reduce(0) { $0 + $1.components.reduce(0) { $0 + Self.count($1.builder) } }
        if built > limits.maximumPatchComponents {
            problems.report("the patch adds \(built) components once its templates are expanded, children included; "
                + "the limit is \(limits.maximumPatchComponents) (maximumPatchComponents)", at: changesLocation)
        }
        return problems.problems.isEmpty ? read : nil
    }

    // MARK: Changes

    private func readChange(_ change: JSONObject, at location: JSONLocation,
                            templates: ComponentTemplates?) -> ViewModelPatchChange?
    {
        let kinds = [Self.replaceKey, Self.removeKey, Self.insertKey].filter { change[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            reportUnknownKeys(of: change, among: Self.allChangeKeys, at: location)
            problems.report(kinds.isEmpty
                ? "a change has \"replace\", \"remove\" or \"insert\"; this one has none of them"
                : "a change has one of \"replace\", \"remove\" or \"insert\"; this one has "
                    + kinds.map { "\"\($0)\"" }.joined(separator: " and "), at: location)
            return nil
        }
        switch kind {
        case Self.replaceKey:
            reportUnknownKeys(of: change, among: Self.changeShapes[0], at: location)
            let target = self.target(change, Self.replaceKey, at: location)
            guard let with = components(change, Self.withKey, at: location, templates: templates,
                                        missing: "a \"replace\" lists the components that take the place in \"with\" "
                                            + "(an empty list removes it)")
            else { return nil }
            return target.map { .replace($0, with: with) }
        case Self.removeKey:
            reportUnknownKeys(of: change, among: Self.changeShapes[1], at: location)
            return target(change, Self.removeKey, at: location).map { .remove($0) }
        default:
            reportUnknownKeys(of: change, among: Self.changeShapes[2], at: location)
            let inserted = components(change, Self.insertKey, at: location, templates: templates)
            let places = [Self.beforeKey, Self.afterKey, Self.intoKey].filter { change[$0] != nil }
            guard places.count == 1, let key = places.first else {
                problems.report(places.isEmpty
                    ? "an \"insert\" says where its components go with \"before\", \"after\" or \"into\"; this one has none"
                    : "an \"insert\" says where its components go with one of \"before\", \"after\" or \"into\"; this one has "
                        + places.map { "\"\($0)\"" }.joined(separator: " and "), at: location)
                return nil
            }
            guard let target = target(change, key, at: location), let inserted else { return nil }
            switch key {
            case Self.beforeKey: return .insert(inserted, .before(target))
            case Self.afterKey: return .insert(inserted, .after(target))
            default:
                switch target.identifier {
                case ViewModelPatchList.body.name: return .insert(inserted, .intoList(.body, at: target.location))
                case ViewModelPatchList.overlays.name: return .insert(inserted, .intoList(.overlays, at: target.location))
                default: return .insert(inserted, .into(target))
                }
            }
        }
    }

    private static let allChangeKeys = changeShapes.flatMap { $0 }

    /// The id a change names in its member `key`.
    private func target(_ change: JSONObject, _ key: String, at location: JSONLocation) -> ViewModelPatchChange.Target? {
        let targetLocation = JSONLocation.key(key, in: location)
        guard case .string(let identifier)? = change[key] else {
            problems.reportTypeMismatch(expected: "the id of a component (a string)", found: change[key] ?? .null,
                                        at: targetLocation)
            return nil
        }
        return ViewModelPatchChange.Target(identifier: identifier, location: targetLocation)
    }

    /// The components listed in a change's member `key`, each read into a builder of its own.
    private func components(_ change: JSONObject, _ key: String, at location: JSONLocation,
                            templates: ComponentTemplates?, missing: String? = nil) -> [ViewModelPatchChange.Component]?
    {
        let listLocation = JSONLocation.key(key, in: location)
        guard let value = change[key] else {
            if let missing { problems.report(missing, at: location) }
            return nil
        }
        guard case .array(let elements) = value else {
            problems.reportTypeMismatch(expected: "an array of components", found: value, at: listLocation)
            return nil
        }
        var read: [ViewModelPatchChange.Component] = []
        var identifiers: Set<String> = []
        let before = problems.problems.count
        for (offset, element) in elements.enumerated() {
            let elementLocation = JSONLocation.index(offset, in: listLocation)
            guard case .object(let object) = element else {
                problems.reportTypeMismatch(expected: "an object (a component)", found: element, at: elementLocation)
                continue
            }
            var made: ComponentModelBuilder?
            ComponentModelBuilder.applyComponent(object, at: elementLocation, problems: problems, depth: 1, context: context,
                                                 templates: templates) { identifier in
                // The type is the body's until the patch is applied and the component's place is known.
                let builder = ComponentModelBuilder(modelIdentifier: identifier ?? "UnknownComponent:\(UUID().uuidString)",
                                                    type: .body, context: context)
                made = builder
                return builder
            }
            guard let made else { continue }
            // In a document, a second component of the same id adds to the first; a patch says what
            // the view ends up with, so two of one id in one list is a mistake.
            guard identifiers.insert(made.modelIdentifier).inserted else {
                problems.report("\"\(made.modelIdentifier)\" is the id of an earlier component of this list too: "
                    + "the components a change adds need ids of their own", at: elementLocation)
                continue
            }
            read.append(ViewModelPatchChange.Component(builder: made, location: elementLocation))
        }
        return problems.problems.count == before ? read : nil
    }

    // MARK: Templates

    /// The templates the patch declares beside its `patch`; none (but components may still name one,
    /// and be told it is unknown) when it declares none; nil when the schema reads no templates.
    private func templates(of top: JSONObject, byteCount: Int) -> ComponentTemplates? {
        guard schema.readsTemplates else { return nil }
        guard let definitions = top[ComponentTemplates.definitionsKey] else {
            return ComponentTemplates(limits: limits, schema: schema)
        }
        return ComponentTemplates(definitions, at: .key(ComponentTemplates.definitionsKey, in: nil), limits: limits,
                                  schema: schema, documentBytes: byteCount)
    }

    // MARK: Counting

    /// The component objects the changes list, with their children at every depth, as written;
    /// stops counting once past the limit.
    private func countComponents(in changes: [JSONValue]) -> Int {
        let childrenPath = schema.componentModelSchema.childDictionariesPath.path
        // The children's key, when the schema's path to them is one (the default schema's is): looked
        // up directly, which counts a hundred thousand components in milliseconds.
        let childrenKey = childrenPath.streamableArrayKey
        let maximum = limits.maximumPatchComponents
        var count = 0
        var pending: [[JSONValue]] = []
        for case .object(let change) in changes {
            for key in [Self.withKey, Self.insertKey] {
                if case .array(let elements)? = change[key] { pending.append(elements) }
            }
        }
        // Iterative, and counted before anything is read into a builder: a patch of a million
        // components is refused after counting the first components past the limit.
        while let elements = pending.popLast() {
            for case .object(let object) in elements {
                count += 1
                guard count <= maximum else { return count }
                if let childrenKey {
                    if case .array(let children)? = object[childrenKey] { pending.append(children) }
                } else {
                    pending.append(childrenPath.evaluate(.object(object), at: nil, problems: nil).map(\.value))
                }
            }
        }
        return count
    }

    /// The model `builder` builds, and its descendants.
    static func count(_ builder: ComponentModelBuilder) -> Int {
        builder.childBuilders.reduce(1) { $0 + count($1) }
    }

    // MARK: Keys

    /// Reports the members of `object` that are not `known`, each with the nearest known one.
    /// The member `key` of `object` (which is at `location`) as `value` takes it, and where it is; nil,
    /// with a problem, when it is missing (`missing` says so) or `value` does not take it (`expected`
    /// names what it should be). The patch and its changes are the two members a patch must have.
    private func requiredMember<Value>(_ key: String, of object: JSONObject, at location: JSONLocation?,
                                       _ value: (JSONValue) -> Value?, expected: String, missing: String)
        -> (Value, JSONLocation)?
    {
        let memberLocation = JSONLocation.key(key, in: location)
        guard let member = object[key] else {
            problems.report(missing, at: location)
            return nil
        }
        guard let taken = value(member) else {
            problems.reportTypeMismatch(expected: expected, found: member, at: memberLocation)
            return nil
        }
        return (taken, memberLocation)
    }

    private func reportUnknownKeys(of object: JSONObject, among known: [String], at location: JSONLocation?) {
        for key in object.keys.sorted() where !known.contains(key) {
            let quoted = JSONWriter().string(for: .string(key))
            let suggestion = UnknownKeyCheck.nearest(to: key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.report("unknown key \(quoted)\(suggestion)", at: location)
        }
    }
}
