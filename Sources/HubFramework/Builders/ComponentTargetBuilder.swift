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

    private var storedActionIdentifiers: [Identifier] = []
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
        if let builder = storedInitialViewModelBuilder { return builder }
        let builder = ViewModelBuilder(context: context)
        storedInitialViewModelBuilder = builder
        return builder
    }

    /// True once `initialViewModelBuilder` has been created.
    public var initialViewModelBuilderExists: Bool { storedInitialViewModelBuilder != nil }

    /// The actions performed on selection, in order, without duplicates (setting a list with
    /// duplicates keeps the first occurrence of each).
    public var actionIdentifiers: [Identifier] {
        get { storedActionIdentifiers }
        set {
            storedActionIdentifiers = []
            for identifier in newValue { addAction(withIdentifier: identifier) }
        }
    }

    /// Appends an action, unless it is already in the list.
    public func addAction(withIdentifier identifier: Identifier) {
        if !storedActionIdentifiers.contains(identifier) { storedActionIdentifiers.append(identifier) }
    }

    /// Appends the action `namespace:name`, unless it is already in the list.
    public func addAction(namespace: String, name: String) {
        addAction(withIdentifier: Identifier(namespace: namespace, name: name))
    }

    /// Builds the target. An untouched builder still builds a (blank) target.
    public func build() -> ComponentTarget {
        ComponentTarget(uri: uri, initialViewModel: storedInitialViewModelBuilder?.build(),
            actionIdentifiers: storedActionIdentifiers.isEmpty ? nil : storedActionIdentifiers,
            customData: customData)
    }

    /// A deep copy (the initial view model builder is copied too).
    public func copy() -> ComponentTargetBuilder {
        let copy = ComponentTargetBuilder(context: context)
        copy.uri = uri
        copy.customData = customData
        copy.storedActionIdentifiers = storedActionIdentifiers
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
        let problems = JSONProblemCollector()
        apply(dictionary, at: nil, problems: problems, depth: 0)
        return problems.problems
    }

    /// `depth` is the nesting depth of the component owning the target; `templateBudget` is what is
    /// left of its document's template budget, which a view in the target shares.
    func apply(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector, depth: Int,
               templateBudget: TemplateBudget? = nil) {
        let root = JSONValue.object(json)
        let schema = context.schema.componentTargetSchema
        if let found = schema.uriPath.first(in: root, at: location, problems: problems) {
            uri = found.value
        }
        if let found = schema.initialViewModelDictionaryPath.first(in: root, at: location, problems: problems) {
            initialViewModelBuilder.apply(found.value, at: found.location, problems: problems, depth: depth,
                                          templateBudget: templateBudget)
        }
        for found in schema.actionIdentifiersPath.locatedValues(in: root, at: location, problems: problems) {
            if let identifier = Identifier(string: found.value) {
                addAction(withIdentifier: identifier)
            } else {
                problems.report("expected an action identifier \"namespace:name\", found \(JSONWriter().string(for: .string(found.value)))",
                    at: found.location)
            }
        }
        if let found = schema.customDataPath.first(in: root, at: location, problems: problems) {
            customData = mergeJSONObject(customData, with: found.value)
        }
    }
}
