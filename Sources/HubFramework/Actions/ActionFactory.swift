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
    public init(_ block: @escaping @MainActor (String) -> (any Action)?) { self.block = block }
    public func createAction(forName name: String) -> (any Action)? { block(name) }
}

/// An action backed by a closure.
@MainActor
public final class BlockAction: Action {
    private let block: @MainActor (ActionContext) -> Bool
    public init(_ block: @escaping @MainActor (ActionContext) -> Bool) { self.block = block }
    public func perform(with context: ActionContext) -> Bool { block(context) }
}
