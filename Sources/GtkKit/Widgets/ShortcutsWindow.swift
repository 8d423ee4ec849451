internal import CGtk

/// The window that lists an application's keyboard shortcuts (GtkShortcutsWindow), by group, each
/// shortcut with what it does and its keys drawn as keycaps, as every GNOME application shows it
/// with Ctrl+?. Escape or its close button closes (and destroys) it.
///
/// ```swift
/// let shortcuts = ShortcutsWindow(groups: [
///     .init(title: "Navigation", shortcuts: [.init(title: "Back", accelerators: ["<Alt>Left"])]),
/// ])
/// shortcuts.transientParent = window
/// shortcuts.present()
/// ```
@MainActor
public final class ShortcutsWindow: Window {
    /// One shortcut: what it does and the keys that do it.
    public struct Shortcut: Sendable, Equatable {
        /// What the keys do ("Go back").
        public var title: String
        /// The keys, in GTK's syntax (`"<Control>n"`, `"<Alt>Left"`, `"F5"`); several are
        /// alternatives, shown side by side.
        public var accelerators: [String]

        /// A shortcut titled `title`, done by any of `accelerators`.
        public init(title: String, accelerators: [String]) {
            self.title = title
            self.accelerators = accelerators
        }
    }

    /// Shortcuts listed together under a heading.
    public struct Group: Sendable, Equatable {
        /// The group's heading ("Navigation").
        public var title: String
        /// The group's shortcuts, in order.
        public var shortcuts: [Shortcut]

        /// A group titled `title` listing `shortcuts`.
        public init(title: String, shortcuts: [Shortcut]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    /// The GtkShortcutsShortcut widgets, in order, each with a reference of this object's, so that
    /// they can be read after the window is destroyed.
    private var shortcutWidgets: [UnsafeMutablePointer<GtkWidget>] = []

    /// A hidden window listing `groups`, in order; ``Window/present()`` shows it. Groups without shortcuts
    /// are left out.
    public init(groups: [Group]) {
        super.init(owning: hub_shortcuts_window_new())
        gtk_container_add(hub_container(gtkWidget), hub_shortcuts_section_new("shortcuts"))
        for group in groups { append(group) }
    }

    /// A window a ``Builder`` made, with the shortcuts its definition lists.
    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
        for shortcut in descendants(ofType: gtk_shortcuts_shortcut_get_type()) {
            g_object_ref(UnsafeMutableRawPointer(shortcut))
            shortcutWidgets.append(shortcut)
        }
    }

    isolated deinit {
        for widget in shortcutWidgets { g_object_unref(UnsafeMutableRawPointer(widget)) }
    }

    /// The widgets of GTK type `type` in `root` (the window when nil), in order.
    private func descendants(ofType type: GType, in root: UnsafeMutablePointer<GtkWidget>? = nil)
        -> [UnsafeMutablePointer<GtkWidget>]
    {
        guard let array = hub_descendants_of_type(root ?? gtkWidget, type) else { return [] }
        defer { g_ptr_array_unref(array) }
        return (0..<Int(array.pointee.len)).compactMap { array.pointee.pdata[$0]?.assumingMemoryBound(to: GtkWidget.self) }
    }

    /// Adds `group` after the groups already listed (in the window's first section); a group without
    /// shortcuts is left out.
    public func append(_ group: Group) {
        guard !group.shortcuts.isEmpty else { return }
        let section: UnsafeMutablePointer<GtkWidget>
        if let first = descendants(ofType: gtk_shortcuts_section_get_type()).first {
            section = first
        } else {
            section = hub_shortcuts_section_new("shortcuts")
            gtk_container_add(hub_container(gtkWidget), section)
        }
        let groupWidget = hub_shortcuts_group_new(DisplayText.title(group.title))!
        for shortcut in group.shortcuts {
            let widget = hub_shortcuts_shortcut_new(DisplayText.title(shortcut.title),
                                                    shortcut.accelerators.joined(separator: " "))!
            gtk_container_add(hub_container(groupWidget), widget)
            g_object_ref(UnsafeMutableRawPointer(widget))
            shortcutWidgets.append(widget)
        }
        gtk_container_add(hub_container(section), groupWidget)
    }

    /// Gives each shortcut that names an action (the `action-name` of a GtkShortcutsShortcut in a
    /// `.ui` definition, `app.quit`) the keys `application` has for it now, so that the list cannot
    /// drift from the keys. A shortcut whose action has no keys is taken out, and a group left
    /// without shortcuts with it. (GTK fills the keys in itself only for an application window's
    /// help overlay.)
    public func showAccelerators(of application: Application) {
        shortcutWidgets.removeAll { widget in
            guard let action = hub_shortcuts_shortcut_get_action(widget) else { return false }
            defer { g_free(action) }
            let accelerators = application.accelerators(forAction: String(cString: action))
            if accelerators.isEmpty {
                gtk_widget_destroy(widget)
                g_object_unref(UnsafeMutableRawPointer(widget))
                return true
            }
            hub_shortcuts_shortcut_set_accelerator(widget, accelerators.joined(separator: " "))
            return false
        }
        for group in descendants(ofType: gtk_shortcuts_group_get_type())
        where descendants(ofType: gtk_shortcuts_shortcut_get_type(), in: group).isEmpty {
            gtk_widget_destroy(group)
        }
    }

    /// The shortcuts the window shows, read back from GTK, in order.
    public var shortcuts: [Shortcut] {
        shortcutWidgets.map { widget in
            var title: UnsafeMutablePointer<gchar>?
            var accelerator: UnsafeMutablePointer<gchar>?
            hub_shortcuts_shortcut_get(widget, &title, &accelerator)
            defer {
                g_free(title)
                g_free(accelerator)
            }
            let accelerators = accelerator.map { String(cString: $0) }?.split(separator: " ").map(String.init) ?? []
            return Shortcut(title: title.map { String(cString: $0) } ?? "", accelerators: accelerators)
        }
    }
}
