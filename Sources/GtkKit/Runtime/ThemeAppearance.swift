internal import CGtk
import Foundation

/// Whether GTK draws the app light or dark, and when that changes.
///
/// GTK 3 draws dark when the app asks for its theme's dark variant (`gtk-application-prefer-dark-theme`,
/// which an app sets from the person's choice of style) or when the theme itself is a dark one
/// (`Adwaita-dark`, `HighContrastInverse`). Views read it so that what they show follows the colours
/// the person sees (a document's `env.colorScheme`).
@MainActor
public enum ThemeAppearance {
    /// True when GTK draws the app dark; false without a display.
    public static var drawsDark: Bool { hub_settings_draws_dark() != 0 }

    /// True when GTK draws a high-contrast theme: `HighContrast` or `HighContrastInverse` (GTK's own,
    /// which ``SystemStyle`` switches to when the person asks for high contrast), named by GTK's
    /// settings or by the `GTK_THEME` environment variable, which overrides them.
    public static var isHighContrast: Bool {
        let override = ProcessInfo.processInfo.environment["GTK_THEME"].flatMap { $0.split(separator: ":").first }
        if let override { return override.hasPrefix("HighContrast") }
        guard let name = hub_settings_get_string("gtk-theme-name") else { return false }
        defer { g_free(name) }
        return String(cString: name).hasPrefix("HighContrast")
    }

    /// Calls `handler` whenever what decides ``drawsDark`` or ``isHighContrast`` changes, until the returned observation
    /// is let go or stopped.
    public static func observe(_ handler: @escaping @MainActor () -> Void) -> Observation {
        Observation(handler)
    }

    /// Follows the two GTK settings that decide ``ThemeAppearance/drawsDark`` and
    /// ``ThemeAppearance/isHighContrast``.
    @MainActor
    public final class Observation {
        private var connections: [SignalConnection] = []

        init(_ handler: @escaping @MainActor () -> Void) {
            guard let settings = hub_default_settings() else { return }
            for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
                connections.append(GSignal.connect(settings, "notify::\(property)", handler))
            }
        }

        /// Stops calling the handler.
        public func stop() {
            for connection in connections { connection.disconnect() }
            connections.removeAll()
        }

        isolated deinit { stop() }
    }
}
