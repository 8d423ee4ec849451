/// What every builder of one view model shares: the schema to read JSON with, the component
/// defaults for new component model builders, and the resolvers for icons and local images.
///
/// A class, so that each of a million component builders holds one reference to it instead of a
/// copy of its six fields (and retains one object when it is made, not four).
final class BuilderContext: Sendable {
    let schema: JSONSchema
    let componentDefaults: ComponentDefaults
    let iconImageResolver: (any IconImageResolver)?
    let localImageResolver: (any LocalImageResolver)?

    init(schema: JSONSchema, componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
         localImageResolver: (any LocalImageResolver)?)
    {
        self.schema = schema
        self.componentDefaults = componentDefaults
        self.iconImageResolver = iconImageResolver
        self.localImageResolver = localImageResolver
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
