import GtkKit
import HubFramework

/// `default:entry` — a one-line text field bound to a variable of the view's state (the model's
/// ``/HubFramework/ComponentModel/input``), titled by the model's title above it.
///
/// It shows the variable's value and the input's placeholder, and tells the view each change the
/// person makes: the text for a string variable, the number for an integer or number variable (a
/// text that is not a number yet, such as "-", waits). The input's purpose chooses what the field
/// offers: `password` hides the text, `email` and `number` tell input methods and on-screen
/// keyboards what to offer. It holds at most the input's `maximumLength` characters. The validation
/// message shows below it in the theme's error colour, once the person has left the field or tried
/// to submit its form.
///
/// What the person types stays as typed: a configure that carries a value the field reported
/// before its latest one (the view re-rendering behind the keystrokes) leaves the text and the
/// cursor alone, and the cursor keeps its place when the component is configured again with the
/// same value or recycled and shown again. Enter stays in the field (it does not select the
/// component); Tab moves to the next component.
///
/// ```json
/// {"component": {"id": "default:entry"}, "text": {"title": "Email"},
///  "input": {"variable": "email", "placeholder": "name@example.org", "purpose": "email"}}
/// ```
@MainActor
public final class EntryComponent: InputFieldComponent, ComponentWithRestorableUIState {
    /// The text field (tests type into it).
    private(set) var entry: Entry?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:entry`).
    public required init() {}

    override func makeField() -> InputField {
        let entry = Entry()
        entry.onChanged = { [weak self] in self?.textChanged() }
        entry.onFocusOut = { [weak self] in self?.reportLeftInput() }
        self.entry = entry
        return InputField(control: entry, title: .above)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let entry else { return }
        let input = configureField(with: model, fallbackName: model.input?.placeholder)
        entry.placeholder = input?.placeholder ?? ""
        if entry.maximumLength != input?.maximumLength { entry.maximumLength = input?.maximumLength }
        entry.purpose = Self.purpose(for: input?.purpose)
        entry.isTextVisible = input?.purpose != .password
        let value = input?.value ?? .string("")
        if shouldShow(value), InputValues.value(ofText: entry.text, as: input?.variableType) != value {
            entry.text = InputValues.text(for: value)
        }
    }

    /// The cursor's position.
    public func currentUIState() -> Any? { entry?.cursorPosition }

    public func restoreUIState(_ state: Any) {
        guard let entry, let position = state as? Int, position != entry.cursorPosition else { return }
        entry.cursorPosition = position
    }

    private func textChanged() {
        guard let entry, let input, let value = InputValues.value(ofText: entry.text, as: input.variableType) else {
            return
        }
        reportChange(value)
    }

    private static func purpose(for purpose: InputState.Purpose?) -> Entry.Purpose {
        switch purpose {
        case .number?: .number
        case .email?: .email
        case .password?: .password
        case .text?, nil: .freeForm
        }
    }
}
