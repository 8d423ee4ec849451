internal import CGtk

/// An on/off switch (GtkSwitch).
///
/// ```swift
/// let notifications = Switch()
/// notifications.accessibleName = "Notifications"
/// notifications.isOn = settings.notifies
/// notifications.onToggled = { [weak self] isOn in self?.settings.notifies = isOn }
/// ```
@MainActor
open class Switch: Widget {
    private let userChanges = UserChangeNotifier<@MainActor (Bool) -> Void>()

    /// A switch that is off.
    public init() {
        super.init(owning: gtk_switch_new())
    }

    /// Whether the switch is on. Setting it does not call ``onToggled``: only the user's changes
    /// do, so a closure that stores the state where it came from cannot loop.
    public var isOn: Bool {
        get { gtk_switch_get_active(hub_switch(gtkWidget)) != 0 }
        set { userChanges.withoutNotification { gtk_switch_set_active(hub_switch(gtkWidget), newValue ? 1 : 0) } }
    }

    /// Called with the new state when the user turns the switch on or off (by pointer, keyboard or
    /// assistive technology; not when ``isOn`` is set in code).
    public var onToggled: (@MainActor (Bool) -> Void)? {
        get { userChanges.handler }
        set {
            // `notify::active` follows the state whoever changes it; `state-set` would also report
            // a change that a handler of its own then refuses.
            userChanges.setHandler(newValue, connecting: "notify::active", of: self) { [unowned self] in $0(self.isOn) }
        }
    }
}
