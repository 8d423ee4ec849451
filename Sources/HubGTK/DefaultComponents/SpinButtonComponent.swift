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
public final class SpinButtonComponent: ComponentWithInput {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The field (tests change it).
    private(set) var spinButton: SpinButton?
    private var input: InputState?
    private var inputKey: String?
    private var reported = ReportedInputValues()

    private static let measuring = SpinButtonComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:spinButton`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let spinButton = SpinButton()
        spinButton.onValueChanged = { [weak self] value in self?.changed(to: value) }
        field = InputField(control: spinButton, title: .beside)
        self.spinButton = spinButton
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize)
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let spinButton else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        field.show(title: model.title, message: input?.message)
        spinButton.isEnabled = model.isEnabled
        let digits = InputValues.digits(forStep: input?.step, type: input?.variableType)
        if spinButton.digits != digits { spinButton.digits = digits }
        if spinButton.minimum != input?.minimum ?? 0 { spinButton.minimum = input?.minimum ?? 0 }
        if spinButton.maximum != input?.maximum ?? 100 { spinButton.maximum = input?.maximum ?? 100 }
        if spinButton.step != input?.step ?? 1 { spinButton.step = input?.step ?? 1 }
        if let value = input?.value, !reported.isBehind(value, key: inputKey),
            let number = InputValues.number(from: value), number != spinButton.value
        {
            spinButton.value = number
        }
    }

    public func focusInput() -> Bool {
        guard let spinButton else { return false }
        spinButton.grabFocus()
        return spinButton.containsFocus
    }

    private func changed(to number: Double) {
        guard let input, let value = InputValues.value(ofNumber: number, as: input.variableType) else { return }
        reported.reported(value, key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: value)
        inputDelegate?.componentDidLeaveInput(self)
    }
}
