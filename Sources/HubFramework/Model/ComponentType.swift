/// Where a component model sits in a view model. Children inherit their parent's type.
public enum ComponentType: Int, Sendable, Hashable, CaseIterable {
    /// The header: floats at the top and does not scroll; the body starts below it.
    case header = 0
    /// The scrolling list, laid out by the layout manager.
    case body = 1
    /// Floats above everything, centred (a spinner, a message).
    case overlay = 2
}
