/// Something that happens when a component is selected, or when a component or a content
/// operation asks for it. Actions are created fresh for every event by an `ActionFactory`.
@MainActor
public protocol Action: AnyObject {
    /// Performs the action. Return true when it was handled; on selection that stops the
    /// remaining actions (and the default selection action) from running.
    func perform(with context: ActionContext) -> Bool
}

/// Is told when an asynchronous action finished.
@MainActor
public protocol AsyncActionDelegate: AnyObject {
    /// The action is done. A non-nil `nextActionIdentifier` performs that action right away,
    /// through the same handlers, with `customData` as its custom data.
    func actionDidFinish(_ action: any AsyncAction, chainingTo nextActionIdentifier: Identifier?,
                         customData: JSONObject?)
}

/// An action that finishes later (for example after asking the user something). The framework
/// keeps it alive until it reports to its delegate.
@MainActor
public protocol AsyncAction: Action {
    /// Set by the framework just before ``Action/perform(with:)``; call its
    /// ``AsyncActionDelegate/actionDidFinish(_:chainingTo:customData:)`` exactly once, on the main
    /// thread, when the action is done. Until then the framework keeps the action alive, so the
    /// property may be `weak`.
    var delegate: (any AsyncActionDelegate)? { get set }
}
