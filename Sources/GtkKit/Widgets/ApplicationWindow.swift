internal import CGtk

/// A window that belongs to an ``Application`` (GtkApplicationWindow): the application runs while
/// it is open, and the application's actions and their keyboard shortcuts work in it.
@MainActor
open class ApplicationWindow: Window {
    /// A new, hidden window of `application`.
    public init(application: Application) {
        super.init(owning: gtk_application_window_new(application.gtkApplication))
    }
}
