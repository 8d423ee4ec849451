import Foundation

/// Finds the members of a view document that its schema does not read, the most common mistake of
/// people writing JSON by hand (`"titel"`, `"componnet"`, `"txt"`), and reports each as a located
/// warning with the nearest key the schema knows: `unknown key "componnet"; did you mean "component"?`.
///
/// The keys come from the schema's own paths (its `CompiledJSONSchema` key tables), so a schema
/// and its check never disagree. Objects whose members are free-form (`custom`, `metadata`,
/// `logging`, the map of custom images) are not looked into. Only schemas that opt in
/// (``JSONSchema/reportsUnknownKeys``, on for the default schema) are checked: a custom schema
/// reads documents nobody designed for the hub, such as an API's responses, full of members it
/// does not need.
package struct UnknownKeyCheck: Sendable {
    private let compiled: CompiledJSONSchema
    /// The members of a view object: its paths' first keys, and `$schema`.
    private let viewKeys: [String]
    /// Every key the check knows, with the keys of the objects it sits in (`component.text.title`).
    private let signature: [String]

    /// The keys of a schema made with the default keys.
    private static let defaultSignature: [String] = {
        let schema = JSONSchema(viewModelSchema: ViewModelJSONSchema(), componentModelSchema: ComponentModelJSONSchema(),
                                componentImageDataSchema: ComponentImageDataJSONSchema(),
                                componentTargetSchema: ComponentTargetJSONSchema(),
                                componentDefaults: ComponentDefaults(namespace: "", name: "", category: .row),
                                iconImageResolver: nil)
        return UnknownKeyCheck(schema)?.signature ?? []
    }()

    /// Every key a document read with the default schema may have, each with the objects it sits in:
    /// `view.title`, `view.state`, `component.text.title`, `component.visible`, `image.uri`,
    /// `target.actions` (a view's `templates` and a component's `template` are read beside them).
    /// ViewSchemaDriftTests holds the JSON Schema to it, key for key.
    package static var defaultKeys: [String] { defaultSignature }

    /// Whether the schema reads exactly the default keys (its paths were not changed).
    var readsTheDefaultKeys: Bool { signature == Self.defaultSignature }

    /// The check of `schema`, or nil when the schema's paths are not plain keys (see `CompiledJSONSchema`).
    init?(_ schema: JSONSchema) {
        guard let compiled = CompiledJSONSchema(schema) else { return nil }
        self.compiled = compiled
        let views = schema.viewModelSchema
        viewKeys = [views.identifierPath.path, views.navigationBarTitlePath.path,
                    views.headerComponentModelDictionaryPath.path, views.bodyComponentModelDictionariesPath.path,
                    views.overlayComponentModelDictionariesPath.path, views.customDataPath.path,
                    views.layoutDirectionPath.path]
            .compactMap { path -> String? in
                guard case .goTo(let key)? = path.operations.first else { return nil }
                return key
            } + ["$schema", ViewModelBuilder.stateKey, ViewModelBuilder.eventsKey]  // where a document names its JSON Schema, for editors; its variables
        signature = viewKeys.map { "view.\($0)" } + Self.names(of: compiled.component, in: "component")
            + Self.names(of: compiled.image, in: "image") + Self.names(of: compiled.target, in: "target")
    }

    /// Reports the members of the view object `json` at `location` that the schema does not read.
    /// Its components are checked when they are applied.
    func checkView(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector) {
        // A schema that reads the default keys reads templates too (`JSONSchema.readsTemplates`).
        let known = readsTheDefaultKeys ? viewKeys + [ComponentTemplates.definitionsKey] : viewKeys
        for key in json.keys.filter({ !known.contains($0) }).sorted() {
            report(key, among: known, at: location, problems: problems)
        }
    }

    /// Reports the members of the component object `json` at `location` (and of its text, image
    /// and target objects) that the schema does not read. Its children are checked when they are applied.
    /// `alsoKnown` are more keys the component itself may have (a templated component's values);
    /// with `placeholders`, `$key` stands for `key` (a template's placeholder) and its value is not
    /// looked into.
    func checkComponent(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                        alsoKnown: [String] = [], placeholders: Bool = false)
    {
        check(json, against: compiled.component, at: location, problems: problems, alsoKnown: alsoKnown,
              placeholders: placeholders) { slot, value, valueLocation in
            switch slot {
            case .mainImage, .backgroundImage:
                if case .object(let image) = value {
                    checkImage(image, at: valueLocation, problems: problems, placeholders: placeholders)
                }
            case .target:
                if case .object(let target) = value {
                    checkTarget(target, at: valueLocation, problems: problems, placeholders: placeholders)
                }
            case .customImages:
                // Free-form identifiers, each an image object.
                guard case .object(let images) = value else { return }
                for (identifier, image) in images.sorted(by: { $0.key < $1.key }) {
                    if case .object(let image) = image {
                        checkImage(image, at: .key(identifier, in: valueLocation), problems: problems, placeholders: placeholders)
                    }
                }
            default:
                break
            }
        }
    }

    /// The template `json` without its placeholders for keys the schema does not read: those are
    /// reported with the definition, and their values are not asked of every component.
    func removingUnknownPlaceholders(from json: JSONObject) -> JSONObject {
        pruned(json, table: compiled.component, keepsPlaceholders: false, slot: prunedSlot)
    }

    /// A component member's value without unknown placeholders, by where it goes.
    private func prunedSlot(_ slot: ComponentField, _ value: JSONValue) -> JSONValue {
        switch (slot, value) {
        case (.mainImage, .object(let image)), (.backgroundImage, .object(let image)):
            return .object(pruned(image, table: compiled.image, keepsPlaceholders: false) { _, value in value })
        case (.target, .object(let target)):
            return .object(pruned(target, table: compiled.target, keepsPlaceholders: false) { _, value in value })
        case (.customImages, .object(let images)):
            return .object(images.mapValues { image in
                guard case .object(let image) = image else { return image }
                return .object(pruned(image, table: compiled.image, keepsPlaceholders: false) { _, value in value })
            })
        case (.children, .array(let children)):
            return .array(children.map { child in
                guard case .object(let child) = child else { return child }
                // A child that uses a template has that template's value names as members too: its
                // own placeholders may fill any of them.
                return .object(pruned(child, table: compiled.component,
                                      keepsPlaceholders: child[ComponentTemplates.instanceKey] != nil, slot: prunedSlot))
            })
        default:
            return value
        }
    }

    private func pruned<Slot>(_ json: JSONObject, table: KeyTable<Slot>, keepsPlaceholders: Bool,
                              slot: (Slot, JSONValue) -> JSONValue) -> JSONObject
    {
        var result = json
        for (key, value) in json {
            if key.hasPrefix("$") {
                if !keepsPlaceholders && !table.names.contains(String(key.dropFirst())) { result.removeValue(forKey: key) }
                continue
            }
            guard let position = table.names.firstIndex(of: key) else { continue }
            switch table.entries[position] {
            case .slot(let kept):
                result[key] = slot(kept, value)
            case .object(let nested):
                if case .object(let object) = value {
                    result[key] = .object(pruned(object, table: nested, keepsPlaceholders: false, slot: slot))
                }
            }
        }
        return result
    }

    private static func names<Slot>(of table: KeyTable<Slot>, in prefix: String) -> [String] {
        zip(table.names, table.entries).flatMap { name, entry -> [String] in
            switch entry {
            case .slot: return ["\(prefix).\(name)"]
            case .object(let nested): return names(of: nested, in: "\(prefix).\(name)")
            }
        }
    }

    private func checkImage(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                            placeholders: Bool) {
        check(json, against: compiled.image, at: location, problems: problems, placeholders: placeholders) { _, _, _ in }
    }

    private func checkTarget(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                             placeholders: Bool) {
        // A target's initial view is a view of its own: it is checked when it is applied.
        check(json, against: compiled.target, at: location, problems: problems, placeholders: placeholders) { _, _, _ in }
    }

    /// Reports the members of `json` that `table` does not have, and walks into nested objects of the
    /// table; `slot` sees each member the table keeps.
    private func check<Slot>(_ json: JSONObject, against table: KeyTable<Slot>, at location: JSONLocation?,
                             problems: JSONProblemCollector, alsoKnown: [String] = [], placeholders: Bool,
                             slot: (Slot, JSONValue, JSONLocation?) -> Void)
    {
        var unknown: [String] = []
        // In key order: reports must not depend on a dictionary's order, which differs between
        // two parses of the same object (the one-pass reader's and the tree's).
        for key in json.keys.sorted() where !alsoKnown.contains(key) {
            let value = json[key]!
            if placeholders && key.hasPrefix("$") {
                // A placeholder: its value is the name of a value, not what the key holds.
                if !table.names.contains(String(key.dropFirst())) { unknown.append(key) }
                continue
            }
            guard let position = table.names.firstIndex(of: key) else {
                unknown.append(key)
                continue
            }
            switch table.entries[position] {
            case .slot(let kept):
                slot(kept, value, .key(key, in: location))
            case .object(let nested):
                if case .object(let object) = value {
                    check(object, against: nested, at: .key(key, in: location), problems: problems,
                          placeholders: placeholders, slot: slot)
                }
            }
        }
        let known = table.names + alsoKnown + (placeholders ? table.names.map { "$" + $0 } : [])
        for key in unknown {
            report(key, among: known, at: location, problems: problems)
        }
    }

    private func report(_ key: String, among known: [String], at location: JSONLocation?,
                        problems: JSONProblemCollector)
    {
        let quoted = JSONWriter().string(for: .string(key))
        let suggestion = Self.nearest(to: key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
        problems.report("unknown key \(quoted)\(suggestion)", at: location)
    }

    /// The known key closest to `key` when it is close enough to be a slip of the fingers: at most
    /// one edit per three characters (an edit is a letter added, dropped, changed, or two
    /// neighbours swapped), and never for keys that differ only in being much longer.
    static func nearest(to key: String, among known: [String]) -> String? {
        let typed = Array(key.lowercased().unicodeScalars)
        guard typed.count <= 64 else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            let allowed = max(1, min(typed.count, candidate.count) / 3)
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
    /// neighbours.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
