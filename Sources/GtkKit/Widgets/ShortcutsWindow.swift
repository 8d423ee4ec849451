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
///
/// A window defined in a `.ui` file comes from
/// ``Builder/shortcutsWindow(_:section:keysOf:appending:)``, its shortcuts that name an action
/// (`action-name`) with the keys the application has for it, and groups made in code after them.
///
/// Make one when the person asks for it, not ahead of time or over and over: GTK 3 never frees a
/// shortcuts window's own parts (about 170 kB), so each window made stays in memory, destroyed, for
/// the rest of the process.
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
        Self.keepForever(gtkWidget)
        let section = hub_shortcuts_section_new("shortcuts")!
        for group in groups { append(group, to: section) }
        addSection(section)
    }

    /// A window a ``Builder`` made, without sections yet (``fill(section:keysOf:appending:)`` adds one).
    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
        Self.keepForever(gtkWidget)
    }

    /// Takes a reference to `window` that is never given back, so that GTK never frees it.
    ///
    /// GTK 3's GtkShortcutsWindow names only its sections to `gtk_container_foreach`, which is how a
    /// container destroys its children: destroying the window leaves its own box (the search bar, the
    /// search results, the "No Results Found" page, about 170 kB) alive, and GTK never frees it. Once
    /// the window itself was freed, the style of those parts still referred to it, and the next style
    /// change (a style sheet added, the dark style, high contrast) made GTK read the freed window:
    /// `gtk_widget_get_scale_factor: assertion 'GTK_IS_WIDGET (widget)' failed`, a dozen times per
    /// window closed, or worse once the memory was reused. Destroying the box with the window is not
    /// possible: the window's second dispose reads its stack. Kept, the window adds nothing measurable
    /// to what GTK leaks already (168 kB a window closed, with or without it).
    private static func keepForever(_ window: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(UnsafeMutableRawPointer(window))
    }

    isolated deinit {
        for widget in shortcutWidgets { g_object_unref(UnsafeMutableRawPointer(widget)) }
    }

    /// Adds `section`, complete, and keeps its shortcuts. GTK copies each shortcut of a section
    /// into the window's search results as the section is added, with the keys it has then: a
    /// shortcut changed or added later would be missing from a search, so nothing is changed after.
    private func addSection(_ section: UnsafeMutablePointer<GtkWidget>) {
        for shortcut in Self.descendants(of: section, ofType: gtk_shortcuts_shortcut_get_type()) {
            g_object_ref(UnsafeMutableRawPointer(shortcut))
            shortcutWidgets.append(shortcut)
        }
        gtk_container_add(hub_container(gtkWidget), section)
    }

    /// The widgets of GTK type `type` in `root`, in order.
    private static func descendants(of root: UnsafeMutablePointer<GtkWidget>, ofType type: GType)
        -> [UnsafeMutablePointer<GtkWidget>]
    {
        guard let array = hub_descendants_of_type(root, type) else { return [] }
        defer { g_ptr_array_unref(array) }
        return (0..<Int(array.pointee.len)).compactMap {
            array.pointee.pdata[$0]?.assumingMemoryBound(to: GtkWidget.self)
        }
    }

    /// Adds `group` to `section` after its groups; a group without shortcuts is left out.
    private func append(_ group: Group, to section: UnsafeMutablePointer<GtkWidget>) {
        guard !group.shortcuts.isEmpty else { return }
        let groupWidget = hub_shortcuts_group_new(DisplayText.title(group.title))!
        for shortcut in group.shortcuts {
            let widget = hub_shortcuts_shortcut_new(DisplayText.title(shortcut.title),
                                                    shortcut.accelerators.joined(separator: " "))!
            gtk_container_add(hub_container(groupWidget), widget)
        }
        gtk_container_add(hub_container(section), groupWidget)
    }

    /// Shows `section` of a definition (a GtkShortcutsSection not yet in a window): each of its
    /// shortcuts that names an action (`action-name`, `app.quit`) gets the keys `application` has
    /// for it now, so that the list cannot drift from the keys (GTK does that itself only for an
    /// application window's help overlay); one whose action has no keys is left out, and a group
    /// left without shortcuts with it; then `groups` follow.
    func fill(section: UnsafeMutablePointer<GtkWidget>, keysOf application: Application, appending groups: [Group]) {
        for shortcut in Self.descendants(of: section, ofType: gtk_shortcuts_shortcut_get_type()) {
            guard let action = hub_shortcuts_shortcut_get_action(shortcut) else { continue }
            defer { g_free(action) }
            let accelerators = application.accelerators(forAction: String(cString: action))
            if accelerators.isEmpty {
                gtk_widget_destroy(shortcut)
            } else {
                hub_shortcuts_shortcut_set_accelerator(shortcut, accelerators.joined(separator: " "))
            }
        }
        for group in Self.descendants(of: section, ofType: gtk_shortcuts_group_get_type())
        where Self.descendants(of: group, ofType: gtk_shortcuts_shortcut_get_type()).isEmpty {
            gtk_widget_destroy(group)
        }
        for group in groups { append(group, to: section) }
        addSection(section)
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
