import Foundation

/// Builds the image data of one image slot of a component model.
///
/// Thread safety: a builder belongs to one content operation at a time (the content loading chain
/// hands each operation its own copy), so it may be passed to another thread, but it must never
/// be used from two threads at once. That contract is why it is `@unchecked Sendable`.
public final class ComponentImageDataBuilder: JSONCompatibleBuilder, @unchecked Sendable {
    /// Where to download the image from.
    public var url: URL?
    /// The identifier of an icon to show until the image has loaded. Only turns into an icon when
    /// an icon image resolver is configured.
    public var placeholderIconIdentifier: String?
    /// An image that is already at hand.
    public var localImage: (any Image)?
    /// Data for the component, free-form.
    public var customData: JSONObject?

    /// Expression templates by field (`uri`, `placeholder`), as written; compiled with the
    /// component's bindings.
    var templates: [ImageField: String] = [:]
    /// Whether the custom data a document gave holds an expression template (compiled with the
    /// component's bindings).
    var customDataHasTemplates = false
    let context: BuilderContext

    init(context: BuilderContext) {
        self.context = context
    }

    /// A stand-alone builder reading JSON with `schema` and resolving images with its resolvers.
    public convenience init(schema: JSONSchema) {
        self.init(context: BuilderContext(schema: schema))
    }

    /// Whether the image gave anything that depends on state: a template, or custom data with one.
    var hasBoundFields: Bool { !templates.isEmpty || customDataHasTemplates }

    /// True when nothing has been set.
    public var isEmpty: Bool {
        url == nil && placeholderIconIdentifier == nil && localImage == nil && customData == nil
    }

    /// Builds the image data with the given identity, or nil when there is nothing to show: no URL,
    /// no local image, no placeholder icon (which needs a resolver) and no custom data.
    public func build(identifier: String?, type: ComponentImageType) -> ComponentImageData? {
        let placeholderIcon = context.icon(placeholderIconIdentifier, kind: .placeholder)
        if url == nil && localImage == nil && placeholderIcon == nil && customData == nil && templates.isEmpty {
            return nil
        }
        return ComponentImageData(identifier: identifier, type: type, url: url, placeholderIcon: placeholderIcon,
            localImage: localImage, customData: customData)
    }

    /// A new builder with the same values.
    public func copy() -> ComponentImageDataBuilder {
        let copy = ComponentImageDataBuilder(context: context)
        copy.url = url
        copy.placeholderIconIdentifier = placeholderIconIdentifier
        copy.localImage = localImage
        copy.customData = customData
        copy.templates = templates
        copy.customDataHasTemplates = customDataHasTemplates
        return copy
    }

    // MARK: JSON

    @discardableResult
    public func addJSON(data: Data) throws(JSONError) -> [JSONProblem] {
        addJSON(dictionary: try parseJSONObject(data))
    }

    @discardableResult
    public func addJSON(dictionary: JSONObject) -> [JSONProblem] {
        problemsReading { apply(dictionary, at: nil, problems: $0) }
    }

    func apply(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector) {
        let root = JSONValue.object(json)
        let schema = context.schema.componentImageDataSchema
        let reading = FieldReading.reporting(problems)
        // The fields in the table's order (ComponentFields.swift).
        for field in ImageField.allCases {
            guard let found = field.path(in: schema).first(in: root, at: location, problems: problems) else { continue }
            if field == .localImageName {
                guard case .string(let name) = found.value else { continue }
                applyLocalImage(named: name, at: found.location, problems: problems)
            } else if let value = field.kind.convert(found.value, at: found.location, reading: reading) {
                field.apply(value, to: self)
            }
        }
    }

    /// The image the resolver has under `name`, or a located problem.
    private func applyLocalImage(named name: String, at location: JSONLocation?, problems: JSONProblemCollector) {
        if let resolver = context.localImageResolver {
            if let image = resolver.image(named: name) {
                localImage = image
            } else {
                problems.report("no local image is called \"\(name)\"", at: location)
            }
        } else {
            problems.report("the local image \"\(name)\" was ignored: no local image resolver is configured",
                at: location)
        }
    }
}
