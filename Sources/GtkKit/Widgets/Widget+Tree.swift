internal import CGtk
import Foundation
import HubFramework

extension Widget {
    /// Whether the keyboard focus of the widget's window is on the widget or on a widget inside it
    /// (an entry in a row, for instance).
    public var containsFocus: Bool {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(hub_window(toplevel))
        else { return false }
        return focus == gtkWidget || gtk_widget_is_ancestor(focus, gtkWidget) != 0
    }

    /// Activates the widget inside this one that has its window's keyboard focus, as Enter or Space
    /// does when GTK's window gets them: a button is pressed, a switch or a check box turned, a
    /// dropdown opened. For a container that handles those keys on their way up from the focus
    /// (they reach it before the window) and would otherwise keep them from the control. False when
    /// the focus is not inside this widget (on the widget itself neither), or is on a widget that
    /// has no activation (a slider).
    ///
    /// ```swift
    /// if !cell.isFocus, cell.containsFocus { return cell.activateFocusedDescendant() }
    /// ```
    public func activateFocusedDescendant() -> Bool {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(hub_window(toplevel)), focus != gtkWidget,
            gtk_widget_is_ancestor(focus, gtkWidget) != 0
        else { return false }
        return gtk_widget_activate(focus) != 0
    }

    /// The first non-empty accessible name of a shown widget in this widget's tree, itself
    /// included, depth first: a label's text, a named image or button. What a screen reader could
    /// call a group of widgets that has no name of its own.
    public var firstAccessibleNameInTree: String? {
        Self.firstAccessibleName(under: gtkWidget)
    }

    private static func firstAccessibleName(under root: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard gtk_widget_get_visible(root) != 0 else { return nil }
        if let accessible = gtk_widget_get_accessible(root), let name = atk_object_get_name(accessible) {
            let text = String(cString: name).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { return text }
        }
        guard hub_is_container(root) != 0 else { return nil }
        for child in Gtk.children(of: root) {
            if let name = firstAccessibleName(under: child) { return name }
        }
        return nil
    }

    /// Whether the widget and the GTK widget it was put in are both set to show (see
    /// ``isVisible``): false once either was hidden, whether or not a window shows them yet.
    public var isVisibleInParent: Bool {
        guard isVisible else { return false }
        guard let parent = gtk_widget_get_parent(gtkWidget) else { return true }
        return gtk_widget_get_visible(parent) != 0
    }

    /// How many device pixels the screen has per point for the widget: 2 on a HiDPI screen
    /// (`GDK_SCALE=2`), 1 otherwise.
    public var scaleFactor: Int { Int(max(1, gtk_widget_get_scale_factor(gtkWidget))) }

    /// Calls `handler` with the widget's new size each time GTK allocates it one. The returned
    /// connection stops the calls when disconnected (``onResize(_:)`` lasts as long as the widget).
    package func observeAllocation(_ handler: @escaping @MainActor (Size) -> Void) -> SignalConnection {
        GSignal.connectAllocate(gtkWidget) { rect in
            handler(Size(width: Double(rect.width), height: Double(rect.height)))
        }
    }
}

extension Widget {
    /// Whether the widget is its window's focus widget, whether or not the window is active now
    /// (``hasFocus`` also needs the window to have the keyboard).
    public var isFocus: Bool { gtk_widget_is_focus(gtkWidget) != 0 }
}
