internal import CGtk
import Foundation

/// The icon theme that named icons (``Button/init(iconName:tooltip:)``, ``Window/iconName``) come
/// from: GTK's default theme for the screen.
@MainActor
public enum IconTheme {
    /// Adds `directory` to the folders searched for icons, after the theme's own: an application
    /// ships its icon there (in the theme layout, `hicolor/scalable/apps/ID.svg`, or flat, `ID.svg`).
    public static func appendSearchPath(_ directory: URL) {
        gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), directory.path)
    }

    /// True when an icon named `name` can be found (in the theme or a folder added with
    /// ``appendSearchPath(_:)``).
    public static func hasIcon(named name: String) -> Bool {
        gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), name) != 0
    }
}
