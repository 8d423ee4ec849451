import GtkKit
import HubFramework

/// `default:checkbox` — a check box labelled with the model's title, bound to a boolean variable of
/// the view's state (the model's ``/HubFramework/ComponentModel/input``).
///
/// Checking or unchecking it (a click on the box or on its label, Space) reports `true` or `false`;
/// the validation message (a `required` box left unchecked: "Accept the terms") shows below once
/// the person has changed it or tried to submit its form.
///
/// ```json
/// {"component": {"id": "default:checkbox"}, "text": {"title": "I accept the terms"},
///  "input": {"variable": "accepted", "form": "signup",
///            "validators": [{"required": true, "message": "Accept the terms to sign up"}]}}
/// ```
@MainActor
public final class CheckboxComponent: ComponentWithInput {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The check box (tests check it).
    private(set) var checkButton: CheckButton?
    private var input: InputState?
    private var inputKey: String?
    private var reported = ReportedInputValues()

    private static let measuring = CheckboxComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:checkbox`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let checkButton = CheckButton()
        // As wide as the box and its label (which wraps in a narrower field): the focus ring and
        // the clickable area end with the text.
        checkButton.horizontalAlignment = .start
        checkButton.onToggled = { [weak self] isChecked in self?.toggled(isChecked) }
        // The box's own label shows the title.
        field = InputField(control: checkButton, title: .none)
        self.checkButton = checkButton
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize)
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let checkButton else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        checkButton.label = model.title ?? ""
        field.show(title: model.title, message: input?.message)
        checkButton.isEnabled = model.isEnabled
        let value = input?.value ?? .boolean(false)
        if !reported.isBehind(value, key: inputKey), checkButton.isChecked != InputValues.isOn(value) {
            checkButton.isChecked = InputValues.isOn(value)
        }
    }

    public func focusInput() -> Bool {
        guard let checkButton else { return false }
        checkButton.grabFocus()
        return checkButton.containsFocus
    }

    private func toggled(_ isChecked: Bool) {
        guard input != nil else { return }
        reported.reported(.boolean(isChecked), key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: .boolean(isChecked))
        // A box checked or unchecked is a choice made: its message may show.
        inputDelegate?.componentDidLeaveInput(self)
    }
}
