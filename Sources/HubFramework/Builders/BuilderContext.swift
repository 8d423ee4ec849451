/// What every builder of one view model shares: the schema to read JSON with, the component
/// defaults for new component model builders, and the resolvers for icons and local images.
struct BuilderContext: Sendable {
    let schema: JSONSchema
    let componentDefaults: ComponentDefaults
    let iconImageResolver: (any IconImageResolver)?
    let localImageResolver: (any LocalImageResolver)?
}
