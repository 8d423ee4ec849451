import HubFramework

/// Keeps asynchronous actions alive until they finish, then chains to the next action through the
/// closure of the view they ran in (which does nothing once that view is gone).
@MainActor
final class AsyncActionTracker: AsyncActionDelegate {
    static let shared = AsyncActionTracker()
    private var running: [ObjectIdentifier: (action: any AsyncAction, context: ActionContext,
                                             chain: @MainActor (ActionContext) -> Void)] = [:]

    /// Keeps `action` until it finishes; `chain` runs the action it chains to.
    func retain(_ action: any AsyncAction, context: ActionContext, chain: @escaping @MainActor (ActionContext) -> Void) {
        action.delegate = self
        running[ObjectIdentifier(action)] = (action, context, chain)
    }

    var runningCount: Int { running.count }

    func actionDidFinish(_ action: any AsyncAction, chainingTo nextActionIdentifier: Identifier?,
                         customData: JSONObject?)
    {
        guard let entry = running.removeValue(forKey: ObjectIdentifier(action)) else { return }
        guard let next = nextActionIdentifier else { return }
        // The chained action keeps the original trigger (see docs/actions.md).
        var context = ActionContext(trigger: entry.context.trigger, customActionIdentifier: next,
                                    customData: customData, featureInfo: entry.context.featureInfo,
                                    viewURI: entry.context.viewURI, viewModel: entry.context.viewModel,
                                    componentModel: entry.context.componentModel,
                                    viewController: entry.context.viewController,
                                    contentOrigin: entry.context.contentOrigin)
        context.viewState = entry.context.viewState
        entry.chain(context)
    }
}
