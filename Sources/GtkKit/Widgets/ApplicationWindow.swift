internal import CGtk

/// A window that belongs to an ``Application`` (GtkApplicationWindow): the application runs while
/// it is open, and the application's actions and their keyboard shortcuts work in it.
///
/// A window has actions of its own, `win.NAME` (``addAction(_:handler:)``): what a window does to
/// itself (close, go back). Their keys are the application's to give
/// (``Application/setAccelerators(_:forAction:)``); they work in whichever window has the focus.
/// With the application on the session bus, they are exported with the window, at
/// `APPLICATION_PATH/window/ID` (``id``), for `org.gtk.Actions` clients.
@MainActor
open class ApplicationWindow: Window {
    /// A new, hidden window of `application`.
    public init(application: Application) {
        super.init(owning: gtk_application_window_new(application.gtkApplication))
    }

    /// The window's number in its application (1 for the first window, then 2…), which names the
    /// object its actions are exported at on the session bus; 0 until the window is in an
    /// application that is registered.
    public var id: Int { Int(gtk_application_window_get_id(hub_application_window(gtkWidget))) }

    /// Adds a window action `win.name`, run by `handler`. An action of the same name replaces the
    /// one there. The action lives as long as the window, and so does `handler`: capture the window
    /// and what owns it weakly.
    public func addAction(_ name: String, handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        // The action's handler is released with the action, which the window's action map keeps.
        GSignal.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
        g_action_map_add_action(hub_action_map(gtkWidget), hub_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Whether the window has the action `win.name`.
    public func hasAction(_ name: String) -> Bool {
        g_action_map_lookup_action(hub_action_map(gtkWidget), name) != nil
    }

    /// Runs the window action `win.name`, as its keys or a menu item do; nothing when there is none.
    public func activateAction(_ name: String) {
        g_action_group_activate_action(hub_action_group(gtkWidget), name, nil)
    }
}
