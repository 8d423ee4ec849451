import Foundation
import HubFramework

/// What an action needs to know of the view it happens in, read from the view controller when the
/// action runs: the feature, the URI, the view model shown, where its content came from, and the
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
}
