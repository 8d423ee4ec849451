/// The visual selection state of a component.
public enum SelectionState: Sendable, Hashable {
    /// The resting state: not pressed, not selected.
    case none
    /// The pointer is pressed on the component (after 0.2 s for touch), and releasing it there
    /// would select it.
    case highlighted
    /// The component was just selected; the state goes back to ``none`` shortly after.
    case selected
}
