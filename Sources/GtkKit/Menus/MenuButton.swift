internal import CGtk

/// A button that shows a ``Menu`` in a popover when pressed (GtkMenuButton), such as the primary
/// menu at the end of a window's header bar.
///
/// ```swift
/// let button = MenuButton(iconName: "open-menu-symbolic", tooltip: "Main Menu")
/// button.menu = menu
/// headerBar.packEnd(button)
/// ```
@MainActor
public final class MenuButton: Button {
    /// A menu button showing a symbolic icon. `tooltip` is also its accessible name: an icon alone
    /// says nothing to a screen reader.
    public override init(iconName: String, tooltip: String) {
        super.init(owning: gtk_menu_button_new())
        gtk_button_set_image(hub_button(gtkWidget), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        self.tooltip = tooltip
        accessibleName = tooltip
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// The menu the button shows; nil shows nothing (the button is then disabled).
    public var menu: Menu? {
        didSet {
            gtk_menu_button_set_menu_model(hub_menu_button(gtkWidget),
                                           menu.map { hub_menu_model(UnsafeMutableRawPointer($0.gMenu)) })
        }
    }

    /// Whether the menu is shown; setting it shows or hides the menu, as pressing the button does.
    public var isMenuShown: Bool {
        get { gtk_toggle_button_get_active(hub_toggle_button(gtkWidget)) != 0 }
        set { gtk_toggle_button_set_active(hub_toggle_button(gtkWidget), newValue ? 1 : 0) }
    }
}
