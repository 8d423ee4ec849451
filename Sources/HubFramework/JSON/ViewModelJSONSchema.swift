/// The paths a `JSONSchema` uses to read a view model. The initial values are the default keys.
///
/// A schema is configured once and then shared: it is `Sendable` on the promise that its paths
/// are no longer changed after it has been handed to builders or registered.
public final class ViewModelJSONSchema: @unchecked Sendable {
    /// The view identifier (default `id`).
    public var identifierPath: JSONStringPath
    /// The navigation bar title (default `title`).
    public var navigationBarTitlePath: JSONStringPath
    /// The header component model (default `header`).
    public var headerComponentModelDictionaryPath: JSONDictionaryPath
    /// Every body component model (default `body[*]`).
    public var bodyComponentModelDictionariesPath: JSONDictionaryPath
    /// Every overlay component model (default `overlays[*]`).
    public var overlayComponentModelDictionariesPath: JSONDictionaryPath
    /// Custom data, merged into the builder's (default `custom`).
    public var customDataPath: JSONDictionaryPath
    /// The direction the view's rows read in, `ltr` or `rtl` (default `direction`); see
    /// ``ViewModel/layoutDirection``.
    public var layoutDirectionPath: JSONStringPath

    /// A schema with the default keys.
    public init() {
        let root = MutableJSONPath()
        identifierPath = root.goTo("id").stringPath()
        navigationBarTitlePath = root.goTo("title").stringPath()
        headerComponentModelDictionaryPath = root.goTo("header").dictionaryPath()
        bodyComponentModelDictionariesPath = root.goTo("body").forEach().dictionaryPath()
        overlayComponentModelDictionariesPath = root.goTo("overlays").forEach().dictionaryPath()
        customDataPath = root.goTo("custom").dictionaryPath()
        layoutDirectionPath = root.goTo("direction").stringPath()
    }

    /// A new schema with the same paths.
    public func copy() -> ViewModelJSONSchema {
        let copy = ViewModelJSONSchema()
        copy.identifierPath = identifierPath
        copy.navigationBarTitlePath = navigationBarTitlePath
        copy.headerComponentModelDictionaryPath = headerComponentModelDictionaryPath
        copy.bodyComponentModelDictionariesPath = bodyComponentModelDictionariesPath
        copy.overlayComponentModelDictionariesPath = overlayComponentModelDictionariesPath
        copy.customDataPath = customDataPath
        copy.layoutDirectionPath = layoutDirectionPath
        return copy
    }
}
