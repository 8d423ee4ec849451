import Foundation

/// Builds the target of a component model: what selecting the component does.
///
/// Thread safety: like every builder, owned by one content operation at a time; it may be passed
/// to another thread but never used from two at once (hence `@unchecked Sendable`).
public final class ComponentTargetBuilder: JSONCompatibleBuilder, @unchecked Sendable {
    /// The URI the default selection action opens.
    public var uri: URL?
    /// Data for the app, free-form.
    public var customData: JSONObject?

    /// The actions in order: identifiers and action objects.
    private var storedActions: [TargetActionSource] = []
    /// The target's URI when it is an expression template, as written.
    var uriTemplate: String?
    /// Whether the custom data a document gave holds an expression template.
    var customDataHasTemplates = false
    private var storedInitialViewModelBuilder: ViewModelBuilder?
    let context: BuilderContext

    init(context: BuilderContext) {
        self.context = context
    }

    /// A stand-alone builder using `schema`, its component defaults and its resolvers.
    public convenience init(schema: JSONSchema) {
        self.init(context: BuilderContext(schema: schema))
    }

    /// Content for the destination view, shown until its own content has loaded. Created on first
    /// use; the target only gets an initial view model when this was used (or JSON had one).
    public var initialViewModelBuilder: ViewModelBuilder {
        storedOrCreated(&storedInitialViewModelBuilder) { ViewModelBuilder(context: context) }
    }

    /// True once `initialViewModelBuilder` has been created.
    public var initialViewModelBuilderExists: Bool { storedInitialViewModelBuilder != nil }

    /// The actions performed on selection, in order, without duplicates (setting a list with
    /// duplicates keeps the first occurrence of each).
    public var actionIdentifiers: [Identifier] {
        get {
            storedActions.compactMap { if case .identifier(let identifier) = $0 { identifier } else { nil } }
        }
        set {
            storedActions.removeAll { if case .identifier = $0 { true } else { false } }
            for identifier in newValue { addAction(withIdentifier: identifier) }
        }
    }

    /// The actions as written, identifiers and objects, in order.
    var actionSources: [TargetActionSource] { storedActions }

    /// Whether the target gave anything that depends on state: a URI template, custom data with a
    /// template, or action objects.
    var hasBoundFields: Bool {
        uriTemplate != nil || customDataHasTemplates || storedActions.contains { if case .object = $0 { true } else { false } }
    }

    /// Appends an action as written: an identifier (unless it is already in the list), or an object.
    func addAction(_ action: TargetActionSource) {
        if case .identifier(let identifier) = action { return addAction(withIdentifier: identifier) }
        storedActions.append(action)
    }

    /// Appends an action, unless it is already in the list.
    public func addAction(withIdentifier identifier: Identifier) {
        if !storedActions.contains(.identifier(identifier)) { storedActions.append(.identifier(identifier)) }
    }

    /// Appends the action `namespace:name`, unless it is already in the list.
    public func addAction(namespace: String, name: String) {
        addAction(withIdentifier: Identifier(namespace: namespace, name: name))
    }

    /// Builds the target. An untouched builder still builds a (blank) target.
    public func build() -> ComponentTarget {
        ComponentTarget(uri: uri, initialViewModel: storedInitialViewModelBuilder?.build(),
            actionIdentifiers: actionIdentifiers.isEmpty ? nil : actionIdentifiers,
            customData: customData)
    }

    /// A deep copy (the initial view model builder is copied too).
    public func copy() -> ComponentTargetBuilder {
        let copy = ComponentTargetBuilder(context: context)
        copy.uri = uri
        copy.customData = customData
        copy.storedActions = storedActions
        copy.uriTemplate = uriTemplate
        copy.customDataHasTemplates = customDataHasTemplates
        copy.storedInitialViewModelBuilder = storedInitialViewModelBuilder?.copy()
        return copy
    }

    // MARK: JSON

    @discardableResult
    public func addJSON(data: Data) throws(JSONError) -> [JSONProblem] {
        addJSON(dictionary: try parseJSONObject(data))
    }

    @discardableResult
    public func addJSON(dictionary: JSONObject) -> [JSONProblem] {
        problemsReading { apply(dictionary, at: nil, problems: $0, depth: 0) }
    }

    /// `depth` is the nesting depth of the component owning the target; `templateBudget` is what is
    /// left of its document's template budget, which a view in the target shares.
    func apply(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector, depth: Int,
               templateBudget: TemplateBudget? = nil) {
        let root = JSONValue.object(json)
        let schema = context.schema.componentTargetSchema
        let reading = FieldReading.reporting(problems)
        // The fields in the table's order (ComponentFields.swift).
        for field in TargetField.allCases {
            let path = field.path(in: schema)
            if field == .initialViewModel {
                guard let found = path.first(in: root, at: location, problems: problems),
                    case .object(let view) = found.value
                else { continue }
                initialViewModelBuilder.apply(view, at: found.location, problems: problems, depth: depth,
                                              templateBudget: templateBudget)
                continue
            }
            let found = field.isEachElement ? path.evaluate(root, at: location, problems: problems)
                : path.first(in: root, at: location, problems: problems).map { [$0] } ?? []
            for element in found {
                if let value = field.kind.convert(element.value, at: element.location, reading: reading) {
                    field.apply(value, to: self)
                }
            }
        }
    }
}
