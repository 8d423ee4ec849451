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

    /// A schema with the default keys.
    public convenience init(componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
        localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.init(viewModelSchema: ViewModelJSONSchema(), componentModelSchema: ComponentModelJSONSchema(),
            componentImageDataSchema: ComponentImageDataJSONSchema(), componentTargetSchema: ComponentTargetJSONSchema(),
            componentDefaults: componentDefaults, iconImageResolver: iconImageResolver,
            localImageResolver: localImageResolver)
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

    /// A deep copy: new sub-schemas holding the same (immutable) paths.
    public func copy() -> JSONSchema {
        JSONSchema(viewModelSchema: viewModelSchema.copy(), componentModelSchema: componentModelSchema.copy(),
            componentImageDataSchema: componentImageDataSchema.copy(),
            componentTargetSchema: componentTargetSchema.copy(), componentDefaults: componentDefaults,
            iconImageResolver: iconImageResolver, localImageResolver: localImageResolver)
    }

    /// A new view model builder that uses this schema, its component defaults and its resolvers.
    public func makeViewModelBuilder() -> ViewModelBuilder {
        ViewModelBuilder(schema: self)
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
