/// What every builder of one view model shares: the schema to read JSON with, the component
/// defaults for new component model builders, the resolvers for icons and local images, and the
/// client the documents are read for.
///
/// A class, so that each of a million component builders holds one reference to it instead of a
/// copy of its six fields (and retains one object when it is made, not four).
final class BuilderContext: Sendable {
    let schema: JSONSchema
    let componentDefaults: ComponentDefaults
    let iconImageResolver: (any IconImageResolver)?
    let localImageResolver: (any LocalImageResolver)?
    /// What the client can show: a component it lacks something for is replaced by its fallback
    /// (`ComponentFallback`). Nil: every component stays, and fallbacks are only checked.
    let clientCapabilities: ClientCapabilities?
    /// Where what the client's capabilities changed is noted (hub-validate's); nil for the viewer.
    let fallbackNotes: FallbackNotes?

    init(schema: JSONSchema, componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
         localImageResolver: (any LocalImageResolver)?, clientCapabilities: ClientCapabilities? = nil,
         fallbackNotes: FallbackNotes? = nil)
    {
        self.schema = schema
        self.componentDefaults = componentDefaults
        self.iconImageResolver = iconImageResolver
        self.localImageResolver = localImageResolver
        self.clientCapabilities = clientCapabilities
        self.fallbackNotes = fallbackNotes
    }

    /// This context without a client: for reading, for their problems alone, the components a client
    /// does not show (and so noting nothing about them).
    var withoutClient: BuilderContext {
        BuilderContext(schema: schema, componentDefaults: componentDefaults, iconImageResolver: iconImageResolver,
                       localImageResolver: localImageResolver)
    }

    /// The context of a stand-alone builder: `schema` with its own component defaults and resolvers.
    convenience init(schema: JSONSchema) {
        self.init(schema: schema, componentDefaults: schema.componentDefaults,
            iconImageResolver: schema.iconImageResolver, localImageResolver: schema.localImageResolver)
    }
}

extension BuilderContext {
    /// The icon `identifier` of `kind`, or nil without an identifier or without an icon image resolver.
    func icon(_ identifier: String?, kind: Icon.Kind) -> Icon? {
        guard let identifier, let iconImageResolver else { return nil }
        return Icon(identifier: identifier, kind: kind, resolver: iconImageResolver)
    }
}
