import Foundation
import HubFramework

/// What an action needs to know of the view it happens in, made by the view controller for each
/// action: the feature, the URI, the view model shown, where its content came from, the live
/// components (the action observers among them), who hears what follows the action, and the
/// controller itself (for ``/HubFramework/ActionContext/viewController``, which holds it weakly too:
/// no part of the controller, nor a value it hands out, keeps it alive).
@MainActor
struct ActionSite {
    let featureInfo: FeatureInfo
    let viewURI: URL
    let viewModel: ViewModel
    let contentOrigin: ContentOrigin
    private(set) weak var viewController: AnyObject?
    /// The view's state, for ``/HubFramework/ActionContext/viewState``.
    let viewState: ViewState
    /// Every component wrapper in use when asked (the action observers among them).
    let liveWrappers: @MainActor () -> [ComponentWrapper]
    /// Hears what follows an action: the view controller tells its content operations and its
    /// delegate. (A chained asynchronous action's later steps are heard too, while the view lives.)
    let notify: @MainActor (ActionRouter.Event) -> Void
}
