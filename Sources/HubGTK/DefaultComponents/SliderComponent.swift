import GtkKit
import HubFramework

/// `default:slider` — a horizontal slider bound to a number or integer variable of the view's state
/// (the model's ``/HubFramework/ComponentModel/input``), under a line with the model's title at
/// its start and the value at its end.
///
/// It goes from the input's `minimum` to its `maximum` (0 and 100 unless given) by its `step` (1
/// unless given), showing as many decimals as the step has (none for an integer variable). A drag,
/// the arrow keys or Page Up and Page Down report each value on the step's grid: an integer for an
/// integer variable, else a number. Right to left, the minimum is at the right.
///
/// ```json
/// {"component": {"id": "default:slider"}, "text": {"title": "Volume"},
///  "input": {"variable": "volume", "minimum": 0, "maximum": 100, "step": 5}}
/// ```
@MainActor
public final class SliderComponent: InputFieldComponent {
    /// The slider (tests move it) and the value shown beside the title.
    private(set) var slider: Slider?
    private(set) var valueLabel: Label?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:slider`).
    public required init() {}

    override func makeField() -> InputField {
        let slider = Slider()
        slider.onValueChanged = { [weak self] number in self?.moved(to: number) }
        let valueLabel = Label()
        valueLabel.addCSSClass("hub-input-value")
        valueLabel.addCSSClass("dim-label")
        self.slider = slider
        self.valueLabel = valueLabel
        return InputField(control: slider, title: .above, accessory: valueLabel)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let slider else { return }
        showNumber(of: configureField(with: model), in: slider)
        showValue()
    }

    private func showValue() {
        guard let slider, let valueLabel else { return }
        valueLabel.text = InputValues.text(for: slider.value, digits: slider.digits)
    }

    private func moved(to number: Double) {
        showValue()
        reportChoice(ofNumber: number)
    }
}
