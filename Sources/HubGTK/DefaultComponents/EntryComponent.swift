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
public final class EntryComponent: ComponentWithInput, ComponentWithRestorableUIState {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The text field (tests type into it).
    private(set) var entry: Entry?
    /// The input the field shows now, and its key for ``ReportedInputValues``.
    private var input: InputState?
    private var inputKey: String?
    private var reported = ReportedInputValues()

    /// A field kept to measure models with (``InputField/preferredSize(of:forDisplaying:containerViewSize:)``).
    private static let measuring = EntryComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:entry`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let entry = Entry()
        entry.onChanged = { [weak self] in self?.textChanged() }
        entry.onFocusOut = { [weak self] in self?.focusLeft() }
        field = InputField(control: entry, title: .above)
        self.entry = entry
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize)
    }

    /// Keeps the text and the cursor: the view binds the same model again after each keystroke
    /// (its value changed), and ``configureView(with:containerViewSize:)`` sets everything a model
    /// shows.
    public func prepareViewForReuse() {}

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let entry else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        field.show(title: model.title, message: input?.message, fallbackName: input?.placeholder)
        entry.placeholder = input?.placeholder ?? ""
        if entry.maximumLength != input?.maximumLength { entry.maximumLength = input?.maximumLength }
        entry.purpose = Self.purpose(for: input?.purpose)
        entry.isTextVisible = input?.purpose != .password
        entry.isEnabled = model.isEnabled
        let value = input?.value ?? .string("")
        let isBehind = reported.isBehind(value, key: inputKey)
        if !isBehind, InputValues.value(ofText: entry.text, as: input?.variableType) != value {
            entry.text = InputValues.text(for: value)
        }
    }

    public func focusInput() -> Bool {
        guard let entry else { return false }
        entry.grabFocus()
        return entry.containsFocus
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
        reported.reported(value, key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: value)
    }

    private func focusLeft() {
        guard input != nil else { return }
        inputDelegate?.componentDidLeaveInput(self)
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
