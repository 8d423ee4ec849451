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
public final class SwitchComponent: InputFieldComponent {
    /// The switch (tests turn it).
    private(set) var toggle: Switch?

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:switch`).
    public required init() {}

    override func makeField() -> InputField {
        let toggle = Switch()
        // A switch turned is a choice made: its message may show.
        toggle.onToggled = { [weak self] isOn in self?.reportChoice(.boolean(isOn)) }
        self.toggle = toggle
        return InputField(control: toggle, title: .beside)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let toggle else { return }
        if let isOn = isOnToShow(of: configureField(with: model)), toggle.isOn != isOn {
            toggle.isOn = isOn
        }
    }
}
