import Foundation
import HubGTK
import HubFramework
import Logging

/// Loads the viewer's stylesheet and icons.
@MainActor
enum ViewerStyle {
    /// Kept so that the stylesheet is loaded once per process (the screen keeps it installed).
    private static var styleSheet: StyleSheet?
    private static var loaded = false

    static func load() {
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
        Window.defaultIconName = ViewerApplication.applicationID
    }
}
