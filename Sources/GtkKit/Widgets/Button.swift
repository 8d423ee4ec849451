internal import CGtk

/// A push button with a text or an icon (GtkButton).
///
/// ```swift
/// let retry = Button(label: "_Try Again")
/// retry.onClicked = { [weak self] in self?.reload() }
/// ```
@MainActor
open class Button: Container {
    /// A button showing `label`; an underscore marks the mnemonic (Alt + letter) when `mnemonic`.
    public init(label: String, mnemonic: Bool = true) {
        super.init(owning: mnemonic ? gtk_button_new_with_mnemonic(label) : gtk_button_new_with_label(label))
    }

    /// A button showing a symbolic icon. `tooltip` is also its accessible name: an icon alone says
    /// nothing to a screen reader.
    public init(iconName: String, tooltip: String) {
        super.init(owning: gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        self.tooltip = tooltip
        accessibleName = tooltip
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(hub_button(gtkWidget)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(hub_button(gtkWidget), newValue) }
    }

    /// Whether the button draws a frame (false for buttons inside rows and toolbars).
    public var hasFrame: Bool {
        get { gtk_button_get_relief(hub_button(gtkWidget)) == GTK_RELIEF_NORMAL }
        set { gtk_button_set_relief(hub_button(gtkWidget), newValue ? GTK_RELIEF_NORMAL : GTK_RELIEF_NONE) }
    }

    /// Called when the button is clicked (by pointer, keyboard or assistive technology).
    public var onClicked: (@MainActor () -> Void)? {
        get { handler(forSignal: "clicked") }
        set { setHandler(newValue, forSignal: "clicked") }
    }

    /// Clicks the button, as a user would.
    public func click() { gtk_button_clicked(hub_button(gtkWidget)) }
}
