/// Creates stand-alone default schemas, for apps that set things up without a schema registry.
public enum JSONSchemaFactory {
    /// A schema with the default keys.
    public static func makeDefaultSchema(componentDefaults: ComponentDefaults,
        iconImageResolver: (any IconImageResolver)?, localImageResolver: (any LocalImageResolver)? = nil) -> JSONSchema
    {
        JSONSchema(componentDefaults: componentDefaults, iconImageResolver: iconImageResolver,
            localImageResolver: localImageResolver)
    }
}
