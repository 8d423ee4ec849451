internal import CGtk
import Foundation

/// The desktop the application runs in: hands URIs the application does not show itself to the
/// user's default handlers.
@MainActor
public enum Desktop {
    /// Opens `uri` with the desktop's default application for its scheme (a web browser for
    /// `https`, the mail client for `mailto`). `window`, when given, is the window asking: the
    /// desktop may place what it opens relative to it.
    public static func open(_ uri: URL, from window: Window? = nil) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        let parent = window.flatMap { hub_window($0.gtkWidget) }
        guard gtk_show_uri_on_window(parent, uri.absoluteString, UInt32(GDK_CURRENT_TIME), &error) != 0 else {
            throw GLibError(taking: error, fallback: "no application opens \(uri.scheme ?? "this") URIs")
        }
    }
}
