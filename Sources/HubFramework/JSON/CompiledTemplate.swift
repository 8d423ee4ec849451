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
    /// A field a placeholder fills.
    enum Field: Hashable {
        case group, componentIdentifier, category
        case title, subtitle, accessoryTitle, descriptionText, iconIdentifier
        case mainImageURL, mainImagePlaceholder, backgroundImageURL, backgroundImagePlaceholder
        case targetURI
    }

    /// Where a free-form object of the template goes; it may hold placeholders anywhere.
    enum ObjectSlot: CaseIterable {
        case metadata, logging, custom, mainImageCustom, backgroundImageCustom, targetCustom
    }

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
        var fields = ComponentFields()
        var bindings: [Binding] = []
        var objects: [(ObjectSlot, JSONObject)] = []

        /// Reads the members of a template object: plain ones with `plain`, placeholders into bindings.
        func members(_ object: JSONObject, _ placeholders: [String: Field],
                     _ plain: (String, JSONValue) -> Bool) -> Bool {
            for (key, value) in object {
                if key.hasPrefix("$") {
                    guard case .string(let text) = value, let field = placeholders[String(key.dropFirst())] else { return false }
                    let bare = String(key.dropFirst())
                    bindings.append(Binding(field: field, reference: Reference(text), hasDefault: object[bare] != nil))
                } else if value == .null {
                    // A null default makes its placeholder optional; a null without one is reported.
                    guard object["$" + key] != nil else { return false }
                } else if !plain(key, value) {
                    return false
                }
            }
            return true
        }
        func text(_ value: JSONValue, into target: inout String?) -> Bool {
            guard case .string(let text) = value, text.utf8.count <= maximumTextLength else { return false }
            target = text
            return true
        }
        func string(_ value: JSONValue, into target: inout String?) -> Bool {
            guard case .string(let text) = value else { return false }
            target = text
            return true
        }
        func url(_ value: JSONValue, into target: inout URL?) -> Bool {
            guard case .string(let text) = value, let url = JSONValueCheck.url(from: text) else { return false }
            target = url
            return true
        }
        func image(_ value: JSONValue, urlField: Field, placeholderField: Field, customSlot: ObjectSlot,
                   into target: inout ComponentFields.ImageData?) -> Bool {
            guard case .object(let image) = value else { return false }
            var data = ComponentFields.ImageData()
            let read = members(image, ["uri": urlField, "placeholder": placeholderField]) { key, value in
                switch key {
                case "uri": return url(value, into: &data.url)
                case "placeholder": return string(value, into: &data.placeholderIconIdentifier)
                case "custom":
                    guard case .object(let custom) = value else { return false }
                    objects.append((customSlot, custom))
                    return true
                default: return false  // a local image needs the resolver: the tree reads it
                }
            }
            target = data
            return read
        }

        let compiled = members(object, [:]) { key, value in
            switch key {
            case "id": return string(value, into: &fields.identifier)
            case "group": return string(value, into: &fields.groupIdentifier)
            case "component":
                guard case .object(let component) = value else { return false }
                return members(component, ["id": .componentIdentifier, "category": .category]) { key, value in
                    switch key {
                    case "id":
                        guard case .string(let text) = value, let parts = ComponentFields.ComponentIdentifier(text) else {
                            return false
                        }
                        fields.componentIdentifier = parts
                        return true
                    case "category": return string(value, into: &fields.category)
                    default: return true  // not read, reported with the definition
                    }
                }
            case "text":
                guard case .object(let texts) = value else { return false }
                return members(texts, ["title": .title, "subtitle": .subtitle, "accessory": .accessoryTitle,
                                       "description": .descriptionText]) { key, value in
                    switch key {
                    case "title": return text(value, into: &fields.title)
                    case "subtitle": return text(value, into: &fields.subtitle)
                    case "accessory": return text(value, into: &fields.accessoryTitle)
                    case "description": return text(value, into: &fields.descriptionText)
                    default: return true
                    }
                }
            case "images":
                guard case .object(let images) = value else { return false }
                return members(images, ["icon": .iconIdentifier]) { key, value in
                    switch key {
                    case "main":
                        return image(value, urlField: .mainImageURL, placeholderField: .mainImagePlaceholder,
                                     customSlot: .mainImageCustom, into: &fields.mainImage)
                    case "background":
                        return image(value, urlField: .backgroundImageURL, placeholderField: .backgroundImagePlaceholder,
                                     customSlot: .backgroundImageCustom, into: &fields.backgroundImage)
                    case "icon": return string(value, into: &fields.iconIdentifier)
                    case "custom": return false  // custom images: read through the tree
                    default: return true
                    }
                }
            case "target":
                guard case .object(let target) = value else { return false }
                var read = ComponentFields.Target()
                let compiled = members(target, ["uri": .targetURI]) { key, value in
                    switch key {
                    case "uri": return url(value, into: &read.uri)
                    case "actions":
                        guard case .array(let elements) = value else { return false }
                        var seen: Set<Identifier> = []
                        for element in elements {
                            guard case .string(let text) = element, let identifier = Identifier(string: text) else {
                                return false
                            }
                            if seen.insert(identifier).inserted { read.actionIdentifiers.append(identifier) }
                        }
                        return true
                    case "custom":
                        guard case .object(let custom) = value else { return false }
                        objects.append((.targetCustom, custom))
                        return true
                    default: return false  // a target's view: read through the tree
                    }
                }
                fields.target = read
                return compiled
            case "metadata", "logging", "custom":
                guard case .object(let free) = value else { return false }
                objects.append((key == "metadata" ? .metadata : key == "logging" ? .logging : .custom, free))
                return true
            default:
                return false  // children, and anything else: read through the tree
            }
        }
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

extension ComponentFields {
    /// Whether the component's own members set `field` (then a placeholder for it is not used).
    func sets(_ field: CompiledTemplate.Field) -> Bool {
        switch field {
        case .group: return groupIdentifier != nil
        case .componentIdentifier: return componentIdentifier != nil
        case .category: return category != nil
        case .title: return title != nil
        case .subtitle: return subtitle != nil
        case .accessoryTitle: return accessoryTitle != nil
        case .descriptionText: return descriptionText != nil
        case .iconIdentifier: return iconIdentifier != nil
        case .mainImageURL: return mainImage?.url != nil
        case .mainImagePlaceholder: return mainImage?.placeholderIconIdentifier != nil
        case .backgroundImageURL: return backgroundImage?.url != nil
        case .backgroundImagePlaceholder: return backgroundImage?.placeholderIconIdentifier != nil
        case .targetURI: return target?.uri != nil
        }
    }

    /// Sets `field` from a value's text as the tree path would; false where the tree path would
    /// report the text (over the limit, not a URL, not an identifier).
    mutating func set(_ field: CompiledTemplate.Field, to text: String, maximumTextLength: Int) -> Bool {
        switch field {
        case .title, .subtitle, .accessoryTitle, .descriptionText:
            guard text.utf8.count <= maximumTextLength else { return false }
            switch field {
            case .title: title = text
            case .subtitle: subtitle = text
            case .accessoryTitle: accessoryTitle = text
            default: descriptionText = text
            }
        case .group: groupIdentifier = text
        case .category: category = text
        case .iconIdentifier: iconIdentifier = text
        case .componentIdentifier:
            guard let parts = ComponentIdentifier(text) else { return false }
            componentIdentifier = parts
        case .mainImagePlaceholder: mainImage = (mainImage ?? ImageData()).with(placeholder: text)
        case .backgroundImagePlaceholder: backgroundImage = (backgroundImage ?? ImageData()).with(placeholder: text)
        case .mainImageURL, .backgroundImageURL, .targetURI:
            guard let url = JSONValueCheck.url(from: text) else { return false }
            switch field {
            case .mainImageURL: mainImage = (mainImage ?? ImageData()).with(url: url)
            case .backgroundImageURL: backgroundImage = (backgroundImage ?? ImageData()).with(url: url)
            default:
                var target = self.target ?? Target()
                target.uri = url
                self.target = target
            }
        }
        return true
    }

    /// The free-form object the component's own members give at `slot`.
    func object(at slot: CompiledTemplate.ObjectSlot) -> JSONObject? {
        switch slot {
        case .metadata: return metadata
        case .logging: return loggingData
        case .custom: return customData
        case .mainImageCustom: return mainImage?.customData
        case .backgroundImageCustom: return backgroundImage?.customData
        case .targetCustom: return target?.customData
        }
    }

    mutating func setObject(_ object: JSONObject, at slot: CompiledTemplate.ObjectSlot) {
        switch slot {
        case .metadata: metadata = object
        case .logging: loggingData = object
        case .custom: customData = object
        case .mainImageCustom: mainImage = (mainImage ?? ImageData()).with(customData: object)
        case .backgroundImageCustom: backgroundImage = (backgroundImage ?? ImageData()).with(customData: object)
        case .targetCustom:
            var target = self.target ?? Target()
            target.customData = object
            self.target = target
        }
    }

    /// The component's own members over the template's, key by key as `ComponentTemplates.merge`
    /// merges objects; the free-form objects in `merged` were merged already.
    mutating func overlay(_ own: ComponentFields, skipping merged: Set<CompiledTemplate.ObjectSlot>) {
        if let value = own.identifier { identifier = value }
        if let value = own.groupIdentifier { groupIdentifier = value }
        if let value = own.componentIdentifier {
            // `component` objects merge key by key: an identifier with a namespace replaces both parts.
            componentIdentifier = value
        }
        if let value = own.category { category = value }
        if let value = own.title { title = value }
        if let value = own.subtitle { subtitle = value }
        if let value = own.accessoryTitle { accessoryTitle = value }
        if let value = own.descriptionText { descriptionText = value }
        if let value = own.iconIdentifier { iconIdentifier = value }
        if let image = own.mainImage { mainImage = (mainImage ?? ImageData()).overlaid(by: image, mergingCustom: !merged.contains(.mainImageCustom)) }
        if let image = own.backgroundImage {
            backgroundImage = (backgroundImage ?? ImageData()).overlaid(by: image, mergingCustom: !merged.contains(.backgroundImageCustom))
        }
        if let own = own.target {
            var target = self.target ?? Target()
            if let uri = own.uri { target.uri = uri }
            // An array is replaced whole.
            if own.hasActions { target.actionIdentifiers = own.actionIdentifiers }
            if !merged.contains(.targetCustom), let custom = own.customData { target.customData = custom }
            self.target = target
        }
        if !merged.contains(.metadata), let value = own.metadata { metadata = value }
        if !merged.contains(.logging), let value = own.loggingData { loggingData = value }
        if !merged.contains(.custom), let value = own.customData { customData = value }
    }
}

extension ComponentFields.ImageData {
    func with(url: URL) -> Self {
        var copy = self
        copy.url = url
        return copy
    }

    func with(placeholder: String) -> Self {
        var copy = self
        copy.placeholderIconIdentifier = placeholder
        return copy
    }

    func with(customData: JSONObject) -> Self {
        var copy = self
        copy.customData = customData
        return copy
    }

    func overlaid(by own: Self, mergingCustom: Bool) -> Self {
        var copy = self
        if let url = own.url { copy.url = url }
        if let placeholder = own.placeholderIconIdentifier { copy.placeholderIconIdentifier = placeholder }
        if mergingCustom, let custom = own.customData { copy.customData = custom }
        return copy
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
