internal import CGtk

/// Whether GTK animates: its `gtk-enable-animations` setting, which people with motion sensitivity
/// turn off (GNOME Settings' Reduce Animation, `org.gnome.desktop.interface enable-animations`,
/// which the desktop hands to every GTK app). While it is off, what GtkKit moves by itself does not
/// move: a scroll canvas's wheel steps, keys and scrolls to an offset jump there, and a touchpad
/// flick stops where the fingers left it.
@MainActor
public enum Animations {
    /// True unless the person turned animations off; true without a display.
    public static var areEnabled: Bool { hub_settings_get_boolean("gtk-enable-animations", 1) != 0 }

    /// Calls `handler` whenever ``areEnabled`` may have changed, until the returned connection is
    /// disconnected; nil without a display.
    package static func observe(_ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let settings = hub_default_settings() else { return nil }
        return GSignal.connect(settings, "notify::gtk-enable-animations", handler)
    }

    /// Turns animations on or off for the whole process, as the desktop does (the tests).
    package static func setEnabled(_ enabled: Bool) {
        hub_settings_set_boolean("gtk-enable-animations", enabled ? 1 : 0)
    }

    /// Gives the setting back to the desktop after ``setEnabled(_:)``.
    package static func resetToDesktop() {
        hub_settings_reset("gtk-enable-animations")
    }
}
