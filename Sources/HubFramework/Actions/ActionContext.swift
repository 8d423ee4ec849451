import Foundation

/// Everything an action (or an action handler or observer) knows about the event.
@MainActor
public struct ActionContext {
    /// What caused the action.
    public let trigger: ActionTrigger
    /// The action's identifier, or nil for the default selection action.
    public let customActionIdentifier: Identifier?
    /// Data passed along by whoever performed the action.
    public let customData: JSONObject?
    /// The feature whose view the action happened in.
    public let featureInfo: FeatureInfo
    /// The URI of the view the action happened in.
    public let viewURI: URL
    /// The view model the view showed when the action was performed. Chained actions get the one
    /// of the action that started the chain.
    public let viewModel: ViewModel
    /// The component the action is about; nil for actions performed by content operations.
    public let componentModel: ComponentModel?
    /// The view controller the action happened in (a HubGTK `ViewController`).
    public private(set) weak var viewController: AnyObject?
    /// Where the content of the view came from: what the action may open on the content's behalf
    /// (``ContentOriginPolicy``). `.local` for actions the app performs itself.
    public let contentOrigin: ContentOrigin
    /// The state of the view the action happens in: an action reads the view's variables (and the
    /// app's) here, and may change them; what reads a changed variable re-renders. Nil in a context
    /// made without a view; set it to call an action with a state of your own (in a test).
    public var viewState: ViewState?

    /// Creates a context. The view controller builds one for every action it performs; create
    /// your own to call an ``Action`` or an ``ActionHandler`` directly, for example in a test.
    ///
    /// - Parameters:
    ///   - trigger: what caused the action.
    ///   - customActionIdentifier: the action's `namespace:name`; nil for the default selection action.
    ///   - customData: data for the action; nil when there is none.
    ///   - featureInfo: the feature of the view.
    ///   - viewURI: the URI of the view.
    ///   - viewModel: the view model the view shows.
    ///   - componentModel: the component the action is about; nil when a content operation performs it.
    ///   - viewController: the view controller, held weakly.
    ///   - contentOrigin: where the view's content came from.
    public init(trigger: ActionTrigger, customActionIdentifier: Identifier?, customData: JSONObject?,
                featureInfo: FeatureInfo, viewURI: URL, viewModel: ViewModel, componentModel: ComponentModel?,
                viewController: AnyObject?, contentOrigin: ContentOrigin)
    {
        self.contentOrigin = contentOrigin
        self.trigger = trigger
        self.customActionIdentifier = customActionIdentifier
        self.customData = customData
        self.featureInfo = featureInfo
        self.viewURI = viewURI
        self.viewModel = viewModel
        self.componentModel = componentModel
        self.viewController = viewController
    }

    /// Creates a context for the app's own content (``contentOrigin`` `.local`), as before contexts
    /// carried an origin.
    ///
    /// - Parameters:
    ///   - trigger: what caused the action.
    ///   - customActionIdentifier: the action's `namespace:name`; nil for the default selection action.
    ///   - customData: data for the action; nil when there is none.
    ///   - featureInfo: the feature of the view.
    ///   - viewURI: the URI of the view.
    ///   - viewModel: the view model the view shows.
    ///   - componentModel: the component the action is about; nil when a content operation performs it.
    ///   - viewController: the view controller, held weakly.
    public init(trigger: ActionTrigger, customActionIdentifier: Identifier?, customData: JSONObject?,
                featureInfo: FeatureInfo, viewURI: URL, viewModel: ViewModel, componentModel: ComponentModel?,
                viewController: AnyObject?)
    {
        self.init(trigger: trigger, customActionIdentifier: customActionIdentifier, customData: customData,
                  featureInfo: featureInfo, viewURI: viewURI, viewModel: viewModel, componentModel: componentModel,
                  viewController: viewController, contentOrigin: .local)
    }
}

/// What caused an action to be performed.
public enum ActionTrigger: Sendable, Hashable {
    /// The user selected a component.
    case selection
    /// A component performed the action itself.
    case component
    /// A content operation performed the action.
    case contentOperation
    /// An asynchronous action chained to this one. Declared for completeness: chained actions
    /// keep the trigger of the action that started the chain (see docs/actions.md).
    case chained
}
