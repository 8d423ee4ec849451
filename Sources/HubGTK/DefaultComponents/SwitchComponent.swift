import GtkKit
import HubFramework

/// `default:switch` — an on/off switch bound to a boolean variable of the view's state (the model's
/// ``/HubFramework/ComponentModel/input``), at the end of a line that starts with the model's
/// title, as in GNOME's settings.
///
/// Turning it reports `true` or `false`; the validation message (a `required` switch that is off)
/// shows below once the person has turned it or tried to submit its form. Space and Enter on the
/// focused switch turn it.
///
/// ```json
/// {"component": {"id": "default:switch"}, "text": {"title": "Show details"},
///  "input": {"variable": "showDetails"}}
/// ```
@MainActor
public final class SwitchComponent: ComponentWithInput {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The switch (tests turn it).
    private(set) var toggle: Switch?
    private var input: InputState?
    private var inputKey: String?
    private var reported = ReportedInputValues()

    private static let measuring = SwitchComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:switch`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let toggle = Switch()
        toggle.onToggled = { [weak self] isOn in self?.toggled(isOn) }
        field = InputField(control: toggle, title: .beside)
        self.toggle = toggle
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize)
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let toggle else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        field.show(title: model.title, message: input?.message)
        toggle.isEnabled = model.isEnabled
        let value = input?.value ?? .boolean(false)
        if !reported.isBehind(value, key: inputKey), toggle.isOn != InputValues.isOn(value) {
            toggle.isOn = InputValues.isOn(value)
        }
    }

    public func focusInput() -> Bool {
        guard let toggle else { return false }
        toggle.grabFocus()
        return toggle.containsFocus
    }

    private func toggled(_ isOn: Bool) {
        guard input != nil else { return }
        reported.reported(.boolean(isOn), key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: .boolean(isOn))
        // A switch turned is a choice made: its message may show.
        inputDelegate?.componentDidLeaveInput(self)
    }
}
