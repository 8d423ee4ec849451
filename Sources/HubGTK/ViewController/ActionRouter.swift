import Foundation
import HubFramework

/// Selections and actions. A selection offers the component's target actions in order until one
/// handles it, then the default selection action; the feature's action handler sees each action
/// before its action object; action observers among the components, the content operations and the
/// delegate hear about every action.
///
/// Remote and live content may not open `file:` targets by itself (its images are held to the same
/// rule by the image loader, which the controller gives its origin).
///
/// It is made with the registries and the handler. Each action comes with the view it happens in
/// (`ActionSite`): what it shows, its live components (the action observers), and who hears what
/// follows the action, which the view controller carries out.
@MainActor
final class ActionRouter {
    /// What follows an action.
    enum Event {
        /// The action was handled (or not): the content operations hear about it.
        case handled(ActionContext)
        /// The action ran, and its observers heard about it: the view's delegate hears about it.
        case performed(ActionContext)
    }

    private let actionRegistry: ActionRegistry
    private let actionHandler: (any ActionHandler)?
    private let initialViewModelRegistry: InitialViewModelRegistry?

    /// - Parameters:
    ///   - actionRegistry: creates the actions and holds the default selection action.
    ///   - actionHandler: sees every action before its action object; nil for none.
    ///   - initialViewModelRegistry: where a selected target's initial view model is put for its
    ///     destination; nil ignores them.
    init(actionRegistry: ActionRegistry, actionHandler: (any ActionHandler)?,
         initialViewModelRegistry: InitialViewModelRegistry?)
    {
        self.actionRegistry = actionRegistry
        self.actionHandler = actionHandler
        self.initialViewModelRegistry = initialViewModelRegistry
    }

    /// Runs the selection of `model`: its target's actions in order until one handles it, then (if
    /// none did) the default selection action. Returns whether the selection was handled (the view
    /// controller then tells its delegate: actions a document wrote may handle it while the view
    /// shows no view model, and so no site).
    ///
    /// `site` is read for each action, as the view is when that action runs: an action that declined
    /// may have changed what the view shows (its state set, the view rendered again at once), and the
    /// next one is given the view model shown then.
    ///
    /// `documentActions` runs the actions a document wrote in the target (and the identifiers among
    /// them, through ``performAction(trigger:identifier:customData:model:in:)``); nil when it wrote
    /// none. It answers whether anything ran; the target's URI then opens only when nothing did.
    @discardableResult
    func selectComponent(with model: ComponentModel, customData: JSONObject?, site: () -> ActionSite?,
                         documentActions: (ComponentModel, JSONObject?) -> Bool?) -> Bool
    {
        if let ran = documentActions(model, customData) {
            var handled = ran
            if !handled, model.target?.uri != nil {
                handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model,
                                        in: site())
            }
            return handled
        }
        var handled = false
        for identifier in model.target?.actionIdentifiers ?? [] {
            handled = performAction(trigger: .selection, identifier: identifier, customData: customData, model: model,
                                    in: site())
            if handled { break }
        }
        if !handled {
            handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model, in: site())
        }
        return handled
    }

    /// Runs an action in `site` (nothing runs while the view shows no view model): the handler or
    /// the action object, then the action observers among the live components hear about it.
    func performAction(trigger: ActionTrigger, identifier: Identifier?, customData: JSONObject?,
                       model: ComponentModel?, in site: ActionSite?) -> Bool
    {
        guard let site else { return false }
        // The default selection action opens the target: content may not open what its origin
        // may not reach, and then nothing else happens either (no handler, no observer).
        if identifier == nil, let uri = model?.target?.uri, !allowsOpeningTarget(uri, from: site) { return false }
        var context = ActionContext(trigger: trigger, customActionIdentifier: identifier, customData: customData,
                                    featureInfo: site.featureInfo, viewURI: site.viewURI,
                                    viewModel: site.viewModel, componentModel: model, viewController: site.viewController,
                                    contentOrigin: site.contentOrigin)
        context.viewState = site.viewState
        let handled = handleAction(context, notify: site.notify)
        for wrapper in site.liveWrappers() where wrapper.isActionObserver {
            wrapper.actionPerformed(with: context)
        }
        site.notify(.performed(context))
        return handled
    }

    /// Runs the feature's (or the app's) action handler, else the action object; then tells the
    /// content operations (through `notify`). Observers hear about every action, even one no factory
    /// creates.
    private func handleAction(_ context: ActionContext, notify: @escaping @MainActor (Event) -> Void) -> Bool {
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
                // A chained action runs here too, while the view lives.
                AsyncActionTracker.shared.retain(asyncAction, context: context) { [weak self] next in
                    _ = self?.handleAction(next, notify: notify)
                }
            }
            performed = action.perform(with: context)
        }
        if context.customActionIdentifier == nil, let uri = target?.uri {
            initialViewModelRegistry?.removeInitialViewModel(forViewURI: uri)
        }
        notify(.handled(context))
        return performed
    }

    /// Opens `uri` for the view's content (an `open` action a document wrote), as the default
    /// selection action opens a target: through the app's URI opener, held to the content's origin.
    /// Returns whether it opened.
    func open(_ uri: URL, in site: ActionSite?) -> Bool {
        guard let site, allowsOpeningTarget(uri, from: site),
            let opener = (actionRegistry.selectionAction as? SelectionAction)?.opener
        else { return false }
        return opener.open(uri, requestedBy: site.contentOrigin)
    }

    /// Whether selecting a component may open `uri`, given where the view's content came from.
    /// A refusal is logged as a warning on `org.hubframework.gtk.origin`.
    private func allowsOpeningTarget(_ uri: URL, from site: ActionSite) -> Bool {
        let origin = site.contentOrigin
        guard !ContentOriginPolicy.allowsNavigation(to: uri, from: origin) else { return true }
        let refusal = ContentOriginRefusal(origin: origin, uri: uri)
        HubLogging.logger("gtk.origin").warning(
            "\(site.viewURI.absoluteString.prefix(200)): did not open the selected target \(uri.absoluteString.prefix(200)): \(refusal)")
        return false
    }
}
