import Foundation

/// Builds a view model: content operations add and change component model builders, then the
/// framework builds an immutable `ViewModel`.
///
/// Body and overlay builders are keyed by model identifier (asking twice for the same identifier
/// returns the same builder) and remember their creation order; `build()` orders them by their
/// preferred indexes.
///
/// Thread safety: a builder belongs to one content operation at a time (the content loading chain
/// hands each operation its own copy and never runs two operations at once), so it may be passed
/// to another thread, but it must never be used from two threads at once. That contract is why
/// it is `@unchecked Sendable`.
public final class ViewModelBuilder: JSONCompatibleBuilder, @unchecked Sendable {
    /// Free-form identifier of the view (for logging).
    public var viewIdentifier: String?
    /// Data for the view, free-form.
    public var customData: JSONObject?
    /// The direction the view's rows read in, when the view decides it (``ViewModel/layoutDirection``).
    public var layoutDirection: LayoutDirection?
    /// The variables the view declares (its document's `state`), with their initial values.
    public var stateDeclarations = StateDeclarations()
    /// The event stream the view listens to while it is shown (``ViewModel/eventStreamURL``; a
    /// document's `"events"`). Nil for none.
    public var eventStreamURL: String?
    /// The variables every view of the app sees (a backend app's manifest declares them): the
    /// documents read into this builder are checked against them as well as their own.
    public var appStateDeclarations = StateDeclarations()

    private var storedNavigationItem: NavigationItem?
    private var headerBuilder: ComponentModelBuilder?
    /// Not checked for exclusive access at run time: the reader adds a long body's rows here one by
    /// one, and each check (a thread-local lookup in the Swift runtime) cost more than the rest of
    /// adding a plain row's record. Every access is a single call within this file, on the thread
    /// that builds, as with any builder (``ContentOperation``).
    @exclusivity(unchecked) private var bodyBuilders = ComponentModelBuilderList()
    private var overlayBuilders = ComponentModelBuilderList()
    /// Marks the body and overlay builders this builder may change in place; any other builder in
    /// its lists is shared with a snapshot and is copied when it is handed out.
    private var owner = BuilderOwner()
    let context: BuilderContext

    init(context: BuilderContext) {
        self.context = context
    }

    /// A builder reading JSON with `schema`; new component builders start with `componentDefaults`.
    /// Without an icon image resolver the built models have no icons.
    public convenience init(schema: JSONSchema, componentDefaults: ComponentDefaults,
        iconImageResolver: (any IconImageResolver)?, localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.init(context: BuilderContext(schema: schema, componentDefaults: componentDefaults,
            iconImageResolver: iconImageResolver, localImageResolver: localImageResolver))
    }

    /// A builder using `schema`, its component defaults and its resolvers.
    public convenience init(schema: JSONSchema) {
        self.init(context: BuilderContext(schema: schema))
    }

    /// A builder that reads documents for a client that can show `clientCapabilities`, and notes in
    /// `notes` what that changed (hub-validate's `--client`).
    package convenience init(schema: JSONSchema, clientCapabilities: ClientCapabilities?,
                             recordingFallbacksIn notes: FallbackNotes?)
    {
        self.init(context: BuilderContext(schema: schema, componentDefaults: schema.componentDefaults,
            iconImageResolver: schema.iconImageResolver, localImageResolver: schema.localImageResolver,
            clientCapabilities: clientCapabilities, fallbackNotes: notes))
    }

    /// The JSON schema this builder reads JSON with.
    public var schema: JSONSchema { context.schema }

    /// What the client this builder reads documents for can show: a component that needs something
    /// it lacks is replaced by its `fallback` as the document is read, or left out for `"drop"`
    /// (docs/json.md, "What a client can show"). A `JSONContentOperation` that loads a document into
    /// the builder names them in the request's `Hub-Client` header. Nil for a builder made without
    /// them (``JSONSchema/makeViewModelBuilder()``): every component stays as it is. A loader's
    /// builders have the app's (`Hub.clientCapabilities` in HubGTK).
    public var clientCapabilities: ClientCapabilities? { context.clientCapabilities }

    /// The component defaults new component model builders start with.
    public var componentDefaults: ComponentDefaults { context.componentDefaults }

    // MARK: Navigation

    /// The navigation item, created on first access. The built view model only has a navigation
    /// item when this was accessed (or a title was set).
    public var navigationItem: NavigationItem {
        get {
            if let item = storedNavigationItem { return item }
            let item = NavigationItem()
            storedNavigationItem = item
            return item
        }
        set { storedNavigationItem = newValue }
    }

    /// True once the navigation item has been created.
    public var navigationItemExists: Bool { storedNavigationItem != nil }

    /// Shortcut for `navigationItem.title`. Reading it, or setting nil, does not create the item.
    public var navigationBarTitle: String? {
        get { storedNavigationItem?.title }
        set {
            if newValue == nil && storedNavigationItem == nil { return }
            navigationItem.title = newValue
        }
    }

    /// Sets one key of the custom data (creating it when needed); nil removes the key.
    public func setCustomDataValue(_ value: JSONValue?, forKey key: String) {
        if let value {
            var data = customData ?? [:]
            data[key] = value
            customData = data
        } else {
            customData?[key] = nil
        }
    }

    // MARK: Component model builders

    /// True when there is no header, body or overlay builder (title and custom data do not count).
    public var isEmpty: Bool {
        headerBuilder == nil && bodyBuilders.isEmpty && overlayBuilders.isEmpty
    }

    /// How many body builders there are: the number of body components the view model will have.
    public var numberOfBodyComponentModelBuilders: Int { bodyBuilders.count }
    /// How many overlay builders there are: the number of overlays the view model will have.
    public var numberOfOverlayComponentModelBuilders: Int { overlayBuilders.count }

    /// The header builder, created on first access with the model identifier `header`.
    public var headerComponentModelBuilder: ComponentModelBuilder {
        headerBuilder(withIdentifier: nil)
    }

    /// True when a header builder exists.
    public var headerComponentModelBuilderExists: Bool { headerBuilder != nil }

    /// Removes the header builder; the view model then has no header.
    public func removeHeaderComponentModelBuilder() {
        headerBuilder = nil
    }

    private func headerBuilder(withIdentifier identifier: String?) -> ComponentModelBuilder {
        storedOrCreated(&headerBuilder) {
            ComponentModelBuilder(modelIdentifier: identifier ?? "header", type: .header, context: context)
        }
    }

    /// Whether a body builder exists for `identifier`; asking does not create one.
    public func bodyComponentModelBuilderExists(withIdentifier identifier: String) -> Bool {
        bodyBuilders.contains(identifier)
    }

    /// The body builder for `identifier`, created when missing (same instance afterwards).
    public func bodyComponentModelBuilder(withIdentifier identifier: String) -> ComponentModelBuilder {
        bodyBuilder(forOptionalIdentifier: identifier)
    }

    /// Adds a body component that shows texts alone, the way a long list's rows do, without making a
    /// builder for it.
    ///
    /// The row is kept as a compact record: its texts go into one UTF-8 arena that the body's rows
    /// share, and building the view model puts the record into the body's store as it is, with no
    /// ``ComponentModelBuilder`` and no ``ComponentModel`` made for it. A document's plain rows are
    /// read the same way. Use this for bodies of many thousands of rows; a million rows added this
    /// way take a fraction of the time and memory that a builder for each takes.
    ///
    /// The row counts as a body builder: ``numberOfBodyComponentModelBuilders``,
    /// ``bodyComponentModelBuilderExists(withIdentifier:)`` and ``removeBodyComponentModelBuilder(withIdentifier:)``
    /// see it. Asking for its builder (``bodyComponentModelBuilder(withIdentifier:)``,
    /// ``allBodyComponentModelBuilders()``) makes one with these values, at its place. When
    /// `identifier` names a body component already, that component's builder takes the values
    /// given, as setting them one by one would.
    ///
    /// - Parameters:
    ///   - identifier: the model identifier, unique among the body's components.
    ///   - componentNamespace: the component's namespace; nil for the component defaults' (or, for an
    ///     existing component, its own).
    ///   - componentName: the component's name; nil for the defaults' (or the existing one's).
    ///   - componentCategory: the component's category; nil for the defaults' (or the existing one's).
    ///   - title: the row's title, nil for none.
    ///   - subtitle: the row's subtitle, nil for none.
    public func addBodyRow(withIdentifier identifier: String, componentNamespace: String? = nil,
                           componentName: String? = nil, componentCategory: ComponentCategory? = nil,
                           title: String?, subtitle: String? = nil)
    {
        let defaults = context.componentDefaults
        let added = bodyBuilders.appendPlainRow(
            identifier: .string(identifier),
            componentIdentifier: Identifier(namespace: componentNamespace ?? defaults.namespace,
                                            name: componentName ?? defaults.name),
            componentCategory: componentCategory ?? defaults.category,
            title: title.map(ComponentRowStore.Builder.Text.string),
            subtitle: subtitle.map(ComponentRowStore.Builder.Text.string))
        guard !added else { return }
        // The identifier has a component already (or the arena is full): its builder takes the values.
        let builder = bodyComponentModelBuilder(withIdentifier: identifier)
        if let componentNamespace { builder.componentNamespace = componentNamespace }
        if let componentName { builder.componentName = componentName }
        if let componentCategory { builder.componentCategory = componentCategory }
        builder.title = title
        builder.subtitle = subtitle
    }

    /// The body builders in creation order (preferred indexes not applied).
    public func allBodyComponentModelBuilders() -> [ComponentModelBuilder] {
        bodyBuilders.all(ownedBy: owner, make: makeBuilder(type: .body))
    }

    /// Removes a body builder (nothing happens when there is none).
    public func removeBodyComponentModelBuilder(withIdentifier identifier: String) {
        bodyBuilders.remove(identifier)
    }

    /// Whether an overlay builder exists for `identifier`; asking does not create one.
    public func overlayComponentModelBuilderExists(withIdentifier identifier: String) -> Bool {
        overlayBuilders.contains(identifier)
    }

    /// The overlay builder for `identifier`, created when missing (same instance afterwards).
    public func overlayComponentModelBuilder(withIdentifier identifier: String) -> ComponentModelBuilder {
        overlayBuilder(forOptionalIdentifier: identifier)
    }

    /// The overlay builders in creation order (preferred indexes not applied).
    public func allOverlayComponentModelBuilders() -> [ComponentModelBuilder] {
        overlayBuilders.all(ownedBy: owner, make: makeBuilder(type: .overlay))
    }

    /// Removes an overlay builder (nothing happens when there is none).
    public func removeOverlayComponentModelBuilder(withIdentifier identifier: String) {
        overlayBuilders.remove(identifier)
    }

    /// Removes the header, body and overlay builders.
    public func removeAllComponentModelBuilders() {
        headerBuilder = nil
        bodyBuilders.removeAll()
        overlayBuilders.removeAll()
    }

    /// Visits the header builder (if any), the body builders, then the overlay builders, in
    /// creation order; stops as soon as `body` returns false.
    public func enumerateAllComponentModelBuilders(_ body: (ComponentModelBuilder) -> Bool) {
        if let headerBuilder, !body(headerBuilder) { return }
        for builder in allBodyComponentModelBuilders() where !body(builder) { return }
        for builder in allOverlayComponentModelBuilders() where !body(builder) { return }
    }

    /// Makes room for `count` body components in all, so that adding a long list (with
    /// ``addBodyRow(withIdentifier:componentNamespace:componentName:componentCategory:title:subtitle:)``
    /// or builders) does not grow the body's storage, and rehash its identifiers, again and again
    /// as it goes. Like `Array.reserveCapacity(_:)`, it changes nothing but the time and memory it takes.
    /// A count above ``ContentLimits/maximumComponentCount``'s default (5,000,000) reserves that many:
    /// a body longer than that still grows as it would without reserving.
    public func reserveBodyCapacity(_ count: Int) {
        // A hint, not a promise: `Int.max` (or any count no memory holds) would stop the app in the
        // identifiers' dictionary, which cannot make room for it, and the one-pass reader bounds its
        // own estimate the same way.
        bodyBuilders.reserveCapacity(min(max(0, count), ContentLimits.default.maximumComponentCount), textBytesLeft: 0)
    }

    /// Makes room for `count` body components in all (the one-pass reader's estimate of a long body),
    /// whose texts still to come take at most `textBytesLeft`.
    func reserveBodyCapacity(_ count: Int, textBytesLeft: Int) {
        bodyBuilders.reserveCapacity(count, textBytesLeft: textBytesLeft)
    }

    func bodyBuilder(forOptionalIdentifier identifier: String?) -> ComponentModelBuilder {
        builder(forOptionalIdentifier: identifier, in: &bodyBuilders, type: .body)
    }

    /// How many body components are plain rows kept as records, not builders (yet).
    var numberOfPlainBodyRows: Int { bodyBuilders.plainRowCount }
    /// The bytes the plain body rows' text arena has room for.
    var plainBodyTextCapacity: Int { bodyBuilders.plainTextCapacity }

    /// Adds a plain body component read from a document (``ComponentFields/plainRow``) as a record,
    /// without a builder, and true; false, with nothing added, when its identifier has a builder
    /// already or the arena is full (its builder then takes its fields).
    func addPlainBodyRow(_ row: ComponentFields.PlainRow) -> Bool {
        // The defaults are read only where the row has no value: copying them would retain their
        // three strings for every row.
        bodyBuilders.appendPlainRow(
            identifier: row.identifier,
            componentIdentifier: Identifier(namespace: row.component?.namespace ?? context.componentDefaults.namespace,
                                            name: row.component?.name ?? context.componentDefaults.name),
            componentCategory: row.category ?? context.componentDefaults.category, title: row.title,
            subtitle: row.subtitle, extras: row.extras)
    }

    private func overlayBuilder(forOptionalIdentifier identifier: String?) -> ComponentModelBuilder {
        builder(forOptionalIdentifier: identifier, in: &overlayBuilders, type: .overlay)
    }

    /// The builder for `identifier` in `list` (this builder's own, see ``ComponentModelBuilderList``),
    /// created for a model of `type` when missing.
    private func builder(forOptionalIdentifier identifier: String?, in list: inout ComponentModelBuilderList,
                         type: ComponentType) -> ComponentModelBuilder
    {
        list.builder(for: identifier, owner: owner, make: makeBuilder(type: type))
    }

    /// Makes a top-level builder of `type` for an identifier.
    private func makeBuilder(type: ComponentType) -> (String) -> ComponentModelBuilder {
        let context = context
        return { key in ComponentModelBuilder(modelIdentifier: key, type: type, context: context) }
    }

    // MARK: Building

    /// Builds the view model: the header at index 0, body and overlays in preferred-index order.
    public func build() -> ViewModel {
        ViewModel(identifier: viewIdentifier, navigationItem: storedNavigationItem,
            headerComponentModel: headerBuilder?.build(index: 0, parent: nil),
            bodyComponentModels: bodyBuilders.buildBody(),
            overlayComponentModels: overlayBuilders.build(parent: nil),
            customData: customData, layoutDirection: layoutDirection, stateDeclarations: stateDeclarations,
            appStateDeclarations: appStateDeclarations, eventStreamURL: eventStreamURL)
    }

    /// A deep copy with the same schema, defaults and resolvers; every component builder is copied.
    public func copy() -> ViewModelBuilder {
        let copy = copyWithoutComponents()
        copy.bodyBuilders = bodyBuilders.deepCopy(owner: copy.owner)
        copy.overlayBuilders = overlayBuilders.deepCopy(owner: copy.owner)
        return copy
    }

    /// A copy for the content loading chain that shares the body and overlay builders instead of
    /// copying them: O(1) per component until a component builder is asked for. From then on, both
    /// this builder and the snapshot copy a shared component builder the first time they hand it
    /// out, so neither sees the other's changes made through its accessors. (A reference to a
    /// component builder obtained *before* the snapshot bypasses this: the chain's contract is that
    /// an operation stops using its builder once it has reported.)
    ///
    /// This is what keeps a million-row view from being copied twice per load: the chain snapshots
    /// every operation's output, and the next operation usually adds a row or two.
    func snapshot() -> ViewModelBuilder {
        let copy = copyWithoutComponents()
        copy.bodyBuilders = bodyBuilders
        copy.overlayBuilders = overlayBuilders
        // Neither side owns the shared builders any more.
        owner = BuilderOwner()
        return copy
    }

    /// A new builder with this one's view fields, its app's state declarations and a copy of its
    /// header builder; ``copy()`` and ``snapshot()`` then give it the body and overlays, each its
    /// own way.
    private func copyWithoutComponents() -> ViewModelBuilder {
        let copy = ViewModelBuilder(context: context)
        copy.takeViewFields(of: self)
        copy.appStateDeclarations = appStateDeclarations
        copy.headerBuilder = headerBuilder?.copy()
        return copy
    }

    /// Takes `other`'s identifier, custom data, direction, declared state, event stream and
    /// navigation item: what the view itself gives, not the app's state declarations nor the
    /// component builders.
    private func takeViewFields(of other: ViewModelBuilder) {
        viewIdentifier = other.viewIdentifier
        customData = other.customData
        layoutDirection = other.layoutDirection
        stateDeclarations = other.stateDeclarations
        eventStreamURL = other.eventStreamURL
        storedNavigationItem = other.storedNavigationItem
    }

    /// Takes on `other`'s content when this builder has none, sharing its component builders as a
    /// ``snapshot()`` does (each side copies one before changing it): a view's content read once
    /// (a live document) goes into each view's builder without being read again. False, with
    /// nothing changed, when this builder has content of its own.
    func adoptContent(of other: ViewModelBuilder) -> Bool {
        guard isEmpty, viewIdentifier == nil, customData == nil, layoutDirection == nil, storedNavigationItem == nil
        else { return false }
        let shared = other.snapshot()
        takeViewFields(of: shared)
        headerBuilder = shared.headerBuilder
        bodyBuilders = shared.bodyBuilders
        overlayBuilders = shared.overlayBuilders
        // This builder does not own the shared component builders: it copies one before changing it.
        owner = BuilderOwner()
        return true
    }

    // MARK: JSON

    /// Parses `data` and adds its content. An object is read with the view model schema; an array
    /// is read as a list of body component objects. Any other top-level value throws.
    @discardableResult
    public func addJSON(data: Data) throws(JSONError) -> [JSONProblem] {
        try addJSON(data: data, limits: .default)
    }

    /// Parses `data` within `limits` and adds its content, like ``addJSON(data:)``. Nesting and number
    /// literals beyond the limits throw; texts beyond the text limit are cut and body components
    /// beyond the component limit dropped, each reported as a problem.
    ///
    /// With a schema of plain key paths (the default schema, and custom schemas that only rename
    /// keys), the body's components go from bytes to builders in one pass, without a value tree; the
    /// results are those of reading the tree first. When the document is invalid, the builder is left
    /// as it was.
    @discardableResult
    public func addJSON(data: Data, limits: ContentLimits) throws(JSONError) -> [JSONProblem] {
        try addJSON(data: data, limits: limits, onFirstPart: nil)
    }

    /// ``addJSON(data:limits:)`` for hub-validate: `recorder` notes where values start as the
    /// document is read, so that every problem comes with its value's offset (`JSONProblem.offset`)
    /// and, when the document is refused, tells the path being read where it stopped.
    package func addJSON(data: Data, limits: ContentLimits,
                         locatingProblemsWith recorder: JSONOffsetRecorder) throws(JSONError) -> [JSONProblem]
    {
        try addJSON(data: data, limits: limits, onFirstPart: nil, recorder: recorder).map { $0.located(by: recorder) }
    }

    /// ``addJSON(data:limits:)`` that also hands `onFirstPart` the view as far as it has been read
    /// once a long document (``streamingThreshold`` bytes or more, read in one pass) has its first
    /// screens of body components, on the calling thread: a builder of its own, to be shown before
    /// the rest is read. The part may hold the first components of a document that turns out to be
    /// invalid further on. With `partNeedsRestOf` above 0, the part is handed over only when the
    /// rest is expected to take at least that many seconds to read, judging by the pace so far (see
    /// ``partWorthShowing``). `recorder` (hub-validate's) notes where values start.
    func addJSON(data: Data, limits: ContentLimits, onFirstPart: ((ViewModelBuilder) -> Void)?,
                 partNeedsRestOf: Double = 0, recorder: JSONOffsetRecorder? = nil) throws(JSONError) -> [JSONProblem]
    {
        // A builder that already has body components is read through the tree: undoing a document that
        // fails half-way would mean undoing its merges into them. So is one that notes what its client
        // changes (hub-validate's), which needs every component's place.
        guard !data.isEmpty, bodyBuilders.isEmpty, context.fallbackNotes == nil,
            let compiled = CompiledJSONSchema(context.schema)
        else {
            return try addJSONThroughValueTree(data: data, limits: limits, recorder: recorder)
        }
        let result: Result<[JSONProblem]?, JSONError> = data.withUnsafeBytes { raw in
            var reader = ViewDocumentReader(bytes: raw.bindMemory(to: UInt8.self), compiled: compiled, builder: self,
                                            limits: limits, onFirstPart: onFirstPart, partNeedsRestOf: partNeedsRestOf,
                                            recorder: recorder)
            do throws(JSONError) {
                return .success(try reader.read())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let problems?):
            return problems
        case .success(nil):
            bodyBuilders.removeAll()
            return try addJSONThroughValueTree(data: data, limits: limits, recorder: recorder)
        case .failure(let error):
            bodyBuilders.removeAll()
            throw error
        }
    }

    /// Documents from this size on hand over their first part while the rest is read (a
    /// `JSONContentOperation` shows it at once). Smaller ones take a few milliseconds at most.
    static let streamingThreshold = 1 << 20

    /// How long the rest of a document must be expected to take for its first part to be worth
    /// showing: a frame at 60 Hz. A part shown costs a frame of its own, and the whole then lays out
    /// and draws again with the scroll bar's length changed; when the rest is read within a frame,
    /// showing the whole at once puts the first rows on screen at most a frame later and every row
    /// sooner.
    static let partWorthShowing = 1.0 / 60

    /// The first part of a document of which only `prefix` has arrived (a download in progress):
    /// the view as far as its first screens of body components, read from the prefix into a builder
    /// of its own, or nil when the prefix does not hold that many yet (or the document cannot be
    /// read in one pass). The receiver is left as it was; the read stops being useful where the
    /// prefix ends, and its error there is expected and dropped.
    func firstPart(ofPrefix prefix: Data, limits: ContentLimits) -> ViewModelBuilder? {
        guard !prefix.isEmpty, bodyBuilders.isEmpty, let compiled = CompiledJSONSchema(context.schema) else { return nil }
        let scratch = snapshot()
        var part: ViewModelBuilder?
        prefix.withUnsafeBytes { raw in
            var reader = ViewDocumentReader(bytes: raw.bindMemory(to: UInt8.self), compiled: compiled, builder: scratch,
                                            limits: limits, onFirstPart: { part = $0 }, partOfAnySize: true)
            _ = try? reader.read()
        }
        return part
    }

    /// Parses `data` into a value tree, then adds it: the path for schemas that do not compile into
    /// key tables, and the reference the one-pass reader's results are held to.
    func addJSONThroughValueTree(data: Data, limits: ContentLimits,
                                 recorder: JSONOffsetRecorder? = nil) throws(JSONError) -> [JSONProblem]
    {
        let value = try JSONParser(limits: limits).parse(data, recording: recorder)
        let problems = JSONProblemCollector(limits: limits)
        switch value {
        case .object(let object):
            apply(object, at: nil, problems: problems, depth: 0, documentBytes: data.count)
        case .array(let elements):
            let templates = listTemplates(limits)
            for (offset, element) in elements.enumerated() {
                let location = JSONLocation.index(offset, in: nil)
                guard admitsBodyComponent(at: location, problems: problems) else { break }
                guard case .object(let object) = element else {
                    problems.reportTypeMismatch(expected: "an object", found: element, at: location)
                    continue
                }
                applyComponent(object, at: location, problems: problems, depth: 1, templates: templates,
                               into: bodyBuilder(forOptionalIdentifier:))
            }
            compileBindings(problems: problems)
        default:
            throw JSONError.unexpectedTopLevelValue(expected: "an object or an array", found: value.kindDescription)
        }
        return problems.problems
    }

    @discardableResult
    public func addJSON(dictionary: JSONObject) -> [JSONProblem] {
        problemsReading { apply(dictionary, at: nil, problems: $0, depth: 0) }
    }

    /// Adds a view model object; `depth` is the nesting depth of the component owning this view
    /// (0 for the top level), its components sit one level deeper. `streamedBody` holds the problems
    /// of a body that the one-pass reader has already added: they are reported where the body would be.
    /// `templates` are the view's templates when the one-pass reader has read them already;
    /// `templateBudget` is the enclosing document's, for the view in a component's target.
    func apply(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector, depth: Int,
               streamedBody: ViewDocumentReader.BodyProblems? = nil, templates givenTemplates: ComponentTemplates? = nil,
               documentBytes: Int? = nil, templateBudget: TemplateBudget? = nil)
    {
        let root = JSONValue.object(json)
        let schema = context.schema.viewModelSchema
        context.schema.unknownKeyCheck?.checkView(json, at: location, problems: problems)
        let templates = givenTemplates ?? templates(of: json, at: location, limits: problems.limits,
                                                     documentBytes: documentBytes, budget: templateBudget)
        if let templates { problems.append(templates.definitionProblems) }
        if let found = schema.identifierPath.first(in: root, at: location, problems: problems) {
            viewIdentifier = found.value
        }
        if let found = schema.navigationBarTitlePath.first(in: root, at: location, problems: problems) {
            // A title reaches the window system as well as a label: bounded like every text.
            navigationBarTitle = problems.boundedText(found.value, at: found.location)
        }
        if let state = json[Self.stateKey] {
            let stateLocation = JSONLocation.key(Self.stateKey, in: location)
            if case .object(let object) = state {
                for variable in StateDeclarationsReader(limits: problems.limits)
                    .read(object, at: stateLocation, problems: problems).variables
                where stateDeclarations.variable(named: variable.name) == nil {
                    // Each part or page of a view may declare variables: together they stay within
                    // the limit too.
                    guard stateDeclarations.variables.count < problems.limits.maximumStateVariables else {
                        problems.report("more than \(problems.limits.maximumStateVariables) variables are declared for "
                            + "this view (the limit maximumStateVariables); \"\(variable.name)\" and the rest were ignored",
                            at: .key(variable.name, in: stateLocation))
                        break
                    }
                    stateDeclarations.add(variable)
                }
            } else {
                problems.reportTypeMismatch(expected: "an object", found: state, at: stateLocation)
            }
        }
        if let events = json[Self.eventsKey] {
            if case .string(let text) = events, !text.isEmpty, text.utf8.count <= 8_192 {
                eventStreamURL = text
            } else {
                problems.reportTypeMismatch(expected: "the URL of an event stream", found: events,
                                            at: .key(Self.eventsKey, in: location))
            }
        }
        if let found = schema.headerComponentModelDictionaryPath.first(in: root, at: location, problems: problems) {
            applyComponent(found.value, at: found.location, problems: problems, depth: depth + 1,
                           templates: templates) { identifier in
                self.headerBuilder(withIdentifier: identifier)
            }
        }
        if let streamedBody {
            problems.append(streamedBody.shapes)
            problems.append(streamedBody.components)
        }
        for found in schema.bodyComponentModelDictionariesPath.locatedValues(in: root, at: location, problems: problems) {
            guard depth > 0 || admitsBodyComponent(at: found.location, problems: problems) else { break }
            applyComponent(found.value, at: found.location, problems: problems, depth: depth + 1,
                templates: templates, into: bodyBuilder(forOptionalIdentifier:))
        }
        for found in schema.overlayComponentModelDictionariesPath.locatedValues(in: root, at: location, problems: problems) {
            applyComponent(found.value, at: found.location, problems: problems, depth: depth + 1,
                templates: templates, into: overlayBuilder(forOptionalIdentifier:))
        }
        if let found = schema.customDataPath.first(in: root, at: location, problems: problems) {
            customData = mergeJSONObject(customData, with: found.value)
        }
        if let found = schema.layoutDirectionPath.first(in: root, at: location, problems: problems) {
            if let direction = LayoutDirection(rawValue: found.value) {
                layoutDirection = direction
            } else {
                problems.report("expected \"ltr\" or \"rtl\", found \(JSONWriter().string(for: .string(found.value)))",
                                at: found.location)
            }
        }
        compileBindings(problems: problems)
    }

    /// The key of a view's variables: the framework's own, the same in every schema.
    static let stateKey = "state"
    /// The key of a view's event stream, the framework's own like ``stateKey``.
    static let eventsKey = "events"

    /// Compiles the expressions, visibility, inputs and actions of the components read since the
    /// last time, against the app's and the view's variables (`BindingCompiler`).
    func compileBindings(problems: JSONProblemCollector) {
        BindingCompiler(limits: problems.limits).compile(self, app: appStateDeclarations, problems: problems)
    }

    /// Calls `body` with every top-level component builder (header, body, overlays) that may hold
    /// bindings, without copying shared builders.
    func forEachComponentBuilder(_ body: (ComponentModelBuilder, JSONLocation?) -> Void) {
        if let headerBuilder { body(headerBuilder, nil) }
        // A plain row read as a record has nothing that depends on state.
        for builder in bodyBuilders.builders { body(builder, nil) }
        for builder in overlayBuilders.builders { body(builder, nil) }
    }

    /// The templates of a document that is a list of components: none, but the components may still
    /// name one (and be told that it is unknown). Nil when the schema reads no templates.
    func listTemplates(_ limits: ContentLimits) -> ComponentTemplates? {
        context.schema.readsTemplates ? ComponentTemplates(limits: limits, schema: context.schema) : nil
    }

    /// The templates the view object `json` declares, with the problems of their definitions; nil
    /// when the schema reads no templates. The view in a component's target shares its document's
    /// `budget`.
    func templates(of json: JSONObject, at location: JSONLocation?, limits: ContentLimits,
                   documentBytes: Int? = nil, budget: TemplateBudget? = nil) -> ComponentTemplates? {
        guard context.schema.readsTemplates else { return nil }
        guard let definitions = json[ComponentTemplates.definitionsKey] else {
            return ComponentTemplates(limits: limits, schema: context.schema, budget: budget)
        }
        return ComponentTemplates(definitions, at: .key(ComponentTemplates.definitionsKey, in: location), limits: limits,
                                  schema: context.schema, documentBytes: documentBytes, budget: budget)
    }

    /// False once the view has as many body components as the limits allow: the component at
    /// `location` and the ones after it are dropped, reported once.
    func admitsBodyComponent(at location: JSONLocation?, problems: JSONProblemCollector) -> Bool {
        let maximum = problems.limits.maximumComponentCount
        guard bodyBuilders.count >= maximum else { return true }
        problems.report("the view already has \(maximum) body components, the limit; this component and the "
            + "ones after it were dropped", at: location)
        return false
    }

    private func applyComponent(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
        depth: Int, templates: ComponentTemplates?, into builderFor: (String?) -> ComponentModelBuilder)
    {
        ComponentModelBuilder.applyComponent(json, at: location, problems: problems, depth: depth,
            context: context, templates: templates, into: builderFor)
    }
}
