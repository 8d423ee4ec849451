internal import CGtk

/// Watches whether a widget can be seen at all: it is mapped (shown, inside shown containers, in a
/// shown window, see ``Widget/isMapped``) and its window is not minimized. Minimizing does not unmap
/// anything in GTK 3, so the window's state is watched too, on whichever window the widget is in
/// now (it follows the widget from one window to another).
///
/// Whether the window has the keyboard focus plays no part: a window behind another one, or beside
/// the one in use, still shows its content.
@MainActor
package final class OnScreenMonitor {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let onChange: @MainActor () -> Void
    private var connections: [SignalConnection] = []
    /// The window the widget is in, with a reference of ours while its handler is connected, so that
    /// disconnecting never touches a freed window.
    private var toplevel: UnsafeMutablePointer<GtkWidget>?
    private var toplevelConnection: SignalConnection?
    private var isMinimized = false

    /// Starts watching `widget`; `onChange` is called after every change that may have changed
    /// ``isOnScreen`` (it may be called when nothing changed).
    package init(_ widget: Widget, onChange: @escaping @MainActor () -> Void) {
        self.widget = widget.gtkWidget
        self.onChange = onChange
        connections.append(GSignal.connect(self.widget, "map") { [weak self] in self?.onChange() })
        connections.append(GSignal.connect(self.widget, "unmap") { [weak self] in self?.onChange() })
        // `hierarchy-changed` passes the previous toplevel before the handler's data.
        connections.append(GSignal.connectPointer(self.widget, "hierarchy-changed") { [weak self] _ in
            guard let self else { return }
            self.followToplevel()
            self.onChange()
        })
        followToplevel()
    }

    isolated deinit {
        stop()
    }

    /// True while the widget is mapped and its window is not minimized.
    package var isOnScreen: Bool { gtk_widget_get_mapped(widget) != 0 && !isMinimized }

    /// Disconnects every handler; ``isOnScreen`` then only reports whether the widget is mapped.
    package func stop() {
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        detachFromToplevel()
    }

    /// Connects to the window the widget is in now, after leaving the one it was in.
    private func followToplevel() {
        let current = gtk_widget_get_toplevel(widget).flatMap { gtk_widget_is_toplevel($0) != 0 ? $0 : nil }
        guard current != toplevel else { return }
        detachFromToplevel()
        guard let current, !connections.isEmpty else { return }
        g_object_ref(UnsafeMutableRawPointer(current))
        toplevel = current
        if let window = gtk_widget_get_window(current) {
            isMinimized = gdk_window_get_state(window).rawValue & GDK_WINDOW_STATE_ICONIFIED.rawValue != 0
        }
        toplevelConnection = GSignal.connectEvent(current, "window-state-event") { [weak self] event in
                guard let self else { return false }
            let state = event.pointee.window_state
            if state.changed_mask.rawValue & GDK_WINDOW_STATE_ICONIFIED.rawValue != 0 {
                self.isMinimized = state.new_window_state.rawValue & GDK_WINDOW_STATE_ICONIFIED.rawValue != 0
                self.onChange()
            }
            return false
        }
    }

    private func detachFromToplevel() {
        toplevelConnection?.disconnect()
        toplevelConnection = nil
        if let toplevel { g_object_unref(UnsafeMutableRawPointer(toplevel)) }
        toplevel = nil
        isMinimized = false
    }
}
