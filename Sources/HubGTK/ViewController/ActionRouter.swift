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
/// It is given what it needs when it is made: the registries and the handler, a way to read the
/// view the action happens in (`ActionSite`) and its live components (the action observers), and
/// closures for what follows an action, which the view controller carries out.
@MainActor
final class ActionRouter {
    /// What follows an action.
    enum Event {
        /// The action was handled (or not): the content operations hear about it.
        case handled(ActionContext)
        /// The action ran, and its observers heard about it: the view's delegate hears about it.
        case performed(ActionContext)
        /// A selection was handled: the view's delegate hears about it.
        case selected(ComponentModel)
    }

    private let actionRegistry: ActionRegistry
    private let actionHandler: (any ActionHandler)?
    private let initialViewModelRegistry: InitialViewModelRegistry?
    private let site: @MainActor () -> ActionSite?
    private let liveWrappers: @MainActor () -> [ComponentWrapper]
    private let notify: @MainActor (Event) -> Void
    /// Runs the actions a document wrote in a component's target; nil when it wrote none.
    private let runDocumentActions: @MainActor (ComponentModel, JSONObject?) -> Bool?

    /// - Parameters:
    ///   - actionRegistry: creates the actions and holds the default selection action.
    ///   - actionHandler: sees every action before its action object; nil for none.
    ///   - initialViewModelRegistry: where a selected target's initial view model is put for its
    ///     destination; nil ignores them.
    ///   - site: the view the action happens in; nil while it shows no view model.
    ///   - liveWrappers: every component wrapper in use (the action observers among them).
    ///   - notify: what follows an action.
    ///   - runDocumentActions: runs the actions a document wrote in a component's target (and the
    ///     identifiers among them, through ``performAction(trigger:identifier:customData:model:)``);
    ///     nil when it wrote none. Answers whether anything ran.
    init(actionRegistry: ActionRegistry, actionHandler: (any ActionHandler)?,
         initialViewModelRegistry: InitialViewModelRegistry?, site: @escaping @MainActor () -> ActionSite?,
         liveWrappers: @escaping @MainActor () -> [ComponentWrapper], notify: @escaping @MainActor (Event) -> Void,
         runDocumentActions: @escaping @MainActor (ComponentModel, JSONObject?) -> Bool?)
    {
        self.runDocumentActions = runDocumentActions
        self.actionRegistry = actionRegistry
        self.actionHandler = actionHandler
        self.initialViewModelRegistry = initialViewModelRegistry
        self.site = site
        self.liveWrappers = liveWrappers
        self.notify = notify
    }

    /// Shows the component selected briefly, runs its target's actions in order until one handles
    /// it, then (if none did) the default selection action. Returns whether the selection was handled.
    @discardableResult
    func selectComponent(with model: ComponentModel, customData: JSONObject?) -> Bool {
        // Actions a document wrote all run, in order, identifiers among them; the target's URI then
        // opens only when none ran.
        if let ran = runDocumentActions(model, customData) {
            var handled = ran
            if !handled, model.target?.uri != nil {
                handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model)
            }
            if handled { notify(.selected(model)) }
            return handled
        }
        var handled = false
        for identifier in model.target?.actionIdentifiers ?? [] {
            handled = performAction(trigger: .selection, identifier: identifier, customData: customData, model: model)
            if handled { break }
        }
        if !handled {
            handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model)
        }
        if handled { notify(.selected(model)) }
        return handled
    }

    /// The live wrapper showing the model with `identifier`, if any (the one a selection highlights).
    func liveWrapper(forModelIdentifier identifier: String) -> ComponentWrapper? {
        liveWrappers().first { $0.model?.identifier == identifier }
    }

    func performAction(trigger: ActionTrigger, identifier: Identifier?, customData: JSONObject?,
                       model: ComponentModel?) -> Bool
    {
        guard let site = site() else { return false }
        // The default selection action opens the target: content may not open what its origin
        // may not reach, and then nothing else happens either (no handler, no observer).
        if identifier == nil, let uri = model?.target?.uri, !allowsOpeningTarget(uri, from: site) { return false }
        var context = ActionContext(trigger: trigger, customActionIdentifier: identifier, customData: customData,
                                    featureInfo: site.featureInfo, viewURI: site.viewURI,
                                    viewModel: site.viewModel, componentModel: model, viewController: site.viewController,
                                    contentOrigin: site.contentOrigin)
        context.viewState = site.viewState
        let handled = handleAction(context)
        for wrapper in liveWrappers() where wrapper.isActionObserver {
            wrapper.actionPerformed(with: context)
        }
        notify(.performed(context))
        return handled
    }

    /// Runs the feature's (or the app's) action handler, else the action object; then tells the
    /// content operations. Observers hear about every action, even one no factory
    /// creates.
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
                // A chained action runs here too, while the view lives.
                AsyncActionTracker.shared.retain(asyncAction, context: context) { [weak self] next in
                    _ = self?.handleAction(next)
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
    func open(_ uri: URL) -> Bool {
        guard let site = site(), allowsOpeningTarget(uri, from: site),
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
