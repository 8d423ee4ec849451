/// Performs actions on behalf of a component or a content operation.
@MainActor
public protocol ActionPerformer: AnyObject {
    /// Performs the action with `identifier`; returns whether it was handled.
    @discardableResult
    func performAction(withIdentifier identifier: Identifier, customData: JSONObject?) -> Bool
}
