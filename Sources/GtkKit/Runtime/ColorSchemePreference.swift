/// The person's choice between a light and a dark style for every app: GNOME's Appearance setting,
/// as the settings portal (`org.freedesktop.appearance` `color-scheme`) and GSettings
/// (`org.gnome.desktop.interface` `color-scheme`) store it.
public enum ColorSchemePreference: Sendable, Equatable {
    /// No choice: apps draw their default, light, style.
    case noPreference
    /// Dark, please.
    case preferDark
    /// Light, please.
    case preferLight

    /// The portal's number: 0 no preference, 1 prefer dark, 2 prefer light; nil for any other.
    public init?(portalValue: UInt32) {
        switch portalValue {
        case 0: self = .noPreference
        case 1: self = .preferDark
        case 2: self = .preferLight
        default: return nil
        }
    }

    /// GSettings' name: `default`, `prefer-dark` or `prefer-light`; nil for any other.
    public init?(settingsValue: String) {
        switch settingsValue {
        case "default": self = .noPreference
        case "prefer-dark": self = .preferDark
        case "prefer-light": self = .preferLight
        default: return nil
        }
    }
}
