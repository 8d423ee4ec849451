import GtkKit
import HubFramework

/// `default:button` — a push button whose label is the model's title. Pressing it (a click, Space
/// or Enter, an assistive technology) selects the component, as a click on a row does, so that its
/// target's actions run: this is how a document's `submit` is pressed.
///
/// It is insensitive while the model is not enabled (``/HubFramework/ComponentModel/isEnabled``:
/// a button whose `submit` waits for a form whose inputs are not all valid), and while the request
/// it sent waits for its answer (``/HubFramework/ComponentModel/isBusy``), when a spinner named
/// "Sending" turns beside it.
///
/// ```json
/// {"component": {"id": "default:button"}, "text": {"title": "Sign up"},
///  "target": {"actions": [{"type": "submit", "form": "signup", "then": […]}]}}
/// ```
@MainActor
public final class ButtonComponent: InputFieldComponent {
    /// The button (tests press it).
    private(set) var button: Button?
    /// Turns beside the button while its request is in flight.
    private(set) var busy: BusyIndicator?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:button`).
    public required init() {}

    override func makeField() -> InputField {
        // The title is shown as it is: an underscore in a document is not a mnemonic.
        let button = Button(label: "", mnemonic: false)
        button.horizontalAlignment = .start
        button.onClicked = { [weak self] in self?.pressed() }
        let line = Box(.horizontal, spacing: 8)
        line.append(button)
        // Beside the button, once a request of its is first in flight.
        let busy = BusyIndicator { [weak line] spinner in line?.append(spinner) }
        line.horizontalAlignment = .start
        self.button = button
        self.busy = busy
        return InputField(control: button, holder: line, title: .none)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let button else { return }
        button.label = DisplayText.cut(model.title ?? "", to: DisplayText.maximumLength)
        configureField(with: model)
        busy?.show(for: model)
    }

    private func pressed() {
        inputDelegate?.componentWasActivated(self)
    }
}
