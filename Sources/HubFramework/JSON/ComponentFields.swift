import Foundation

// The one description of what a component object holds, from bytes to builders.
//
// Three small tables, one per builder a component fills: `ComponentField` (the component itself),
// `ImageField` (each of its images) and `TargetField` (its target). Each field says where the
// schema keeps it (`path(in:)`), what kind of value it holds (`kind`) and where it goes in its
// builder (`apply`). Everything that reads components works from these tables:
// - `CompiledJSONSchema` turns the paths into the key tables of the one-pass reader;
// - `ViewDocumentReader` reads each member it finds there by its kind;
// - `ComponentModelBuilder.apply` (the value tree) evaluates the same paths in the same order;
// - `CompiledTemplate` finds a template's fields through the same key tables;
// and all of them convert values with `FieldKind.convert(_:at:reading:)`, and set them with the
// field's `apply`, the only code that sets what a document gives a component. So the paths
// cannot disagree on what a member means or what it reports. Adding a member to the default
// schema is one case in one of these tables (with its builder property and, for schemas of
// their own, its path property).

/// What a field holds, and how a parsed value becomes one.
enum FieldKind: Sendable {
    /// Any string; one holding `@{` is an expression template, evaluated with the view's state.
    case string
    /// A string that identifies (the component's `id`): taken as written, never evaluated.
    case identifier
    /// `true`, `false`, or an expression template giving a boolean (`visible`).
    case condition
    /// A string a component shows: cut at the text limit, with a located warning.
    case text
    /// A URL string.
    case url
    /// `namespace:name` (or a name alone), naming the component.
    case componentIdentifier
    /// One action of a target's `actions` (the path ends with `forEach`): a `namespace:name`
    /// identifier, or an object (an action a document writes, ``JSONAction``); its value is a list
    /// of one, which the field's values are appended to.
    case action
    /// An object, merged into what the builder has.
    case object
    /// Read through the value tree, by code of its own: children, custom images, a local image
    /// (which needs the resolver), a target's view.
    case treeOnly

    /// The type check that ends the field's path (`forEach` before it for the action identifiers).
    var check: JSONValueCheck {
        switch self {
        case .string, .identifier, .text, .componentIdentifier: return .string
        case .url: return .url
        case .object, .treeOnly: return .dictionary
        case .condition, .action: return .any
        }
    }

    /// `value` as a field of this kind. Reporting (the value tree), what is wrong is reported (a
    /// text cut to the limit, a malformed identifier) and the usable part kept; strict (the one-pass
    /// reader), nil means "read this component through the tree", which reports it in order.
    func convert(_ value: JSONValue, at location: @autoclosure () -> JSONLocation?, reading: FieldReading)
        -> FieldValue?
    {
        let problems = reading.problems
        // A string holding `@{` is an expression template wherever a string, a text or a URL goes:
        // the view's state gives its value (compiled, and checked, once the document is read).
        if case .string(let text) = value, self == .string || self == .text || self == .url || self == .condition,
            ExpressionTemplate.containsTemplateSyntax(text)
        {
            return .template(text)
        }
        switch self {
        case .string, .identifier:
            guard case .string(let text) = value else { return nil }
            return .string(text)
        case .condition:
            if case .bool(let flag) = value { return .boolean(flag) }
            problems?.reportTypeMismatch(expected: "true, false or an expression such as \"@{count > 0}\"",
                                         found: value, at: location())
            return nil
        case .text:
            guard case .string(let text) = value else { return nil }
            switch reading {
            case .strict(let maximumTextLength): return text.utf8.count <= maximumTextLength ? .string(text) : nil
            case .reporting(let problems): return .string(problems.boundedText(text, at: location()))
            }
        case .url:
            guard case .string(let text) = value, let url = JSONValueCheck.url(from: text) else { return nil }
            return .url(url)
        case .componentIdentifier:
            guard case .string(let text) = value else { return nil }
            if let parts = ComponentIdentifierParts(text) { return .componentIdentifier(parts) }
            guard let problems else { return nil }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            problems.report("the component identifier \(JSONWriter().string(for: .string(text))) has more than one ':'; "
                + "used \"\(parts[0]):\(parts[1])\" and ignored the rest", at: location())
            return .componentIdentifier(ComponentIdentifierParts(namespace: String(parts[0]), name: String(parts[1])))
        case .action:
            switch value {
            case .string(let text):
                if let identifier = Identifier(string: text) { return .actions([.identifier(identifier)]) }
                problems?.report("expected an action identifier \"namespace:name\", found \(JSONWriter().string(for: .string(text)))",
                                 at: location())
                return nil
            case .object(let object):
                // Its place in the array as written, where its problems are reported: elements
                // before it that are skipped (not actions, repeated identifiers) must not move them.
                let index: Int? = if case .index(let index)? = location()?.component { index } else { nil }
                return .actions([.object(object, index: index)])
            default:
                // (An action object is accepted too; the message names the common form.)
                problems?.reportTypeMismatch(expected: JSONValueCheck.string.expectation, found: value, at: location())
                return nil
            }
        case .object:
            guard case .object(let object) = value else { return nil }
            return .object(object)
        case .treeOnly:
            return nil
        }
    }
}

/// How a field is read: reporting what is wrong (the value tree), or strictly (the one-pass reader,
/// which hands anything that would be reported to the tree, so that problems come in order).
enum FieldReading {
    case reporting(JSONProblemCollector)
    /// A text over `maximumTextLength` bytes is for the tree to cut and report.
    case strict(maximumTextLength: Int)

    var problems: JSONProblemCollector? {
        if case .reporting(let problems) = self { problems } else { nil }
    }
}

/// A field's value, converted.
enum FieldValue: Sendable {
    case string(String)
    case url(URL)
    case boolean(Bool)
    case componentIdentifier(ComponentIdentifierParts)
    /// A target's actions, in order: identifiers and objects.
    case actions([TargetActionSource])
    case object(JSONObject)
    /// An expression template (a string holding `@{`), kept as written until the document's state
    /// is known.
    case template(String)

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var url: URL? { if case .url(let value) = self { value } else { nil } }
    var object: JSONObject? { if case .object(let value) = self { value } else { nil } }

    /// Merges the object into `existing` (custom data, metadata, logging data: JSON wins key by
    /// key), and sets `hasTemplates` when it holds an expression template.
    func merge(into existing: inout JSONObject?, hasTemplates: inout Bool) {
        let object = self.object ?? [:]
        if BoundJSON.hasTemplates(.object(object)) { hasTemplates = true }
        existing = mergeJSONObject(existing, with: object)
    }
}

/// `namespace:name` split as the component identifier is applied; a name alone sets only the name.
struct ComponentIdentifierParts: Sendable {
    /// Nil when the identifier has no colon: then only the name is set.
    var namespace: String?
    var name: String

    init(namespace: String?, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// Nil for more than one colon, which is reported.
    init?(_ text: String) {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else {
            name = text
            return
        }
        let afterColon = utf8.index(after: colon)
        guard utf8[afterColon...].firstIndex(of: UInt8(ascii: ":")) == nil else { return nil }
        namespace = String(text[..<colon])
        name = String(text[afterColon...])
    }
}

// MARK: - The tables

/// The members of a component object, in the order they are applied (and so reported).
enum ComponentField: Int, CaseIterable, Sendable {
    case identifier, group, componentIdentifier, category
    case title, subtitle, accessoryTitle, descriptionText
    case mainImage, backgroundImage, customImages, iconIdentifier
    case target
    case metadata, loggingData, customData
    /// `visible`: whether the component is shown (a boolean or an expression); hidden components
    /// take no space and no widget.
    case visible
    /// `state`: the variables the component declares for itself and its children.
    case state
    /// `input`: what an input component is bound to and checks (`InputBinding`).
    case input
    /// `requires` and `fallback`: what the component needs, and what stands in for it on a client
    /// that lacks any of it. Read before the component's builder is picked (`ComponentFallback`),
    /// never set on a builder: here for their keys, which every reader must know.
    case requires, fallback
    case children

    /// Where `schema` keeps the field.
    func path(in schema: ComponentModelJSONSchema) -> JSONPath {
        switch self {
        case .identifier: return schema.identifierPath.path
        case .group: return schema.groupIdentifierPath.path
        case .componentIdentifier: return schema.componentIdentifierPath.path
        case .category: return schema.componentCategoryPath.path
        case .title: return schema.titlePath.path
        case .subtitle: return schema.subtitlePath.path
        case .accessoryTitle: return schema.accessoryTitlePath.path
        case .descriptionText: return schema.descriptionTextPath.path
        case .mainImage: return schema.mainImageDataDictionaryPath.path
        case .backgroundImage: return schema.backgroundImageDataDictionaryPath.path
        case .customImages: return schema.customImageDataDictionaryPath.path
        case .iconIdentifier: return schema.iconIdentifierPath.path
        case .target: return schema.targetDictionaryPath.path
        case .metadata: return schema.metadataPath.path
        case .loggingData: return schema.loggingDataPath.path
        case .customData: return schema.customDataPath.path
        // Keys of the framework's own, the same in every schema: what they mean is not the app's.
        case .visible: return .keys(["visible"], check: .any)
        case .state: return .keys(["state"], check: .dictionary)
        case .input: return .keys(["input"], check: .dictionary)
        // Only their keys count (see the cases): a fallback may be the string "drop" too.
        case .requires: return .keys([ComponentRequirements.key], check: .dictionary)
        case .fallback: return .keys([ComponentFallback.key], check: .dictionary)
        case .children: return schema.childDictionariesPath.path
        }
    }

    /// What the field holds: a value of a kind, an image object or a target object.
    var content: Content {
        switch self {
        case .identifier: return .value(.identifier)
        case .group, .category, .iconIdentifier: return .value(.string)
        case .visible: return .value(.condition)
        case .state, .input: return .value(.object)
        case .componentIdentifier: return .value(.componentIdentifier)
        case .title, .subtitle, .accessoryTitle, .descriptionText: return .value(.text)
        case .mainImage, .backgroundImage: return .image
        case .target: return .target
        case .metadata, .loggingData, .customData: return .value(.object)
        // A component with `requires` or `fallback` is read through the value tree, where the choice
        // between it and its fallback is made.
        case .customImages, .children, .requires, .fallback: return .value(.treeOnly)
        }
    }

    /// What a component field holds.
    enum Content {
        case value(FieldKind)
        case image
        case target

        /// The type check that ends the field's path.
        var check: JSONValueCheck {
            switch self {
            case .value(let kind): return kind.check
            case .image, .target: return .dictionary
            }
        }
    }

    /// Whether the path ends with `forEach` before its check.
    var isEachElement: Bool { self == .children }

    /// Sets `value` on `builder`. (The identifier picks the builder instead.)
    func apply(_ value: FieldValue, to builder: ComponentModelBuilder) {
        if case .template(let text) = value {
            builder.boundFields.templates[.component(self)] = text
            return
        }
        switch self {
        case .identifier: break
        case .group: builder.groupIdentifier = value.string
        case .componentIdentifier:
            guard case .componentIdentifier(let parts) = value else { return }
            if let namespace = parts.namespace { builder.componentNamespace = namespace }
            builder.componentName = parts.name
        case .category: value.string.map { builder.componentCategory = ComponentCategory(rawValue: $0) }
        case .title: builder.title = value.string
        case .subtitle: builder.subtitle = value.string
        case .accessoryTitle: builder.accessoryTitle = value.string
        case .descriptionText: builder.descriptionText = value.string
        case .iconIdentifier: builder.iconIdentifier = value.string
        case .metadata:
            value.merge(into: &builder.metadata, hasTemplates: &builder.boundFields.objectsHaveTemplates)
        case .loggingData:
            value.merge(into: &builder.loggingData, hasTemplates: &builder.boundFields.objectsHaveTemplates)
        case .customData:
            value.merge(into: &builder.customData, hasTemplates: &builder.boundFields.objectsHaveTemplates)
        case .visible:
            if case .boolean(let flag) = value { builder.boundFields.literalVisibility = flag }
        case .state: builder.boundFields.state = value.object
        case .input: builder.boundFields.input = value.object
        case .mainImage, .backgroundImage, .customImages, .target, .children: break  // objects of their own
        case .requires, .fallback: break  // read before the builder is picked
        }
    }
}

/// The members of an image data object (a component's main or background image).
enum ImageField: Int, CaseIterable, Sendable {
    case url, placeholderIconIdentifier, localImageName, customData

    /// Where `schema` keeps the field.
    func path(in schema: ComponentImageDataJSONSchema) -> JSONPath {
        switch self {
        case .url: return schema.urlPath.path
        case .placeholderIconIdentifier: return schema.placeholderIconIdentifierPath.path
        case .localImageName: return schema.localImageNamePath.path
        case .customData: return schema.customDataPath.path
        }
    }

    var kind: FieldKind {
        switch self {
        case .url: return .url
        case .placeholderIconIdentifier: return .string
        case .localImageName: return .treeOnly
        case .customData: return .object
        }
    }

    /// The type check that ends the field's path (a local image's name is a string).
    var check: JSONValueCheck { self == .localImageName ? .string : kind.check }

    /// Sets `value` on `builder`.
    func apply(_ value: FieldValue, to builder: ComponentImageDataBuilder) {
        if case .template(let text) = value {
            builder.templates[self] = text
            return
        }
        switch self {
        case .url: builder.url = value.url
        case .placeholderIconIdentifier: builder.placeholderIconIdentifier = value.string
        case .localImageName: break  // resolved by the tree path
        case .customData: value.merge(into: &builder.customData, hasTemplates: &builder.customDataHasTemplates)
        }
    }
}

/// The members of a target object.
enum TargetField: Int, CaseIterable, Sendable {
    case uri, initialViewModel, actionIdentifiers, customData

    /// Where `schema` keeps the field.
    func path(in schema: ComponentTargetJSONSchema) -> JSONPath {
        switch self {
        case .uri: return schema.uriPath.path
        case .initialViewModel: return schema.initialViewModelDictionaryPath.path
        // Strings and objects alike: the schema's path is for identifiers, which are strings.
        case .actionIdentifiers: return schema.actionIdentifiersPath.path.replacingCheck(with: .any)
        case .customData: return schema.customDataPath.path
        }
    }

    var kind: FieldKind {
        switch self {
        case .uri: return .url
        case .initialViewModel: return .treeOnly
        case .actionIdentifiers: return .action
        case .customData: return .object
        }
    }

    /// Whether the path ends with `forEach` before its check.
    var isEachElement: Bool { self == .actionIdentifiers }

    /// Sets `value` on `builder`.
    func apply(_ value: FieldValue, to builder: ComponentTargetBuilder) {
        if case .template(let text) = value {
            builder.uriTemplate = text
            return
        }
        switch self {
        case .uri: builder.uri = value.url
        case .initialViewModel: break  // a view of its own, read by the tree path
        case .actionIdentifiers:
            guard case .actions(let actions) = value else { return }
            for action in actions { builder.addAction(action) }
        case .customData: value.merge(into: &builder.customData, hasTemplates: &builder.customDataHasTemplates)
        }
    }
}

// MARK: - Values read from one component object

/// The values of one table's fields that an object held, by field. A component object holds a few
/// of its table's 22 fields, so they are kept as a short list in the order they were read, looked up
/// by a scan. (They were an inline array of every field, which needed no allocation but was copied
/// and cleared whole for every component: a tenth of the time a long list took to read.)
struct FieldValues<Field: RawRepresentable & Sendable>: Sendable where Field.RawValue == Int {
    private var entries: [(field: Int, value: FieldValue)] = []
    /// A bit for each field that has a value: applying a component asks for every field of its
    /// table, and most have none.
    private var present: UInt64 = 0

    /// A bit for each field that has a value, at the field's raw value.
    var presentFields: UInt64 { present }

    /// Removes every value, keeping the storage for the next object's.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        present = 0
    }

    subscript(field: Field) -> FieldValue? {
        get {
            guard present & (1 << UInt64(field.rawValue)) != 0 else { return nil }
            for entry in entries where entry.field == field.rawValue { return entry.value }
            return nil
        }
        set {
            assert((0..<64).contains(field.rawValue), "FieldValues: a table has at most 64 fields")
            let bit: UInt64 = 1 << UInt64(field.rawValue)
            if present & bit != 0, let index = entries.firstIndex(where: { $0.field == field.rawValue }) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    present &= ~bit
                }
            } else if let newValue {
                if entries.isEmpty { entries.reserveCapacity(6) }
                entries.append((field.rawValue, newValue))
                present |= bit
            }
        }
    }
}

/// What was read from one component object (by the one-pass reader, the value tree or a template),
/// handed to its builder once the object has ended, by ``apply(to:)``: the only code that sets the
/// fields a document gives a component.
struct ComponentFields: Sendable {
    /// What an image object held.
    struct Image: Sendable {
        var values = FieldValues<ImageField>()
    }

    /// What a target object held.
    struct Target: Sendable {
        var values = FieldValues<TargetField>()
    }

    var values = FieldValues<ComponentField>()
    var mainImage: Image?
    var backgroundImage: Image?
    var target: Target?

    /// The component's identifier (it picks the builder).
    var identifier: String? { values[.identifier]?.string }

    /// Removes every value, keeping the storage for the next component's (the one-pass reader reads
    /// a million rows with one).
    mutating func removeAll() {
        values.removeAll()
        mainImage = nil
        backgroundImage = nil
        target = nil
    }

    /// A component that is a plain row: at most an identifier, a component, a category, a title
    /// and a subtitle, none of them an expression, and a main image's URL, a target's URI and custom
    /// data as the document wrote them. What a long body is mostly made of, and kept as a record
    /// without a builder (``ComponentRowStore``).
    struct PlainRow {
        /// Like the texts, as it was read or where the reader found it.
        var identifier: ComponentRowStore.Builder.Text?
        var component: ComponentIdentifierParts?
        var category: ComponentCategory?
        /// A text as it was read, or where the reader found it in the document.
        var title: ComponentRowStore.Builder.Text?
        var subtitle: ComponentRowStore.Builder.Text?
        /// The main image's URL, the target's URI and the custom data, where the reader found them.
        var extras: ComponentRowStore.Builder.ExtraTexts?
    }

    /// The fields as a plain row, or nil when they hold anything else. A main image holding a URL
    /// alone, a target holding a URI alone and custom data without expressions are taken as
    /// `written` has them, the bytes the reader found them as: a row with one of them that
    /// `written` lacks is not plain.
    func plainRow(written: ComponentRowStore.Builder.ExtraTexts) -> PlainRow? {
        guard backgroundImage == nil, values.presentFields & ~Self.plainRowFields == 0 else { return nil }
        var extras = ComponentRowStore.Builder.ExtraTexts()
        if let mainImage {
            guard mainImage.values.presentFields == 1 << UInt64(ImageField.url.rawValue),
                case .url? = mainImage.values[.url], let url = written.mainImageURL
            else { return nil }
            extras.mainImageURL = url
        }
        if let target {
            guard target.values.presentFields == 1 << UInt64(TargetField.uri.rawValue),
                case .url? = target.values[.uri], let uri = written.targetURI
            else { return nil }
            extras.targetURI = uri
        }
        if let custom = values[.customData] {
            guard case .object(let object) = custom, !BoundJSON.hasTemplates(.object(object)),
                let bytes = written.customData
            else { return nil }
            extras.customData = bytes
        }
        let component: ComponentIdentifierParts?
        switch values[.componentIdentifier] {
        case nil: component = nil
        case .componentIdentifier(let parts)?: component = parts
        default: return nil
        }
        guard let identifier = plainText(.identifier), let category = plainText(.category),
            let title = plainText(.title), let subtitle = plainText(.subtitle)
        else { return nil }
        return PlainRow(identifier: identifier.map(ComponentRowStore.Builder.Text.string), component: component,
                        category: category.map(ComponentCategory.init(rawValue:)),
                        title: title.map(ComponentRowStore.Builder.Text.string),
                        subtitle: subtitle.map(ComponentRowStore.Builder.Text.string),
                        extras: extras.isEmpty ? nil : extras)
    }

    /// The text of `field`: nil inside for none, nil for anything but a text (an expression).
    private func plainText(_ field: ComponentField) -> String?? {
        switch values[field] {
        case nil: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }

    /// The fields a plain row may have.
    private static let plainRowFields: UInt64 = [ComponentField.identifier, .componentIdentifier, .category, .title, .subtitle,
                                                 .customData]
        .reduce(0) { $0 | 1 << UInt64($1.rawValue) }

    /// The image object of `field` (main or background).
    subscript(image field: ComponentField) -> Image? {
        get { field == .mainImage ? mainImage : backgroundImage }
        set { if field == .mainImage { mainImage = newValue } else { backgroundImage = newValue } }
    }

    /// Sets the fields on `builder` in the tables' order.
    func apply(to builder: ComponentModelBuilder) {
        for field in ComponentField.allCases {
            switch field.content {
            case .value:
                if let value = values[field] { field.apply(value, to: builder) }
            case .image:
                guard let image = self[image: field] else { continue }
                // Asked for even when the object was empty, as the value tree does.
                let imageBuilder = field == .mainImage ? builder.mainImageDataBuilder : builder.backgroundImageDataBuilder
                for imageField in ImageField.allCases {
                    if let value = image.values[imageField] { imageField.apply(value, to: imageBuilder) }
                }
            case .target:
                guard let target else { continue }
                // Asked for even when the object was empty: `"target": {}` gives the component a target.
                let targetBuilder = builder.targetBuilder
                for targetField in TargetField.allCases {
                    if let value = target.values[targetField] { targetField.apply(value, to: targetBuilder) }
                }
            }
        }
    }
}

/// One action of a target's `actions`, as written: an identifier (`namespace:name`, performed by
/// the action registry) or an object (an action a document writes, compiled into a ``JSONAction``
/// once the document's state is known).
enum TargetActionSource: Sendable, Hashable {
    case identifier(Identifier)
    /// `index`: the object's place in the `actions` array as written, where its problems are
    /// reported; nil when it is not known.
    case object(JSONObject, index: Int?)
}
