import GtkKit
import HubFramework

/// What the default input components share: a form's field bound to the model's
/// ``/HubFramework/ComponentModel/input``, as ``EntryComponent``, ``TextAreaComponent``,
/// ``SwitchComponent``, ``CheckboxComponent``, ``DropdownComponent``, ``SliderComponent``,
/// ``SpinButtonComponent`` and ``ButtonComponent`` show it.
///
/// The field is the model's title, the control and the input's validation message, in the theme's
/// error colour; the control is named after the title for assistive technologies. The field is as
/// wide as a row in a readable column and as high as GTK lays it out at that width. A press on the
/// title or the message, or Tab onto the component, puts the keyboard focus in the control
/// (``focusInput()``).
///
/// A change the person makes goes to the ``inputDelegate`` as a value of the variable's type, and
/// is remembered: the view re-renders behind the person (a large view evaluates on another thread),
/// so a configure may carry a value the person has already changed past ("ab" while the field
/// shows "abc"), and the component then keeps what it shows rather than take the last keystroke
/// back. Any other value (an action cleared the field, the document came again) is shown.
@MainActor
public class InputFieldComponent: ComponentWithInput {
    /// Full width, stackable, at most a readable width: a field of a form.
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    /// The field: the title, the control and the message.
    public var view: Widget? { field?.view }
    /// Hears the person's changes; the framework assigns it.
    public weak var inputDelegate: (any ComponentInputDelegate)?

    /// The field ``loadView()`` builds around the component's control.
    private(set) var field: InputField?
    /// The input the field shows now (nil for a model without one: nothing is reported then).
    private(set) var input: InputState?
    /// The key of `input` for `reported`.
    private var inputKey: String?
    /// The values reported that the view has not shown back yet.
    private var reported = ReportedInputValues()

    /// Every kind of field is made the same way: ``preferredViewSize(forDisplaying:containerViewSize:)``
    /// makes one of the kind to measure with.
    required init() {}

    /// Installs the framework's stylesheet (the field's look), then builds the field around the
    /// component's control.
    public func loadView() {
        FrameworkStyle.installIfNeeded()
        field = makeField()
    }

    /// As wide as a row, as high as GTK lays the field out for `model` at that width, measured on a
    /// component of the same kind kept for it (the heights are kept by what they depend on).
    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: measuring, forDisplaying: model, containerViewSize: containerViewSize,
                                 detail: measuredDetail(of: model))
    }

    /// Keeps what the control shows (a text field's text and cursor): the view binds the same model
    /// again after each change the person makes, and ``configureView(with:containerViewSize:)`` sets
    /// everything a model shows.
    public func prepareViewForReuse() {}

    /// Shows `model`'s title, message and value (each component shows the value in its control).
    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        configureField(with: model)
    }

    /// Puts the keyboard focus in the control.
    public func focusInput() -> Bool {
        guard let control = field?.control else { return false }
        control.grabFocus()
        return control.containsFocus
    }

    // MARK: For the components

    /// Shows `model`'s title and its input's message in the field, names the control after the
    /// title (`fallbackName` when there is none), enables the control as the model says, and takes
    /// the model's input as the one the component reports for. Returns that input.
    @discardableResult
    func configureField(with model: ComponentModel, fallbackName: String? = nil) -> InputState? {
        input = model.input
        inputKey = ReportedInputValues.key(of: model)
        field?.show(title: model.title, message: input?.message, fallbackName: fallbackName)
        field?.control.isEnabled = model.isEnabled
        return input
    }

    /// Whether the control should show `value`, which a configure carries: false when it is one the
    /// component reported before its latest (the view is behind the person), true for any other.
    func shouldShow(_ value: ExpressionValue) -> Bool {
        !reported.isBehind(value, key: inputKey)
    }

    /// Tells the delegate that the person changed the value to `value` (typing: the message waits
    /// until they leave the field, ``reportLeftInput()``).
    func reportChange(_ value: ExpressionValue) {
        guard input != nil else { return }
        reported.reported(value, key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: value)
    }

    /// Tells the delegate that the person chose `value` (a switch turned, an option chosen, a
    /// slider moved): a choice made at once, so its message may show too.
    func reportChoice(_ value: ExpressionValue) {
        guard input != nil else { return }
        reportChange(value)
        inputDelegate?.componentDidLeaveInput(self)
    }

    /// Tells the delegate that the person left the input (the control lost the keyboard focus):
    /// its message shows from now on.
    func reportLeftInput() {
        guard input != nil else { return }
        inputDelegate?.componentDidLeaveInput(self)
    }

    /// Gives `widget` (a slider, a spin button) `input`'s range, step and digits: from its
    /// `minimum` to its `maximum` (0 and 100 unless given) by its `step` (1 unless given), with as
    /// many decimals as the step has (none for an integer variable), each set only when it changed
    /// (setting one moves the value onto the new grid); then its value, as ``shouldShow(_:)`` says.
    func showNumber(of input: InputState?, in widget: NumberRangeWidget) {
        let digits = InputValues.digits(forStep: input?.step, type: input?.variableType)
        if widget.digits != digits { widget.digits = digits }
        if widget.minimum != input?.minimum ?? 0 { widget.minimum = input?.minimum ?? 0 }
        if widget.maximum != input?.maximum ?? 100 { widget.maximum = input?.maximum ?? 100 }
        if widget.step != input?.step ?? 1 { widget.step = input?.step ?? 1 }
        if let value = input?.value, shouldShow(value), let number = InputValues.number(from: value),
            number != widget.value
        {
            widget.value = number
        }
    }

    /// Whether a switch or a check box shows on for `input`'s value (off without one), or nil when it
    /// keeps what it shows, as ``shouldShow(_:)`` says.
    func isOnToShow(of input: InputState?) -> Bool? {
        let value = input?.value ?? .boolean(false)
        return shouldShow(value) ? InputValues.isOn(value) : nil
    }

    /// Reports the person's choice of `number` on a slider or a spin button, as the variable's type
    /// (an integer for an integer variable; nothing for a number too large for one).
    func reportChoice(ofNumber number: Double) {
        guard let input, let value = InputValues.value(ofNumber: number, as: input.variableType) else { return }
        reportChoice(value)
    }

    /// The field around the component's control, which the component builds (and keeps).
    func makeField() -> InputField? { nil }

    /// What of `model` besides its title and message the field shows beside the control, which its
    /// height depends on: nothing unless the component says (a dropdown's options).
    func measuredDetail(of model: ComponentModel) -> [String] { [] }

    // MARK: Measuring

    /// A component of this one's kind, kept to measure models with: measuring configures it, and
    /// the component on screen keeps what it shows.
    private var measuring: InputFieldComponent {
        let kind = ObjectIdentifier(type(of: self))
        if let measuring = InputFieldComponent.measuringComponents[kind] { return measuring }
        let measuring = type(of: self).init()
        InputFieldComponent.measuringComponents[kind] = measuring
        return measuring
    }

    /// One component a kind, made the first time a model of the kind is measured.
    private static var measuringComponents: [ObjectIdentifier: InputFieldComponent] = [:]
}
