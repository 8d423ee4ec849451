import Foundation

/// Describes how JSON maps onto view models: four bags of paths, one per kind of builder, plus
/// what builders need to build models on their own (component defaults and image resolvers).
///
/// The default schema reads the documented default keys (see docs/json.md). A feature can use a
/// custom schema: take a copy from the `JSONSchemaRegistry`, change paths, register it.
///
/// Sendable on a promise: configure a schema's paths before sharing it (registering it or
/// handing it to builders) and never change them afterwards.
public final class JSONSchema: @unchecked Sendable {
    /// Components nested deeper than this in JSON (through `children` or target views) are ignored
    /// and reported. JSON text cannot even get there: the parser's depth limit stops it first.
    public static let maximumComponentDepth = 256

    /// The paths a ``ViewModelBuilder`` reads: identifier, title, header, body, overlays, custom data.
    public let viewModelSchema: ViewModelJSONSchema
    /// The paths a ``ComponentModelBuilder`` reads: component, texts, images, target, data, children.
    public let componentModelSchema: ComponentModelJSONSchema
    /// The paths a ``ComponentImageDataBuilder`` reads: URL, placeholder, local image, custom data.
    public let componentImageDataSchema: ComponentImageDataJSONSchema
    /// The paths a ``ComponentTargetBuilder`` reads: URI, initial view, actions, custom data.
    public let componentTargetSchema: ComponentTargetJSONSchema

    /// What new component model builders start with when the schema builds view models itself.
    public let componentDefaults: ComponentDefaults
    /// Resolves icons of models built by the schema itself; without one, models have no icons.
    public let iconImageResolver: (any IconImageResolver)?
    /// Resolves `local` images of models built by the schema itself.
    public let localImageResolver: (any LocalImageResolver)?

    /// Whether a member the schema does not read (a misspelt key, such as `"titel"`) is reported as a
    /// located warning with the nearest key it knows: `unknown key "titel"; did you mean "title"?`.
    ///
    /// A schema made with the default keys reports them as long as its keys stay the defaults. One
    /// whose paths were changed (a custom schema, usually reading documents nobody designed for the
    /// hub, such as an API's responses full of members it does not need) is silent until it opts in
    /// by setting this to true; false turns the check off for any schema. Objects whose members are
    /// free-form (custom data, metadata, logging data, the map of custom images) are never checked,
    /// and only schemas whose paths are plain keys can be. Configure the paths first: the check is
    /// made from them when the schema first reads a document.
    public var reportsUnknownKeys: Bool {
        get {
            switch withCheckState({ $0.mode }) {
            case .off: return false
            case .on: return UnknownKeyCheck(self) != nil
            case .whileKeysAreTheDefaults: return UnknownKeyCheck(self)?.readsTheDefaultKeys == true
            }
        }
        set {
            withCheckState { $0 = CheckState(mode: newValue ? .on : .off) }
        }
    }

    /// When unknown keys are reported, and the check once made.
    private struct CheckState {
        enum Mode { case off, on, whileKeysAreTheDefaults }
        var mode: Mode
        var check: UnknownKeyCheck?? = nil
        var readsTemplates: Bool? = nil
    }

    private let checkLock = NSLock()
    /// Guarded by `checkLock`.
    private var checkStateStorage = CheckState(mode: .off)

    private func withCheckState<T>(_ body: (inout CheckState) -> T) -> T {
        checkLock.withLock { body(&checkStateStorage) }
    }

    /// Whether documents read with this schema may declare and use templates
    /// (`ComponentTemplates`): only when it reads the default keys, since a template is a partial
    /// component in those keys, and `template` or `templates` may mean anything in a document
    /// read with keys of its own. Decided from the paths at the first document read.
    var readsTemplates: Bool {
        withCheckState { state in
            if let reads = state.readsTemplates { return reads }
            let reads = UnknownKeyCheck(self)?.readsTheDefaultKeys == true
            state.readsTemplates = reads
            return reads
        }
    }

    /// The check ``reportsUnknownKeys`` asks for, made from the paths at the first document read.
    var unknownKeyCheck: UnknownKeyCheck? {
        withCheckState { state in
            if let check = state.check { return check }
            let check: UnknownKeyCheck?
            switch state.mode {
            case .off: check = nil
            case .on: check = UnknownKeyCheck(self)
            case .whileKeysAreTheDefaults: check = UnknownKeyCheck(self).flatMap { $0.readsTheDefaultKeys ? $0 : nil }
            }
            state.check = .some(check)
            return check
        }
    }

    /// A schema with the default keys. It reports unknown keys (``reportsUnknownKeys``).
    public convenience init(componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
        localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.init(viewModelSchema: ViewModelJSONSchema(), componentModelSchema: ComponentModelJSONSchema(),
            componentImageDataSchema: ComponentImageDataJSONSchema(), componentTargetSchema: ComponentTargetJSONSchema(),
            componentDefaults: componentDefaults, iconImageResolver: iconImageResolver,
            localImageResolver: localImageResolver)
        withCheckState { $0.mode = .whileKeysAreTheDefaults }
    }

    /// A schema made of the given sub-schemas (which it uses as they are, without copying).
    public init(viewModelSchema: ViewModelJSONSchema, componentModelSchema: ComponentModelJSONSchema,
        componentImageDataSchema: ComponentImageDataJSONSchema, componentTargetSchema: ComponentTargetJSONSchema,
        componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
        localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.viewModelSchema = viewModelSchema
        self.componentModelSchema = componentModelSchema
        self.componentImageDataSchema = componentImageDataSchema
        self.componentTargetSchema = componentTargetSchema
        self.componentDefaults = componentDefaults
        self.iconImageResolver = iconImageResolver
        self.localImageResolver = localImageResolver
    }

    /// An empty path to start a custom path from.
    public func createNewPath() -> MutableJSONPath {
        MutableJSONPath()
    }

    /// A deep copy: new sub-schemas holding the same (immutable) paths. It reports unknown keys
    /// (``reportsUnknownKeys``) as the original does: a copy of the default schema does while its
    /// keys stay the defaults, and goes silent when its paths are changed.
    public func copy() -> JSONSchema {
        let copy = JSONSchema(viewModelSchema: viewModelSchema.copy(), componentModelSchema: componentModelSchema.copy(),
            componentImageDataSchema: componentImageDataSchema.copy(),
            componentTargetSchema: componentTargetSchema.copy(), componentDefaults: componentDefaults,
            iconImageResolver: iconImageResolver, localImageResolver: localImageResolver)
        let mode = withCheckState { $0.mode }
        copy.withCheckState { $0.mode = mode }
        return copy
    }

    /// A new view model builder that uses this schema, its component defaults and its resolvers.
    public func makeViewModelBuilder() -> ViewModelBuilder {
        ViewModelBuilder(schema: self)
    }

    /// A new view model builder that uses this schema, its component defaults and its resolvers, and
    /// reads documents for a client that can show `clientCapabilities`: a component that needs
    /// something the client lacks is replaced by its `fallback` (``ViewModelBuilder/clientCapabilities``).
    /// Nil is ``makeViewModelBuilder()``.
    public func makeViewModelBuilder(clientCapabilities: ClientCapabilities?) -> ViewModelBuilder {
        ViewModelBuilder(context: BuilderContext(schema: self, componentDefaults: componentDefaults,
            iconImageResolver: iconImageResolver, localImageResolver: localImageResolver,
            clientCapabilities: clientCapabilities))
    }

    /// Builds a view model from a JSON object. Unusable parts are ignored.
    public func viewModel(from dictionary: JSONObject) -> ViewModel {
        let builder = makeViewModelBuilder()
        builder.addJSON(dictionary: dictionary)
        return builder.build()
    }

    /// Builds a view model from JSON data (an object, or an array of body component objects).
    public func viewModel(from data: Data) throws(JSONError) -> ViewModel {
        let builder = makeViewModelBuilder()
        try builder.addJSON(data: data)
        return builder.build()
    }
}
