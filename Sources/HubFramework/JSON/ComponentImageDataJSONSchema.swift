/// The paths a `JSONSchema` uses to read image data. The initial values are the default keys.
///
/// `Sendable` on the promise that the paths are no longer changed once the schema is shared.
public final class ComponentImageDataJSONSchema: @unchecked Sendable {
    /// Where to download the image (default `uri`).
    public var urlPath: JSONURLPath
    /// Default `placeholder`.
    public var placeholderIconIdentifierPath: JSONStringPath
    /// The name of an image for the local image resolver (default `local`).
    public var localImageNamePath: JSONStringPath
    /// Default `custom`.
    public var customDataPath: JSONDictionaryPath

    /// A schema with the default keys.
    public init() {
        let root = MutableJSONPath()
        urlPath = root.goTo("uri").urlPath()
        placeholderIconIdentifierPath = root.goTo("placeholder").stringPath()
        localImageNamePath = root.goTo("local").stringPath()
        customDataPath = root.goTo("custom").dictionaryPath()
    }

    /// A new schema with the same paths.
    public func copy() -> ComponentImageDataJSONSchema {
        let copy = ComponentImageDataJSONSchema()
        copy.urlPath = urlPath
        copy.placeholderIconIdentifierPath = placeholderIconIdentifierPath
        copy.localImageNamePath = localImageNamePath
        copy.customDataPath = customDataPath
        return copy
    }
}
