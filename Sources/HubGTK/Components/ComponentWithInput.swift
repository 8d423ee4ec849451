import HubFramework

/// A component that shows an input bound to a variable of the view's state: a text entry, a
/// switch, a dropdown. Its model's ``/HubFramework/ComponentModel/input`` says what to show (the
/// variable's value, the placeholder, the options, the validation message) each time it is
/// configured; it tells ``inputDelegate`` when the person changes the value or leaves the input,
/// and the view's state takes the change (and re-renders what depends on it).
///
/// ```swift
/// final class StarsComponent: ComponentWithInput {
///     weak var inputDelegate: (any ComponentInputDelegate)?
///     // …
///     private func starsChanged(to count: Int) {
///         inputDelegate?.component(self, didChangeInputValue: .integer(count))
///     }
/// }
/// ```
///
/// Configuring must not report a change: set the widget's value so that its own change signal does
/// not fire, or ignore it while configuring (GtkKit's input widgets do not report values set in code).
///
/// The view hands the keyboard focus to the input itself (``focusInput()``) when it moves the focus
/// to the component (Tab, the arrow keys, ``ViewController/focusBodyComponent(at:)``); a click
/// beside the control focuses it too, rather than selecting the component as a click on a row does.
/// A push button selects its component through ``ComponentInputDelegate/componentWasActivated(_:)``.
@MainActor
public protocol ComponentWithInput: Component {
    /// Assigned by the framework; hold it weakly.
    var inputDelegate: (any ComponentInputDelegate)? { get set }

    /// Puts the keyboard focus in the component's control, so that the person can type, toggle or
    /// choose at once. Returns false when there is nothing to focus now; the component's cell then
    /// takes the focus. The default returns false.
    func focusInput() -> Bool
}

extension ComponentWithInput {
    /// Returns false: the component's cell takes the keyboard focus.
    public func focusInput() -> Bool { false }
}

/// Hears what the person does with a component's input (the framework, for the view's state).
@MainActor
public protocol ComponentInputDelegate: AnyObject {
    /// The person changed the input's value (as they type, toggle, choose). The variable takes it
    /// when it has the variable's type, or converts exactly to it (the text "12" for an integer).
    func component(_ component: any ComponentWithInput, didChangeInputValue value: ExpressionValue)
    /// The person left the input (it lost the keyboard focus): its validation message shows from now on.
    func componentDidLeaveInput(_ component: any ComponentWithInput)
    /// The person pressed the component's button (by pointer, keyboard or assistive technology):
    /// the component is selected, as a click on a row selects it, so its target's actions run.
    func componentWasActivated(_ component: any ComponentWithInput)
}
