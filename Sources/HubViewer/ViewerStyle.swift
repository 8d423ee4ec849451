import Foundation
import HubApp
import Logging

/// Loads the viewer's stylesheet (`Resources/hub-viewer.css`: the demo features' rules) and adds its
/// icon folder, once GTK is ready (`HubApplication.onStartup`).
@MainActor
public enum ViewerStyle {
    /// Kept so that the stylesheet is loaded once per process (the screen keeps it installed).
    private static var styleSheet: StyleSheet?
    private static var loaded = false

    /// Installs the stylesheet at the application's priority and adds `Resources/icons` to the icon
    /// theme; does nothing the second time.
    public static func load() {
        guard !loaded else { return }
        loaded = true
        let css = ResourceLocator.resource("hub-viewer.css")
        do {
            let sheet = try StyleSheet(contentsOf: css)
            sheet.install(priority: .application)
            styleSheet = sheet
        } catch {
            HubLogging.logger("viewer").error("cannot load \(css.path): \(error)")
        }
        IconTheme.appendSearchPath(ResourceLocator.resource("icons"))
    }
}
