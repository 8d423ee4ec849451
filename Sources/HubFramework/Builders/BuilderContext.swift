/// What every builder of one view model shares: the schema to read JSON with, the component
/// defaults for new component model builders, and the resolvers for icons and local images.
struct BuilderContext: Sendable {
    let schema: JSONSchema
    let componentDefaults: ComponentDefaults
    let iconImageResolver: (any IconImageResolver)?
    let localImageResolver: (any LocalImageResolver)?
}

extension BuilderContext {
    /// The context of a stand-alone builder: `schema` with its own component defaults and resolvers.
    init(schema: JSONSchema) {
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
