/// Remembers component UI state per model identifier, in memory, for one view controller.
@MainActor
final class ComponentUIStateManager {
    private var states: [String: Any] = [:]

    func save(_ state: Any, forModelIdentifier identifier: String) { states[identifier] = state }
    func restoreState(forModelIdentifier identifier: String) -> Any? { states[identifier] }
    func removeState(forModelIdentifier identifier: String) { states[identifier] = nil }
    var count: Int { states.count }
}
