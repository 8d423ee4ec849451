internal import CGtk

/// A check box with a label beside it (GtkCheckButton). Clicking the label toggles the box too.
/// The label wraps onto several lines when the box is narrower than it.
///
/// ```swift
/// let terms = CheckButton(label: "I accept the terms")
/// terms.onToggled = { [weak self] isChecked in self?.accepted = isChecked }
/// ```
@MainActor
open class CheckButton: Widget {
    private let userChanges = UserChangeNotifier<@MainActor (Bool) -> Void>()
    /// The box's label: a ``Label``, so that a long text from a document is bounded and wraps
    /// as any label's does.
    private let labelWidget = Label()

    /// An unchecked box labelled `label` (shown as it is: an underscore is not a mnemonic). The
    /// label is also the box's accessible name.
    public init(label: String = "") {
        super.init(owning: gtk_check_button_new())
        labelWidget.xAlignment = 0
        labelWidget.wrapsLines = true
        labelWidget.text = label
        labelWidget.show()
        gtk_container_add(hub_container(gtkWidget), labelWidget.gtkWidget)
    }

    /// The text beside the box, cut to ``Label/maximumTextLength`` when longer.
    public var label: String {
        get { labelWidget.text }
        set { labelWidget.text = newValue }
    }

    /// Whether the box is checked. Setting it does not call ``onToggled``: only the user's changes
    /// do, so a closure that stores the state where it came from cannot loop.
    public var isChecked: Bool {
        get { gtk_toggle_button_get_active(hub_toggle_button(gtkWidget)) != 0 }
        set {
            userChanges.withoutNotification {
                gtk_toggle_button_set_active(hub_toggle_button(gtkWidget), newValue ? 1 : 0)
            }
        }
    }

    /// Called with the new state when the user checks or unchecks the box (by pointer, keyboard or
    /// assistive technology; not when ``isChecked`` is set in code).
    public var onToggled: (@MainActor (Bool) -> Void)? {
        get { userChanges.handler }
        set {
            userChanges.setHandler(newValue, connecting: "toggled", of: self) { [unowned self] in $0(self.isChecked) }
        }
    }
}
