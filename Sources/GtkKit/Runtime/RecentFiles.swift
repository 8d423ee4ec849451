internal import CGtk
import Foundation

/// The desktop's list of recently used files (GtkRecentManager, stored in
/// `$XDG_DATA_HOME/recently-used.xbel`), which file choosers, the file manager and the shell's
/// search show. Adding a file records this application as one that opens it.
///
/// ```swift
/// RecentFiles.desktop.add(URL(fileURLWithPath: "/home/me/view.json"))
/// ```
@MainActor
public final class RecentFiles {
    private let manager: UnsafeMutablePointer<GtkRecentManager>

    /// The desktop's own list, shared by every application of the session.
    public static var desktop: RecentFiles { shared }
    private static let shared = RecentFiles(manager: gtk_recent_manager_get_default(), owned: false)

    private init(manager: UnsafeMutablePointer<GtkRecentManager>, owned: Bool) {
        self.manager = manager
        if !owned { g_object_ref(UnsafeMutableRawPointer(manager)) }
    }

    /// A list of its own, kept in `file` (written when files are added): for tests, which must
    /// leave the desktop's list alone.
    public convenience init(storedIn file: URL) {
        self.init(manager: hub_recent_manager_new_for_file(file.path), owned: true)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(manager))
    }

    /// Records `url` as used now, by this application. GTK writes the list out shortly after.
    /// Returns false when GTK refused it (a URL it cannot read).
    @discardableResult
    public func add(_ url: URL) -> Bool {
        gtk_recent_manager_add_item(manager, url.absoluteString) != 0
    }

    /// Whether the list holds `url`. (Looked up rather than asked with gtk_recent_manager_has_item,
    /// which reports a critical warning about a list that has never held anything.)
    public func contains(_ url: URL) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let info = gtk_recent_manager_lookup_item(manager, url.absoluteString, &error) else {
            g_clear_error(&error)
            return false
        }
        gtk_recent_info_unref(info)
        return true
    }
}
