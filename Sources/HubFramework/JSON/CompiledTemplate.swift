import Foundation

/// A template turned into the one-pass reader's `ComponentFields`, so that a long list of
/// components that use it goes from bytes to builders without a value tree, like one written out.
///
/// A template compiles when everything in it is something the reader reads from bytes (texts,
/// the component, images without local names, a target without a view, free-form objects) and
/// its own values are all of the right kind, so that expanding it could not report anything. Its
/// placeholders become bindings of the component's values to fields. A component is expanded here
/// only when that, too, reports nothing: its values are of the right kind, within the text limit,
/// and there, or the template has a default. Anything else (children, a missing value, a value of
/// the wrong kind) returns nil and the component is read through the tree by `ComponentTemplates`,
/// which reports it: the results are the same either way, by construction.
struct CompiledTemplate {
    /// A field a placeholder fills, or where a free-form object of the template goes.
    typealias Field = FieldAddress
    typealias ObjectSlot = FieldAddress

    private struct Binding {
        let field: Field
        let reference: Reference
        /// The template has a default for it (already in `prototype`), or null: optional.
        let hasDefault: Bool
    }

    /// A free-form object of the template with its placeholders taken out, to be filled in by a
    /// few dictionary writes; nil `placeholders` when one sits in an array (filled by the tree's
    /// `ComponentTemplates.Expansion`).
    private struct FreeFormObject {
        struct Placeholder {
            /// The keys of the objects it sits in, outermost first.
            let keys: [String]
            let field: String
            let reference: Reference
            /// What the template has at `field`: a default, null (optional), or nothing.
            let literal: JSONValue?
        }

        let slot: ObjectSlot
        let object: JSONObject
        let literals: JSONObject
        let placeholders: [Placeholder]?

        init(slot: ObjectSlot, object: JSONObject) {
            self.slot = slot
            self.object = object
            var placeholders: [Placeholder]? = []
            func strip(_ object: JSONObject, keys: [String]) -> JSONObject {
                var result: JSONObject = [:]
                for (key, value) in object where !key.hasPrefix("$") {
                    switch value {
                    case .object(let nested): result[key] = .object(strip(nested, keys: keys + [key]))
                    case .array where ComponentTemplates.hasPlaceholders(value): placeholders = nil
                    default: result[key] = value
                    }
                }
                for (key, value) in object where key.hasPrefix("$") {
                    guard case .string(let text) = value else { continue }
                    let field = String(key.dropFirst())
                    placeholders?.append(Placeholder(keys: keys, field: field, reference: Reference(text),
                                                     literal: object[field]))
                }
                return result
            }
            literals = strip(object, keys: [])
            self.placeholders = placeholders
        }

        /// The object filled with `values`, as `ComponentTemplates.Expansion` fills it, its built
        /// texts taken from `allowance`; nil where that would report something, or when the object
        /// needs it.
        func filled(with values: TemplateValues, allowance: inout Int) -> JSONObject? {
            guard let placeholders else {
                var expansion = ComponentTemplates.Expansion(values: values.dictionary, textAllowance: allowance)
                let filled = expansion.substitute(in: object, at: [])
                guard expansion.missing.isEmpty, expansion.badParts.isEmpty, expansion.tooLong == nil else { return nil }
                allowance -= expansion.textBytes
                return filled
            }
            // Without placeholders the object is shared with the template and every other use.
            if placeholders.isEmpty { return literals }
            var result = literals
            result.reserveCapacity(literals.count + placeholders.count)
            for placeholder in placeholders {
                let value: JSONValue?
                switch placeholder.reference {
                case .value(let name):
                    value = values[name]
                case .text:
                    switch placeholder.reference.text(from: values, allowance: &allowance) {
                    case .text(let text): value = .string(text)
                    case .missing: value = nil
                    case .unusable: return nil
                    }
                }
                if let value {
                    Self.set(value, at: placeholder.keys[...], field: placeholder.field, in: &result)
                } else if placeholder.literal == .null {
                    Self.set(nil, at: placeholder.keys[...], field: placeholder.field, in: &result)
                } else if placeholder.literal == nil {
                    return nil  // missing: reported
                }
            }
            return result
        }

        private static func set(_ value: JSONValue?, at keys: ArraySlice<String>, field: String, in object: inout JSONObject) {
            guard let first = keys.first else {
                object[field] = value
                return
            }
            guard case .object(var nested)? = object[first] else { return }
            object[first] = nil  // unique, so that the write below does not copy it
            set(value, at: keys.dropFirst(), field: field, in: &nested)
            object[first] = .object(nested)
        }
    }

    /// The template's own values.
    private var prototype = ComponentFields()
    private var bindings: [Binding] = []
    private var objects: [FreeFormObject] = []
    /// The slots of `objects`.
    private var objectSlots: Set<ObjectSlot> = []
    /// The names of the values its placeholders take.
    let parameters: Set<String>
    /// JSON values in the template: what one expansion costs against the document's budget, with
    /// the texts it builds (it makes no components: children are read through the tree).
    let size: Int

    /// The compiled form of the resolved template `object` (of `size` values), or nil when it has
    /// something only the tree path reads, or a value of its own that the tree path would report.
    init?(_ object: JSONObject, parameters: Set<String>, size: Int, maximumTextLength: Int) {
        // A value named like a member of a component is that member as well; the reader keeps only
        // the identifier's text at hand.
        guard parameters.isDisjoint(with: ComponentTemplates.componentKeys.subtracting(["id"])) else { return nil }
        self.parameters = parameters
        self.size = size
        let schema = CompiledJSONSchema.defaultKeys
        let strict = FieldReading.strict(maximumTextLength: maximumTextLength)
        var fields = ComponentFields()
        var bindings: [Binding] = []
        var objects: [(ObjectSlot, JSONObject)] = []

        /// Reads the members of an object of the template that `table` describes, with the fields'
        /// tables (ComponentFields.swift): a scalar field's own value into `fields`, a placeholder
        /// (`$key`) into a binding (where `placeholders` allows them: not among the component's own
        /// members), a free-form object aside. False for anything the tree reads (and may report):
        /// a field only the tree reads, a value of the wrong kind, a member a table's root (`isRoot`:
        /// the component's, an image's, a target's) does not have.
        func walk<F>(_ object: JSONObject, _ table: KeyTable<F>, isRoot: Bool, placeholders: Bool = true,
                     address: (F) -> FieldAddress?, nested: (F, JSONValue) -> Bool?) -> Bool {
            for (key, value) in object {
                if key.hasPrefix("$") {
                    let bare = String(key.dropFirst())
                    guard placeholders, case .string(let text) = value, let position = table.position(ofKey: bare),
                        case .slot(let field) = table.entries[position], let target = address(field), target.isScalar
                    else { return false }
                    bindings.append(Binding(field: target, reference: Reference(text), hasDefault: object[bare] != nil))
                    continue
                }
                if value == .null {
                    // A null default makes its placeholder optional; a null without one is reported.
                    guard object["$" + key] != nil else { return false }
                    continue
                }
                guard let position = table.position(ofKey: key) else {
                    // Not read at a table's root: the tree reports it. Inside one of its objects
                    // (`text`, `component`, `images`): not read, reported with the definition.
                    if isRoot { return false }
                    continue
                }
                switch table.entries[position] {
                case .object(let inner):
                    guard case .object(let members) = value,
                        walk(members, inner, isRoot: false, address: address, nested: nested)
                    else { return false }
                case .slot(let field):
                    if let handled = nested(field, value) {
                        guard handled else { return false }
                        continue
                    }
                    guard let target = address(field) else { return false }
                    if target.kind == .object {
                        guard case .object(let free) = value else { return false }
                        objects.append((target, free))
                    } else {
                        guard let converted = target.kind.convert(value, at: nil, reading: strict) else { return false }
                        fields[target] = converted
                    }
                }
            }
            return true
        }

        let compiled = walk(object, schema.component, isRoot: true, placeholders: false, address: { field -> FieldAddress? in
            if case .value(let kind) = field.content, kind != .treeOnly { return .component(field) }
            return nil
        }, nested: { field, value in
            switch field.content {
            case .image:
                guard case .object(let image) = value else { return false }
                if fields[image: field] == nil { fields[image: field] = ComponentFields.Image() }
                return walk(image, schema.image, isRoot: true, address: { imageField -> FieldAddress? in
                    imageField.kind == .treeOnly ? nil : .image(field, imageField)
                }, nested: { _, _ in nil })
            case .target:
                guard case .object(let target) = value else { return false }
                if fields.target == nil { fields.target = ComponentFields.Target() }
                return walk(target, schema.target, isRoot: true, address: { targetField -> FieldAddress? in
                    targetField.kind == .treeOnly ? nil : .target(targetField)
                }, nested: { targetField, value in
                    guard targetField == .actionIdentifiers else { return nil }
                    guard case .array(let elements) = value else { return false }
                    var identifiers: [Identifier] = []
                    for element in elements {
                        guard case .actions(let one)? = targetField.kind.convert(element, at: nil, reading: strict),
                            case .identifier(let identifier)? = one.first
                        else { return false }  // an action object: the tree reads it
                        if !identifiers.contains(identifier) { identifiers.append(identifier) }
                    }
                    fields[.target(.actionIdentifiers)] = .actions(identifiers.map { .identifier($0) })
                    return true
                })
            case .value:
                return nil
            }
        })
        guard compiled else { return nil }
        prototype = fields
        self.bindings = bindings
        self.objects = objects.map { FreeFormObject(slot: $0.0, object: $0.1) }
        objectSlots = Set(objects.map(\.0))
    }

    /// The fields of a component that uses the template, and the bytes of the texts built from its
    /// values: `own` are the members it gave that the schema reads, `values` the others (the
    /// template's values). Texts are measured before they are built: nil when they would take more
    /// than `textAllowance` bytes in all, when expanding the component would report something, or
    /// when it needs the tree.
    func fields(own: ComponentFields, values: TemplateValues, maximumTextLength: Int,
                textAllowance: Int) -> (fields: ComponentFields, textBytes: Int)? {
        var fields = prototype
        var values = values
        var allowance = textAllowance
        if parameters.contains("id") {
            if let identifier = own.identifier { values.append("id", .string(identifier)) }
        }
        for binding in bindings where !own.sets(binding.field) {
            switch binding.reference.text(from: values, allowance: &allowance) {
            case .unusable:
                return nil  // wrong kind, or over the budget: reported by the tree path
            case .missing:
                // The default stands (a null one leaves the field unset); none is reported.
                guard binding.hasDefault else { return nil }
            case .text(let text):
                guard fields.set(binding.field, to: text, maximumTextLength: maximumTextLength) else { return nil }
            }
        }
        for object in objects {
            if let ownObject = own.object(at: object.slot) {
                // The component's own object merges into the template's first.
                var expansion = ComponentTemplates.Expansion(values: values.dictionary, textAllowance: allowance)
                let filled = expansion.substitute(in: ComponentTemplates.merge(object.object, with: ownObject), at: [])
                guard expansion.missing.isEmpty, expansion.badParts.isEmpty, expansion.tooLong == nil else { return nil }
                allowance -= expansion.textBytes
                fields.setObject(filled, at: object.slot)
            } else {
                guard let filled = object.filled(with: values, allowance: &allowance) else { return nil }
                fields.setObject(filled, at: object.slot)
            }
        }
        fields.overlay(own, skipping: objectSlots)
        return (fields, textAllowance - allowance)
    }
}

/// What a placeholder gives a text field, as `ComponentTemplates.Expansion` would fill it.
enum PlaceholderText {
    case text(String)
    /// A value is missing: the default stands, or the tree path reports it.
    case missing
    /// A value is of a kind a text cannot take (the whole value must be a string; in braces, a
    /// string or a number), or the text would not fit in what is left of the budget: the tree path
    /// reports it.
    case unusable
}

extension Reference {
    /// The text this reference gives with `values`. A text built from values (in braces) is measured
    /// first, and built only if it fits in `allowance` bytes, which it then takes from.
    func text(from values: TemplateValues, allowance: inout Int) -> PlaceholderText {
        switch self {
        case .value(let name):
            switch values[name] {
            case .string(let text)?: return .text(text)
            case nil: return .missing
            default: return .unusable
            }
        case .text:
            let measured = measure { values[$0] }
            guard measured.unusable.isEmpty else { return .unusable }
            guard measured.absent.isEmpty else { return .missing }
            guard measured.length <= allowance else { return .unusable }
            allowance -= measured.length
            return .text(build(length: measured.length) { values[$0] })
        }
    }
}

/// Where a value of a component sits among the fields' tables: a field of the component, of one of
/// its images, or of its target.
enum FieldAddress: Hashable, Sendable {
    case component(ComponentField)
    case image(ComponentField, ImageField)
    case target(TargetField)

    /// The kind of value the field holds.
    var kind: FieldKind {
        switch self {
        case .component(let field):
            if case .value(let kind) = field.content { return kind }
            return .treeOnly
        case .image(_, let field): return field.kind
        case .target(let field): return field.kind
        }
    }

    /// Whether a placeholder can fill it with a text: a string, a text, a URL or the component's identifier.
    var isScalar: Bool {
        switch kind {
        case .string, .identifier, .text, .url, .componentIdentifier: return true
        case .condition, .action, .object, .treeOnly: return false
        }
    }
}

extension ComponentFields {
    /// The value at `address`.
    subscript(address: FieldAddress) -> FieldValue? {
        get {
            switch address {
            case .component(let field): return values[field]
            case .image(let image, let field): return self[image: image]?.values[field]
            case .target(let field): return target?.values[field]
            }
        }
        set {
            switch address {
            case .component(let field): values[field] = newValue
            case .image(let image, let field):
                var data = self[image: image] ?? Image()
                data.values[field] = newValue
                self[image: image] = data
            case .target(let field):
                var data = target ?? Target()
                data.values[field] = newValue
                target = data
            }
        }
    }

    /// Whether the component's own members set `field` (then a placeholder for it is not used).
    func sets(_ field: FieldAddress) -> Bool { self[field] != nil }

    /// Sets `field` from a value's text as the tree path would; false where the tree path would
    /// report the text (over the limit, not a URL, not an identifier).
    mutating func set(_ field: FieldAddress, to text: String, maximumTextLength: Int) -> Bool {
        guard let value = field.kind.convert(.string(text), at: nil, reading: .strict(maximumTextLength: maximumTextLength))
        else { return false }
        self[field] = value
        return true
    }

    /// The free-form object the component's own members give at `slot`.
    func object(at slot: FieldAddress) -> JSONObject? { self[slot]?.object }

    mutating func setObject(_ object: JSONObject, at slot: FieldAddress) { self[slot] = .object(object) }

    /// The component's own members over the template's, key by key as `ComponentTemplates.merge`
    /// merges objects: a value replaces the template's (an array whole); the free-form objects in
    /// `merged` were merged already.
    mutating func overlay(_ own: ComponentFields, skipping merged: Set<FieldAddress>) {
        for field in ComponentField.allCases {
            switch field.content {
            case .value:
                let address = FieldAddress.component(field)
                if let value = own[address], !merged.contains(address) { self[address] = value }
            case .image:
                guard own[image: field] != nil else { continue }
                if self[image: field] == nil { self[image: field] = Image() }
                for imageField in ImageField.allCases {
                    let address = FieldAddress.image(field, imageField)
                    if let value = own[address], !merged.contains(address) { self[address] = value }
                }
            case .target:
                guard own.target != nil else { continue }
                if target == nil { target = Target() }
                for targetField in TargetField.allCases {
                    let address = FieldAddress.target(targetField)
                    if let value = own[address], !merged.contains(address) { self[address] = value }
                }
            }
        }
    }
}

/// The values a component gives its template: a handful, so looked up by a scan rather than hashed.
/// A name given twice has its last value, as in a parsed object.
struct TemplateValues {
    private var pairs: [(name: String, value: JSONValue)] = []

    init() {}

    mutating func append(_ name: String, _ value: JSONValue) {
        pairs.append((name, value))
    }

    subscript(name: String) -> JSONValue? {
        pairs.last { $0.name == name }?.value
    }

    var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (name, value) in pairs { result[name] = value }
        return result
    }
}
