import Foundation

/// Builds one component model, and its children.
///
/// New builders start with the component defaults (namespace, name, category) — children too:
/// a child does not inherit its parent's component, only its type (header/body/overlay).
///
/// Thread safety: a builder belongs to one content operation at a time (the content loading chain
/// hands each operation its own copy), so it may be passed to another thread, but it must never be
/// used from two threads at once. That contract is why it is `@unchecked Sendable`.
public final class ComponentModelBuilder: JSONCompatibleBuilder, @unchecked Sendable {
    /// The identifier of the model. Builders created without one get `UnknownComponent:<UUID>`.
    public let modelIdentifier: String
    /// Header, body or overlay; children get their parent's type.
    public let modelType: ComponentType

    /// Where the model wants to be among its siblings; see `PreferredIndexOrdering`.
    public var preferredIndex: Int?
    /// The group of the model among its siblings. Changing it moves the builder between the
    /// parent's groups at once (`childBuilders(inGroupWithIdentifier:)`).
    public var groupIdentifier: String?

    /// The namespace of the component that renders the model: the namespace its factory is
    /// registered under. Starts as the component defaults' namespace.
    public var componentNamespace: String
    /// The name of the component within ``componentNamespace``, passed to the factory. Starts as
    /// the component defaults' name.
    public var componentName: String
    /// The kind of component, which picks a fallback component when no factory knows
    /// `componentNamespace:componentName`. Starts as the component defaults' category.
    public var componentCategory: ComponentCategory

    /// The most prominent text of the component; nil shows none.
    public var title: String?
    /// Secondary text, usually shown below the title; nil shows none.
    public var subtitle: String?
    /// Short text at the side of the component (a count, a duration); nil shows none.
    public var accessoryTitle: String?
    /// Longer descriptive text, for components that show a paragraph; nil shows none.
    public var descriptionText: String?

    /// The main image; always available (an empty one builds no image data). Created on first
    /// use, so the many components without images (a million rows) do not pay for two builders.
    public var mainImageDataBuilder: ComponentImageDataBuilder {
        storedOrCreated(&storedMainImageDataBuilder) { ComponentImageDataBuilder(context: context) }
    }
    /// The background image; always available (an empty one builds no image data). Created on first use.
    public var backgroundImageDataBuilder: ComponentImageDataBuilder {
        storedOrCreated(&storedBackgroundImageDataBuilder) { ComponentImageDataBuilder(context: context) }
    }
    private var storedMainImageDataBuilder: ComponentImageDataBuilder?
    private var storedBackgroundImageDataBuilder: ComponentImageDataBuilder?
    /// The identifier of the component's icon. Only turns into an icon with an icon image resolver.
    public var iconIdentifier: String?

    /// Free-form data about the model for the app (JSON key `metadata`); the framework only
    /// carries it. JSON merges into it key by key.
    public var metadata: JSONObject?
    /// Free-form data for the app's logging (JSON key `logging`); the framework only carries it.
    /// JSON merges into it key by key.
    public var loggingData: JSONObject?
    /// Data for the component beyond the standard fields (JSON key `custom`), such as a colour or
    /// a layout variant. JSON merges into it key by key.
    public var customData: JSONObject?

    /// The view model builder this builder belongs to, when it is one of a view model builder's
    /// body or overlay builders. A view model builder that finds a builder of another owner in its
    /// lists (they share it after a snapshot) copies it before handing it out.
    var owner: BuilderOwner?
    /// What the component's document gave that depends on state, as written (expression
    /// templates, `visible`, `state`, `input`); compiled into ``bindings`` once the document's state
    /// is known (`BindingCompiler`).
    var boundFields = BoundComponentFields()
    /// The compiled form of ``boundFields`` (and of its images' and target's templates), checked
    /// against the declarations in scope; given to the model it builds.
    var bindings: ComponentBindings?
    /// Where the component is in its document, for the problems its bindings have; kept only for
    /// components that have some.
    var boundLocation: JSONLocation?

    private var customImageDataBuilders: [String: ComponentImageDataBuilder] = [:]
    private var storedTargetBuilder: ComponentTargetBuilder?
    private var children = ComponentModelBuilderList()
    let context: BuilderContext

    init(modelIdentifier: String, type: ComponentType, context: BuilderContext) {
        self.modelIdentifier = modelIdentifier
        modelType = type
        self.context = context
        componentNamespace = context.componentDefaults.namespace
        componentName = context.componentDefaults.name
        componentCategory = context.componentDefaults.category
    }

    /// A stand-alone builder using `schema`, its component defaults and its resolvers.
    /// A nil identifier gives `UnknownComponent:<UUID>`.
    public convenience init(modelIdentifier: String?, type: ComponentType = .body, schema: JSONSchema) {
        self.init(modelIdentifier: modelIdentifier, type: type, schema: schema,
            componentDefaults: schema.componentDefaults, iconImageResolver: schema.iconImageResolver,
            localImageResolver: schema.localImageResolver)
    }

    /// A stand-alone builder with explicit component defaults and resolvers.
    /// A nil identifier gives `UnknownComponent:<UUID>`.
    public convenience init(modelIdentifier: String?, type: ComponentType = .body, schema: JSONSchema,
        componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
        localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.init(modelIdentifier: modelIdentifier ?? "UnknownComponent:\(UUID().uuidString)", type: type,
            context: BuilderContext(schema: schema, componentDefaults: componentDefaults,
                iconImageResolver: iconImageResolver, localImageResolver: localImageResolver))
    }

    // MARK: Images

    /// Shortcut for `mainImageDataBuilder.url`.
    public var mainImageURL: URL? {
        get { storedMainImageDataBuilder?.url }
        set { mainImageDataBuilder.url = newValue }
    }

    /// Shortcut for `mainImageDataBuilder.localImage`.
    public var mainImage: (any Image)? {
        get { storedMainImageDataBuilder?.localImage }
        set { mainImageDataBuilder.localImage = newValue }
    }

    /// Shortcut for `backgroundImageDataBuilder.url`.
    public var backgroundImageURL: URL? {
        get { storedBackgroundImageDataBuilder?.url }
        set { backgroundImageDataBuilder.url = newValue }
    }

    /// Shortcut for `backgroundImageDataBuilder.localImage`.
    public var backgroundImage: (any Image)? {
        get { storedBackgroundImageDataBuilder?.localImage }
        set { backgroundImageDataBuilder.localImage = newValue }
    }

    /// Whether a custom image builder exists for `identifier`; asking does not create one.
    public func customImageDataBuilderExists(withIdentifier identifier: String) -> Bool {
        customImageDataBuilders[identifier] != nil
    }

    /// The builder of the custom image `identifier`, created when missing (same instance afterwards).
    public func customImageDataBuilder(withIdentifier identifier: String) -> ComponentImageDataBuilder {
        storedOrCreated(&customImageDataBuilders[identifier]) { ComponentImageDataBuilder(context: context) }
    }

    // MARK: Target

    /// The target builder, created on first use. The model only gets a target when this was used
    /// (or JSON had a target object).
    public var targetBuilder: ComponentTargetBuilder {
        storedOrCreated(&storedTargetBuilder) { ComponentTargetBuilder(context: context) }
    }

    /// True once `targetBuilder` has been created.
    public var targetBuilderExists: Bool { storedTargetBuilder != nil }

    // MARK: Children

    /// The child builders in creation order (preferred indexes not applied).
    public func allChildBuilders() -> [ComponentModelBuilder] {
        children.builders
    }

    /// Whether a child builder exists for `identifier`; asking does not create one.
    public func childBuilderExists(withIdentifier identifier: String) -> Bool {
        children.contains(identifier)
    }

    /// The child builder for `identifier`, created when missing (same instance afterwards).
    /// New children get the component defaults and this builder's type.
    public func childBuilder(withIdentifier identifier: String) -> ComponentModelBuilder {
        childBuilder(forOptionalIdentifier: identifier)
    }

    func childBuilder(forOptionalIdentifier identifier: String?) -> ComponentModelBuilder {
        let type = modelType
        let context = context
        return children.builder(for: identifier) { key in
            ComponentModelBuilder(modelIdentifier: key, type: type, context: context)
        }
    }

    /// The child builders whose group is `groupIdentifier`, in creation order; nil when none.
    /// Always current: the groups are read from the children themselves.
    public func childBuilders(inGroupWithIdentifier groupIdentifier: String) -> [ComponentModelBuilder]? {
        let members = children.builders.filter { $0.groupIdentifier == groupIdentifier }
        return members.isEmpty ? nil : members
    }

    /// Removes a child builder (nothing happens when there is none).
    public func removeChildBuilder(withIdentifier identifier: String) {
        children.remove(identifier)
    }

    /// Removes every child builder (and with them every group).
    public func removeAllChildBuilders() {
        children.removeAll()
    }

    // MARK: Building

    /// Builds the model at `index` under `parent` (nil for a top-level model). Children are built
    /// in preferred-index order with the new model as their parent.
    public func build(index: Int = 0, parent: ComponentModel? = nil) -> ComponentModel {
        var customImages: [String: ComponentImageData] = [:]
        for (identifier, builder) in customImageDataBuilders {
            if let data = builder.build(identifier: identifier, type: .custom) { customImages[identifier] = data }
        }
        let childList = children
        return ComponentModel(
            identifier: ModelText.owned(modelIdentifier), type: modelType, index: index, groupIdentifier: groupIdentifier,
            componentIdentifier: Identifier(namespace: componentNamespace, name: componentName),
            componentCategory: componentCategory,
            title: ModelText.owned(title), subtitle: ModelText.owned(subtitle),
            accessoryTitle: ModelText.owned(accessoryTitle), descriptionText: ModelText.owned(descriptionText),
            mainImageData: storedMainImageDataBuilder?.build(identifier: nil, type: .main),
            backgroundImageData: storedBackgroundImageDataBuilder?.build(identifier: nil, type: .background),
            customImageData: customImages, icon: context.icon(iconIdentifier, kind: .component),
            target: storedTargetBuilder?.build(),
            metadata: metadata, loggingData: loggingData, customData: customData,
            bindings: bindings ?? uncheckedBindings(),
            parent: parent, makeChildren: { model in childList.build(parent: model) })
    }

    /// The child builders, in the order they were added, without copying shared ones (for reading).
    var childBuilders: [ComponentModelBuilder] { children.builders }

    /// The main or background image's builder when there is one, without creating it.
    func existingImageDataBuilder(_ field: ComponentField) -> ComponentImageDataBuilder? {
        field == .mainImage ? storedMainImageDataBuilder : storedBackgroundImageDataBuilder
    }

    /// The target's builder when there is one, without creating it.
    var existingTargetBuilder: ComponentTargetBuilder? { storedTargetBuilder }

    /// Whether the component, its images or its target gave anything that depends on state.
    var hasBoundFields: Bool {
        !boundFields.isEmpty || storedMainImageDataBuilder?.hasBoundFields == true
            || storedBackgroundImageDataBuilder?.hasBoundFields == true
            || storedTargetBuilder?.hasBoundFields == true
    }

    /// Bindings compiled without a document's declarations, for a builder nobody checked (one
    /// filled from a component object on its own): undeclared variables read as their type's empty
    /// value, and nothing is reported.
    private func uncheckedBindings() -> ComponentBindings? {
        guard hasBoundFields else { return nil }
        return BindingCompiler(limits: .default).compileUnchecked(self)
    }

    /// A deep copy: image, target and child builders are copied too.
    public func copy() -> ComponentModelBuilder {
        let copy = ComponentModelBuilder(modelIdentifier: modelIdentifier, type: modelType, context: context)
        copy.preferredIndex = preferredIndex
        copy.groupIdentifier = groupIdentifier
        copy.componentNamespace = componentNamespace
        copy.componentName = componentName
        copy.componentCategory = componentCategory
        copy.title = title
        copy.subtitle = subtitle
        copy.accessoryTitle = accessoryTitle
        copy.descriptionText = descriptionText
        copy.storedMainImageDataBuilder = storedMainImageDataBuilder?.copy()
        copy.storedBackgroundImageDataBuilder = storedBackgroundImageDataBuilder?.copy()
        copy.iconIdentifier = iconIdentifier
        copy.customImageDataBuilders = customImageDataBuilders.mapValues { $0.copy() }
        copy.storedTargetBuilder = storedTargetBuilder?.copy()
        copy.metadata = metadata
        copy.loggingData = loggingData
        copy.customData = customData
        copy.boundFields = boundFields
        copy.bindings = bindings
        copy.boundLocation = boundLocation
        copy.children = children.deepCopy()
        return copy
    }

    // MARK: JSON

    @discardableResult
    public func addJSON(data: Data) throws(JSONError) -> [JSONProblem] {
        addJSON(dictionary: try parseJSONObject(data))
    }

    @discardableResult
    public func addJSON(dictionary: JSONObject) -> [JSONProblem] {
        problemsReading { apply(dictionary, at: nil, problems: $0, depth: 1) }
    }

    /// Adds a component object found at `location`; `depth` is this component's nesting depth.
    /// `templates` are those of the document (nil when the schema reads none); a component expanded
    /// from a template had its keys checked before (`checksKeys` false).
    func apply(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector, depth: Int,
               templates: ComponentTemplates? = nil, checksKeys: Bool = true)
    {
        let root = JSONValue.object(json)
        let schema = context.schema.componentModelSchema
        if checksKeys { context.schema.unknownKeyCheck?.checkComponent(json, at: location, problems: problems) }
        let reading = FieldReading.reporting(problems)
        defer { if hasBoundFields { boundLocation = location } }
        // The fields in the table's order (ComponentFields.swift); the identifier picked this builder.
        for field in ComponentField.allCases where field != .identifier {
            let path = field.path(in: schema)
            switch field.content {
            case .value(.treeOnly) where field == .children:
                for found in path.evaluate(root, at: location, problems: problems) {
                    guard case .object(let child) = found.value else { continue }
                    Self.applyComponent(child, at: found.location, problems: problems, depth: depth + 1,
                        context: context, templates: templates, into: childBuilder(forOptionalIdentifier:))
                }
            case .value(.treeOnly) where field == .requires || field == .fallback:
                continue  // chosen by `applyComponent` before this builder was picked
            case .value(.treeOnly):
                guard let found = path.first(in: root, at: location, problems: problems),
                    case .object(let images) = found.value
                else { continue }
                for (key, value) in images.sorted(by: { $0.key < $1.key }) {
                    let imageLocation = JSONLocation.key(key, in: found.location)
                    guard case .object(let image) = value else {
                        problems.reportTypeMismatch(expected: "an object", found: value, at: imageLocation)
                        continue
                    }
                    customImageDataBuilder(withIdentifier: key).apply(image, at: imageLocation, problems: problems)
                }
            case .value(let kind):
                guard let found = path.first(in: root, at: location, problems: problems),
                    let value = kind.convert(found.value, at: found.location, reading: reading)
                else { continue }
                field.apply(value, to: self)
            case .image:
                guard let found = path.first(in: root, at: location, problems: problems),
                    case .object(let image) = found.value
                else { continue }
                let builder = field == .mainImage ? mainImageDataBuilder : backgroundImageDataBuilder
                builder.apply(image, at: found.location, problems: problems)
            case .target:
                guard let found = path.first(in: root, at: location, problems: problems),
                    case .object(let target) = found.value
                else { continue }
                targetBuilder.apply(target, at: found.location, problems: problems, depth: depth,
                                    templateBudget: templates?.budget)
            }
        }
    }

    /// Adds a component object nested at `depth`: expands its template if it names one (with
    /// `templates`, the document's), chooses between it and its fallback for the context's client,
    /// reads the identifier of the one chosen, picks its builder with `builderFor` and applies the
    /// object. Components deeper than the schema allows are reported and skipped.
    ///
    /// `checksKeys` false: the object's members were checked for unknown keys already (the original
    /// of a fallback, checked for its problems). `inheritedIdentifier`: the identifier of the
    /// component a fallback stands for, for a fallback without one.
    static func applyComponent(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
        depth: Int, context: BuilderContext, templates: ComponentTemplates? = nil, checksKeys: Bool = true,
        inheritedIdentifier: String? = nil, into builderFor: (String?) -> ComponentModelBuilder)
    {
        guard depth <= JSONSchema.maximumComponentDepth else {
            problems.report("components are nested deeper than \(JSONSchema.maximumComponentDepth) levels; this one was ignored",
                at: location)
            return
        }
        // A component that a template's use makes (a child, or a component of a view in its target)
        // is charged before it is applied: templates that use templates multiply (`TemplateBudget`).
        if let budget = templates?.budget, budget.isExpanding, !budget.spend(TemplateBudget.componentCost) {
            budget.runOut(ComponentTemplates.budgetMessage, at: location, problems: problems)
            return
        }
        if let templates, ComponentTemplates.isInstance(json) {
            templates.expand(json, at: location, problems: problems) { expanded, problems in
                applyChosen(expanded, at: location, problems: problems, depth: depth, context: context,
                            templates: templates, checksKeys: false, inheritedIdentifier: inheritedIdentifier,
                            into: builderFor)
            }
            return
        }
        applyChosen(json, at: location, problems: problems, depth: depth, context: context, templates: templates,
                    checksKeys: checksKeys, inheritedIdentifier: inheritedIdentifier, into: builderFor)
    }

    /// Applies `json`, or the fallback that stands for it on the context's client
    /// (`ComponentFallback`), to the builder `builderFor` picks by its identifier; nothing for a
    /// component dropped. What the client does not show is applied to a builder thrown away, for its
    /// problems alone.
    private static func applyChosen(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
        depth: Int, context: BuilderContext, templates: ComponentTemplates?, checksKeys: Bool,
        inheritedIdentifier: String?, into builderFor: (String?) -> ComponentModelBuilder)
    {
        var chosen = ComponentFallback.Choice(object: json, location: location, depth: depth,
                                              inheritedIdentifier: inheritedIdentifier, checksKeys: checksKeys)
        if ComponentFallback.applies(to: json, context: context) {
            let usesTemplate = { (object: JSONObject) in templates != nil && ComponentTemplates.isInstance(object) }
            let choice = ComponentFallback.choose(chosen, problems: problems, context: context,
                                                  usesTemplate: usesTemplate) { unused in
                // Through `applyComponent`, so that a fallback that uses a template is expanded first.
                let checking = context.withoutClient
                let scratch = ComponentModelBuilder(modelIdentifier: "", type: .body, context: checking)
                applyComponent(unused.object, at: unused.location, problems: problems, depth: unused.depth,
                               context: checking, templates: templates, checksKeys: unused.checksKeys,
                               into: { _ in scratch })
            }
            guard let choice else { return }
            if choice.usesTemplate {
                // A fallback that uses a template: expanded, then chosen for in turn.
                applyComponent(choice.object, at: choice.location, problems: problems, depth: choice.depth,
                               context: context, templates: templates, inheritedIdentifier: choice.inheritedIdentifier,
                               into: builderFor)
                return
            }
            chosen = choice
        }
        let identifier = context.schema.componentModelSchema.identifierPath.first(in: .object(chosen.object),
            at: chosen.location, problems: problems)?.value ?? chosen.inheritedIdentifier
        builderFor(identifier).apply(chosen.object, at: chosen.location, problems: problems, depth: chosen.depth,
                                     templates: templates, checksKeys: chosen.checksKeys)
    }

}
