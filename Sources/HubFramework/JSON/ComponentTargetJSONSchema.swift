/// The paths a `JSONSchema` uses to read a component target. The initial values are the default keys.
///
/// `Sendable` on the promise that the paths are no longer changed once the schema is shared.
public final class ComponentTargetJSONSchema: @unchecked Sendable {
    /// The URI to open (default `uri`).
    public var uriPath: JSONURLPath
    /// An initial view model, read with the view model schema (default `view`).
    public var initialViewModelDictionaryPath: JSONDictionaryPath
    /// Every action identifier, as `namespace:name` strings (default `actions[*]`).
    public var actionIdentifiersPath: JSONStringPath
    /// Default `custom`.
    public var customDataPath: JSONDictionaryPath

    /// A schema with the default keys.
    public init() {
        let root = MutableJSONPath()
        uriPath = root.goTo("uri").urlPath()
        initialViewModelDictionaryPath = root.goTo("view").dictionaryPath()
        actionIdentifiersPath = root.goTo("actions").forEach().stringPath()
        customDataPath = root.goTo("custom").dictionaryPath()
    }

    /// A new schema with the same paths.
    public func copy() -> ComponentTargetJSONSchema {
        let copy = ComponentTargetJSONSchema()
        copy.uriPath = uriPath
        copy.initialViewModelDictionaryPath = initialViewModelDictionaryPath
        copy.actionIdentifiersPath = actionIdentifiersPath
        copy.customDataPath = customDataPath
        return copy
    }
}
