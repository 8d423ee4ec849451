import Foundation
import HubFramework

/// Selections and actions. A selection offers the component's target actions in order until one
/// handles it, then the default selection action; the feature's action handler sees each action
/// before its action object; action observers among the components, the content operations and the
/// delegate hear about every action.
///
/// Remote and live content may not open `file:` targets by itself (its images are held to the same
/// rule by the image loader, which the controller gives its origin).
@MainActor
final class ActionRouter {
    private unowned let controller: ViewController
    private let actionRegistry: ActionRegistry
    private let actionHandler: (any ActionHandler)?
    private let initialViewModelRegistry: InitialViewModelRegistry?

    init(controller: ViewController, actionRegistry: ActionRegistry, actionHandler: (any ActionHandler)?,
         initialViewModelRegistry: InitialViewModelRegistry?)
    {
        self.controller = controller
        self.actionRegistry = actionRegistry
        self.actionHandler = actionHandler
        self.initialViewModelRegistry = initialViewModelRegistry
    }

    /// Shows the component selected briefly, runs its target's actions in order until one handles
    /// it, then (if none did) the default selection action. Returns whether the selection was handled.
    @discardableResult
    func selectComponent(with model: ComponentModel, customData: JSONObject?) -> Bool {
        if let wrapper = liveWrapper(forModelIdentifier: model.identifier) {
            wrapper.setSelectionState(.selected, notifyDelegate: false)
            controller.input.wrapperWasSelected(wrapper)
            MainThread.after(0.2) { [weak wrapper] in wrapper?.setSelectionState(.none, notifyDelegate: false) }
        }
        var handled = false
        for identifier in model.target?.actionIdentifiers ?? [] {
            handled = performAction(trigger: .selection, identifier: identifier, customData: customData, model: model)
            if handled { break }
        }
        if !handled {
            handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model)
        }
        if handled { controller.delegate?.viewController(controller, componentSelectedWith: model) }
        return handled
    }

    func performAction(trigger: ActionTrigger, identifier: Identifier?, customData: JSONObject?,
                       model: ComponentModel?) -> Bool
    {
        guard let viewModel = controller.viewModel else { return false }
        // The default selection action opens the target: content may not open what its origin
        // may not reach, and then nothing else happens either (no handler, no observer).
        if identifier == nil, let uri = model?.target?.uri, !allowsOpeningTarget(uri) { return false }
        let context = ActionContext(trigger: trigger, customActionIdentifier: identifier, customData: customData,
                                    featureInfo: controller.featureInfo, viewURI: controller.viewURI,
                                    viewModel: viewModel, componentModel: model, viewController: controller,
                                    contentOrigin: controller.contentOrigin)
        let handled = handleAction(context)
        for wrapper in controller.observerWrappers() where wrapper.isActionObserver {
            wrapper.actionPerformed(with: context)
        }
        controller.delegate?.viewController(controller, didPerformActionWith: context)
        return handled
    }

    /// Runs the feature's (or the app's) action handler, else the action object; then tells the
    /// content operations. Observers hear about every action, even one no factory creates.
    func handleAction(_ context: ActionContext) -> Bool {
        let action: (any Action)?
        let target = context.componentModel?.target
        if context.customActionIdentifier == nil {
            action = actionRegistry.selectionAction
            if let uri = target?.uri, let initial = target?.initialViewModel {
                initialViewModelRegistry?.register(initial, forViewURI: uri)
            }
        } else if let identifier = context.customActionIdentifier {
            action = actionRegistry.createCustomAction(for: identifier)
        } else {
            action = nil
        }
        var performed = false
        if actionHandler?.handleAction(with: context) == true {
            performed = true
        } else if let action {
            if let asyncAction = action as? any AsyncAction {
                AsyncActionTracker.shared.retain(asyncAction, context: context, controller: controller)
            }
            performed = action.perform(with: context)
        }
        if context.customActionIdentifier == nil, let uri = target?.uri {
            initialViewModelRegistry?.removeInitialViewModel(forViewURI: uri)
        }
        controller.content.actionPerformed(with: context)
        return performed
    }

    private func liveWrapper(forModelIdentifier identifier: String) -> ComponentWrapper? {
        controller.observerWrappers().first { $0.model?.identifier == identifier }
    }

    /// Whether selecting a component may open `uri`, given where the view's content came from.
    /// A refusal is logged as a warning on `org.hubframework.gtk.origin`.
    private func allowsOpeningTarget(_ uri: URL) -> Bool {
        let origin = controller.contentOrigin
        guard !ContentOriginPolicy.allowsNavigation(to: uri, from: origin) else { return true }
        let refusal = ContentOriginRefusal(origin: origin, uri: uri)
        HubLogging.logger("gtk.origin").warning(
            "\(controller.viewURI.absoluteString.prefix(200)): did not open the selected target \(uri.absoluteString.prefix(200)): \(refusal)")
        return false
    }
}
