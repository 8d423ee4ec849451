import GtkKit
import HubFramework

/// `default:spinButton` — a number field with buttons that make it a step larger or smaller, at the
/// end of a line that starts with the model's title, bound to a number or integer variable of the
/// view's state (the model's ``/HubFramework/ComponentModel/input``).
///
/// It goes from the input's `minimum` to its `maximum` (0 and 100 unless given) by its `step` (1
/// unless given), showing as many decimals as the step has (none for an integer variable). The
/// buttons, the arrow keys and a number typed (taken on Enter or when the person leaves the field)
/// report the value on the step's grid: an integer for an integer variable, else a number.
///
/// ```json
/// {"component": {"id": "default:spinButton"}, "text": {"title": "Guests"},
///  "input": {"variable": "guests", "minimum": 1, "maximum": 12}}
/// ```
@MainActor
public final class SpinButtonComponent: InputFieldComponent {
    /// The field (tests change it).
    private(set) var spinButton: SpinButton?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:spinButton`).
    public required init() {}

    override func makeField() -> InputField {
        let spinButton = SpinButton()
        spinButton.onValueChanged = { [weak self] number in self?.reportChoice(ofNumber: number) }
        self.spinButton = spinButton
        return InputField(control: spinButton, title: .beside)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let spinButton else { return }
        showNumber(of: configureField(with: model), in: spinButton)
    }
}
