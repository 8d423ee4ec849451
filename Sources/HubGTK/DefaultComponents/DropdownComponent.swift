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
public final class DropdownComponent: InputFieldComponent {
    /// The dropdown (tests choose in it).
    private(set) var dropdown: Dropdown?
    /// The options the dropdown was given (it shows each cut to a label's length).
    private var options: [String] = []

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:dropdown`).
    public required init() {}

    override func makeField() -> InputField {
        let dropdown = Dropdown()
        dropdown.onChanged = { [weak self] index in self?.chose(index) }
        self.dropdown = dropdown
        return InputField(control: dropdown, title: .beside)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let dropdown else { return }
        let input = configureField(with: model)
        let options = input?.options ?? []
        // New options select none: set them only when they changed, then the selection.
        let optionsChanged = self.options != options
        if optionsChanged {
            self.options = options
            dropdown.options = options
        }
        let value = input?.value
        let isBehind = value.map { !shouldShow($0) } ?? false
        let index = InputValues.index(of: value, among: options, type: input?.variableType)
        if optionsChanged || (!isBehind && dropdown.selectedIndex != index) {
            dropdown.selectedIndex = index
        }
    }

    /// The options: the dropdown is as high as its longest option wraps to beside the title.
    override func measuredDetail(of model: ComponentModel) -> [String] { model.input?.options ?? [] }

    private func chose(_ index: Int?) {
        guard let input, let index,
            let value = InputValues.value(ofOption: index, among: options, type: input.variableType)
        else { return }
        // An option chosen is a choice made: its message may show.
        reportChoice(value)
    }
}
