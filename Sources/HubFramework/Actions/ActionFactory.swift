/// Creates the actions of one namespace.
@MainActor
public protocol ActionFactory: AnyObject {
    /// A new action for `name`, or nil when the factory has none by that name.
    func createAction(forName name: String) -> (any Action)?
}

/// An action factory backed by a closure.
@MainActor
public final class BlockActionFactory: ActionFactory {
    private let block: @MainActor (String) -> (any Action)?
    /// Creates a factory that calls `block` with the name part of each identifier, on the main
    /// thread, every time an action of its namespace is performed.
    /// - Parameter block: returns a new action for the name, or nil when it has none by that name.
    public init(_ block: @escaping @MainActor (String) -> (any Action)?) { self.block = block }
    /// Calls the factory's closure with `name`.
    public func createAction(forName name: String) -> (any Action)? { block(name) }
}

/// An action backed by a closure.
@MainActor
public final class BlockAction: Action {
    private let block: @MainActor (ActionContext) -> Bool
    /// Creates an action that runs `block` each time it is performed.
    /// - Parameter block: performs the action; returns true when it handled the event.
    public init(_ block: @escaping @MainActor (ActionContext) -> Bool) { self.block = block }
    /// Calls the action's closure with `context` and returns its answer.
    public func perform(with context: ActionContext) -> Bool { block(context) }
}
