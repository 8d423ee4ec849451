import Foundation

/// Holds the default JSON schema and the custom schemas features refer to by identifier.
///
/// Thread-safe. Registered schemas are returned as they are (the same instance); register a
/// schema only once its paths are final.
public final class JSONSchemaRegistry: @unchecked Sendable {
    /// The schema used by features without a (known) custom schema.
    public let defaultSchema: JSONSchema

    private let lock = NSLock()
    private var customSchemas: [String: JSONSchema] = [:]

    /// Creates a registry without custom schemas.
    /// - Parameter defaultSchema: the schema for features without a custom one, and the template
    ///   ``createNewSchema()`` copies.
    public init(defaultSchema: JSONSchema) {
        self.defaultSchema = defaultSchema
    }

    /// A registry whose default schema uses the default keys.
    public convenience init(componentDefaults: ComponentDefaults, iconImageResolver: (any IconImageResolver)?,
        localImageResolver: (any LocalImageResolver)? = nil)
    {
        self.init(defaultSchema: JSONSchema(componentDefaults: componentDefaults,
            iconImageResolver: iconImageResolver, localImageResolver: localImageResolver))
    }

    /// A copy of the default schema, to customize and register.
    public func createNewSchema() -> JSONSchema {
        defaultSchema.copy()
    }

    /// A copy of the schema registered as `identifier`, or nil when there is none.
    public func copySchema(withIdentifier identifier: String) -> JSONSchema? {
        customSchema(forIdentifier: identifier)?.copy()
    }

    /// Registers `schema` as `identifier`. Throws when the identifier is taken.
    public func registerCustomSchema(_ schema: JSONSchema, forIdentifier identifier: String) throws(RegistrationError) {
        lock.lock()
        defer { lock.unlock() }
        guard customSchemas[identifier] == nil else {
            throw RegistrationError(kind: "JSON schema", identifier: identifier, reason: .duplicate)
        }
        customSchemas[identifier] = schema
    }

    /// Removes the schema registered as `identifier` (nothing happens when there is none).
    public func unregisterCustomSchema(withIdentifier identifier: String) {
        lock.lock()
        defer { lock.unlock() }
        customSchemas[identifier] = nil
    }

    /// The schema registered as `identifier` (the registered instance), or nil.
    public func customSchema(forIdentifier identifier: String) -> JSONSchema? {
        lock.lock()
        defer { lock.unlock() }
        return customSchemas[identifier]
    }

    /// The schema registered as `identifier`, or the default schema when the identifier is nil or unknown.
    public func schema(forIdentifier identifier: String?) -> JSONSchema {
        identifier.flatMap(customSchema(forIdentifier:)) ?? defaultSchema
    }
}
