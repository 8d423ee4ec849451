import CGtk
import Foundation
import HubGTK

/// Loads the viewer's stylesheet and icons.
@MainActor
enum ViewerStyle {
    private static var loaded = false

    static func load() {
        guard !loaded else { return }
        loaded = true
        let css = ResourceLocator.resource("hub-viewer.css")
        if let error = Gtk.loadCSS(path: css.path) {
            FileHandle.standardError.write(Data("hub-viewer: cannot load \(css.path): \(error)\n".utf8))
        }
        let icons = ResourceLocator.resource("icons").path
        gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), icons)
        gtk_window_set_default_icon_name(ViewerApplication.applicationID)
    }
}
