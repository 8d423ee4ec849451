/// The paths a `JSONSchema` uses to read a component model. The initial values are the default keys.
///
/// `Sendable` on the promise that the paths are no longer changed once the schema is shared.
public final class ComponentModelJSONSchema: @unchecked Sendable {
    /// The model identifier, read by the parent builder to pick the builder (default `id`).
    public var identifierPath: JSONStringPath
    /// Default `group`.
    public var groupIdentifierPath: JSONStringPath
    /// `namespace:name` of the component (default `component.id`).
    public var componentIdentifierPath: JSONStringPath
    /// Default `component.category`.
    public var componentCategoryPath: JSONStringPath
    /// Default `text.title`.
    public var titlePath: JSONStringPath
    /// Default `text.subtitle`.
    public var subtitlePath: JSONStringPath
    /// Default `text.accessory`.
    public var accessoryTitlePath: JSONStringPath
    /// Default `text.description`.
    public var descriptionTextPath: JSONStringPath
    /// Default `images.main`.
    public var mainImageDataDictionaryPath: JSONDictionaryPath
    /// Default `images.background`.
    public var backgroundImageDataDictionaryPath: JSONDictionaryPath
    /// An object of image data objects keyed by identifier (default `images.custom`).
    public var customImageDataDictionaryPath: JSONDictionaryPath
    /// Default `images.icon`.
    public var iconIdentifierPath: JSONStringPath
    /// Default `target`.
    public var targetDictionaryPath: JSONDictionaryPath
    /// Default `metadata`.
    public var metadataPath: JSONDictionaryPath
    /// Default `logging`.
    public var loggingDataPath: JSONDictionaryPath
    /// Default `custom`.
    public var customDataPath: JSONDictionaryPath
    /// Every child component model (default `children[*]`).
    public var childDictionariesPath: JSONDictionaryPath

    /// A schema with the default keys.
    public init() {
        let root = MutableJSONPath()
        let component = root.goTo("component")
        let text = root.goTo("text")
        let images = root.goTo("images")
        identifierPath = root.goTo("id").stringPath()
        groupIdentifierPath = root.goTo("group").stringPath()
        componentIdentifierPath = component.goTo("id").stringPath()
        componentCategoryPath = component.goTo("category").stringPath()
        titlePath = text.goTo("title").stringPath()
        subtitlePath = text.goTo("subtitle").stringPath()
        accessoryTitlePath = text.goTo("accessory").stringPath()
        descriptionTextPath = text.goTo("description").stringPath()
        mainImageDataDictionaryPath = images.goTo("main").dictionaryPath()
        backgroundImageDataDictionaryPath = images.goTo("background").dictionaryPath()
        customImageDataDictionaryPath = images.goTo("custom").dictionaryPath()
        iconIdentifierPath = images.goTo("icon").stringPath()
        targetDictionaryPath = root.goTo("target").dictionaryPath()
        metadataPath = root.goTo("metadata").dictionaryPath()
        loggingDataPath = root.goTo("logging").dictionaryPath()
        customDataPath = root.goTo("custom").dictionaryPath()
        childDictionariesPath = root.goTo("children").forEach().dictionaryPath()
    }

    /// A new schema with the same paths.
    public func copy() -> ComponentModelJSONSchema {
        let copy = ComponentModelJSONSchema()
        copy.identifierPath = identifierPath
        copy.groupIdentifierPath = groupIdentifierPath
        copy.componentIdentifierPath = componentIdentifierPath
        copy.componentCategoryPath = componentCategoryPath
        copy.titlePath = titlePath
        copy.subtitlePath = subtitlePath
        copy.accessoryTitlePath = accessoryTitlePath
        copy.descriptionTextPath = descriptionTextPath
        copy.mainImageDataDictionaryPath = mainImageDataDictionaryPath
        copy.backgroundImageDataDictionaryPath = backgroundImageDataDictionaryPath
        copy.customImageDataDictionaryPath = customImageDataDictionaryPath
        copy.iconIdentifierPath = iconIdentifierPath
        copy.targetDictionaryPath = targetDictionaryPath
        copy.metadataPath = metadataPath
        copy.loggingDataPath = loggingDataPath
        copy.customDataPath = customDataPath
        copy.childDictionariesPath = childDictionariesPath
        return copy
    }
}
