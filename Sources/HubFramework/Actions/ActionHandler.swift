/// Handles actions for a feature (or for the whole app) before their action objects run.
@MainActor
public protocol ActionHandler: AnyObject {
    /// Return true to mark the action handled; its action object is then not performed.
    func handleAction(with context: ActionContext) -> Bool
}

/// An action handler backed by a closure.
@MainActor
public final class BlockActionHandler: ActionHandler {
    private let block: @MainActor (ActionContext) -> Bool
    /// Creates a handler that asks `block` about every action of the view.
    /// - Parameter block: returns true to handle the action in place of its action object.
    public init(_ block: @escaping @MainActor (ActionContext) -> Bool) { self.block = block }
    /// Calls the handler's closure with `context` and returns its answer.
    public func handleAction(with context: ActionContext) -> Bool { block(context) }
}
