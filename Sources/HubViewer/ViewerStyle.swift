import Foundation
import HubGTK

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
            FileHandle.standardError.write(Data("hub-viewer: cannot load \(css.path): \(error)\n".utf8))
        }
        IconTheme.appendSearchPath(ResourceLocator.resource("icons"))
        Window.defaultIconName = ViewerApplication.applicationID
    }
}
