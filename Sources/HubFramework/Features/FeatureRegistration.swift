import Foundation

/// A registered feature: which view URIs it handles and how their content is loaded.
@MainActor
public final class FeatureRegistration {
    /// The name the feature was registered under; unique in its registry.
    public let identifier: String
    /// A title for people: the navigation title of views that set none, and the viewer's label
    /// for the feature.
    public let title: String
    /// Decides which view URIs the feature handles; the first feature whose predicate accepts a
    /// URI gets it.
    public let viewURIPredicate: ViewURIPredicate
    /// Creates the content loading chain, in order.
    public let contentOperationFactories: [any ContentOperationFactory]
    /// Nil means "always reload" unless the manager has a default policy.
    public let contentReloadPolicy: (any ContentReloadPolicy)?
    /// The identifier of a JSON schema registered in the schema registry; unknown ids fall back
    /// to the default schema.
    public let customJSONSchemaIdentifier: String?
    /// Handles actions in the feature's views before the action objects run.
    public let actionHandler: (any ActionHandler)?
    /// View URIs people can open, shown by the viewer (completion, the error page, the root view).
    public let exampleViewURIs: [URL]
    /// Feature-specific options for the rendering layer (for example a scroll handler).
    public let options: [String: String]
    /// An object the rendering layer understands (HubGTK: a `ViewControllerScrollHandler`).
    public let scrollHandler: AnyObject?

    init(identifier: String, title: String, viewURIPredicate: ViewURIPredicate,
         contentOperationFactories: [any ContentOperationFactory], contentReloadPolicy: (any ContentReloadPolicy)?,
         customJSONSchemaIdentifier: String?, actionHandler: (any ActionHandler)?, exampleViewURIs: [URL],
         options: [String: String], scrollHandler: AnyObject?)
    {
        self.identifier = identifier
        self.title = title
        self.viewURIPredicate = viewURIPredicate
        self.contentOperationFactories = contentOperationFactories
        self.contentReloadPolicy = contentReloadPolicy
        self.customJSONSchemaIdentifier = customJSONSchemaIdentifier
        self.actionHandler = actionHandler
        self.exampleViewURIs = exampleViewURIs
        self.options = options
        self.scrollHandler = scrollHandler
    }

    /// The feature's identity as content operations and actions see it.
    public var featureInfo: FeatureInfo { FeatureInfo(identifier: identifier, title: title) }
}
