/// Where a component model sits in a view model. Children inherit their parent's type.
public enum ComponentType: Int, Sendable, Hashable, CaseIterable {
    case header = 0
    case body = 1
    case overlay = 2
}
