import HubFramework

/// Keeps asynchronous actions alive until they finish, then chains to the next action.
@MainActor
final class AsyncActionTracker: AsyncActionDelegate {
    static let shared = AsyncActionTracker()
    private var running: [ObjectIdentifier: (action: any AsyncAction, context: ActionContext,
                                             controller: ViewController)] = [:]

    func retain(_ action: any AsyncAction, context: ActionContext, controller: ViewController) {
        action.delegate = self
        running[ObjectIdentifier(action)] = (action, context, controller)
    }

    var runningCount: Int { running.count }

    func actionDidFinish(_ action: any AsyncAction, chainingTo nextActionIdentifier: Identifier?,
                         customData: JSONObject?)
    {
        guard let entry = running.removeValue(forKey: ObjectIdentifier(action)) else { return }
        guard let next = nextActionIdentifier else { return }
        // The chained action keeps the original trigger (see docs/actions.md).
        let context = ActionContext(trigger: entry.context.trigger, customActionIdentifier: next,
                                    customData: customData, featureInfo: entry.context.featureInfo,
                                    viewURI: entry.context.viewURI, viewModel: entry.context.viewModel,
                                    componentModel: entry.context.componentModel, viewController: entry.controller,
                                    contentOrigin: entry.context.contentOrigin)
        _ = entry.controller.actions.handleAction(context)
    }
}
