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
public final class SliderComponent: ComponentWithInput {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The slider (tests move it) and the value shown beside the title.
    private(set) var slider: Slider?
    private(set) var valueLabel: Label?
    private var input: InputState?
    private var inputKey: String?
    private var reported = ReportedInputValues()

    private static let measuring = SliderComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:slider`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let slider = Slider()
        slider.onValueChanged = { [weak self] value in self?.moved(to: value) }
        let valueLabel = Label()
        valueLabel.addCSSClass("hub-input-value")
        valueLabel.addCSSClass("dim-label")
        field = InputField(control: slider, title: .above, accessory: valueLabel)
        self.slider = slider
        self.valueLabel = valueLabel
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize)
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let slider else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        field.show(title: model.title, message: input?.message)
        slider.isEnabled = model.isEnabled
        let digits = InputValues.digits(forStep: input?.step, type: input?.variableType)
        if slider.digits != digits { slider.digits = digits }
        if slider.minimum != input?.minimum ?? 0 { slider.minimum = input?.minimum ?? 0 }
        if slider.maximum != input?.maximum ?? 100 { slider.maximum = input?.maximum ?? 100 }
        if slider.step != input?.step ?? 1 { slider.step = input?.step ?? 1 }
        if let value = input?.value, !reported.isBehind(value, key: inputKey),
            let number = InputValues.number(from: value), number != slider.value
        {
            slider.value = number
        }
        showValue()
    }

    public func focusInput() -> Bool {
        guard let slider else { return false }
        slider.grabFocus()
        return slider.containsFocus
    }

    private func showValue() {
        guard let slider, let valueLabel else { return }
        valueLabel.text = InputValues.text(for: slider.value, digits: slider.digits)
    }

    private func moved(to number: Double) {
        showValue()
        guard let input, let value = InputValues.value(ofNumber: number, as: input.variableType) else { return }
        reported.reported(value, key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: value)
        inputDelegate?.componentDidLeaveInput(self)
    }
}
