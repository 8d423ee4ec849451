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
public final class CheckboxComponent: InputFieldComponent {
    /// The check box (tests check it).
    private(set) var checkButton: CheckButton?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:checkbox`).
    public required init() {}

    override func makeField() -> InputField {
        let checkButton = CheckButton()
        // As wide as the box and its label (which wraps in a narrower field): the focus ring and
        // the clickable area end with the text.
        checkButton.horizontalAlignment = .start
        // A box checked or unchecked is a choice made: its message may show.
        checkButton.onToggled = { [weak self] isChecked in self?.reportChoice(.boolean(isChecked)) }
        self.checkButton = checkButton
        // The box's own label shows the title.
        return InputField(control: checkButton, title: .none)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let checkButton else { return }
        checkButton.label = model.title ?? ""
        if let isOn = isOnToShow(of: configureField(with: model)), checkButton.isChecked != isOn {
            checkButton.isChecked = isOn
        }
    }
}
