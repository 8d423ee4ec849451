import GtkKit
import HubFramework

/// `default:dropdown` — a button that opens the input's options to choose one, at the end of a line
/// that starts with the model's title, bound to a variable of the view's state (the model's
/// ``/HubFramework/ComponentModel/input``).
///
/// A string variable takes the option's text, an integer variable its index (from 0). The option
/// the variable holds is shown; a value that is none of them shows no choice. The options may be an
/// expression, and change with the state. The validation message shows below once the person has
/// chosen or tried to submit the form.
///
/// ```json
/// {"component": {"id": "default:dropdown"}, "text": {"title": "Size"},
///  "input": {"variable": "size", "options": ["Small", "Medium", "Large"]}}
/// ```
@MainActor
public final class DropdownComponent: ComponentWithInput {
    public let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    public var view: Widget? { field?.view }
    public weak var inputDelegate: (any ComponentInputDelegate)?

    private var field: InputField?
    /// The dropdown (tests choose in it).
    private(set) var dropdown: Dropdown?
    private var input: InputState?
    /// The options the dropdown was given (it shows each cut to a label's length).
    private var options: [String] = []
    private var inputKey: String?
    private var reported = ReportedInputValues()

    private static let measuring = DropdownComponent()

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:dropdown`).
    public init() {}

    public func loadView() {
        FrameworkStyle.installIfNeeded()
        let dropdown = Dropdown()
        dropdown.onChanged = { [weak self] index in self?.chose(index) }
        field = InputField(control: dropdown, title: .beside)
        self.dropdown = dropdown
    }

    public func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        InputField.preferredSize(of: Self.measuring, forDisplaying: model, containerViewSize: containerViewSize,
                                 detail: model.input?.options ?? [])
    }

    public func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let field, let dropdown else { return }
        let input = model.input
        self.input = input
        inputKey = ReportedInputValues.key(of: model)
        field.show(title: model.title, message: input?.message)
        dropdown.isEnabled = model.isEnabled
        let options = input?.options ?? []
        // New options select none: set them only when they changed, then the selection.
        let optionsChanged = self.options != options
        if optionsChanged {
            self.options = options
            dropdown.options = options
        }
        let value = input?.value
        let isBehind = value.map { reported.isBehind($0, key: inputKey) } ?? false
        let index = InputValues.index(of: value, among: options, type: input?.variableType)
        if optionsChanged || (!isBehind && dropdown.selectedIndex != index) {
            dropdown.selectedIndex = index
        }
    }

    public func focusInput() -> Bool {
        guard let dropdown else { return false }
        dropdown.grabFocus()
        return dropdown.containsFocus
    }

    private func chose(_ index: Int?) {
        guard let input, let index,
            let value = InputValues.value(ofOption: index, among: options, type: input.variableType)
        else { return }
        reported.reported(value, key: inputKey)
        inputDelegate?.component(self, didChangeInputValue: value)
        // An option chosen is a choice made: its message may show.
        inputDelegate?.componentDidLeaveInput(self)
    }
}
