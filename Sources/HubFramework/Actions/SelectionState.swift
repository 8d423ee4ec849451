/// The visual selection state of a component.
public enum SelectionState: Sendable, Hashable {
    case none
    case highlighted
    case selected
}
