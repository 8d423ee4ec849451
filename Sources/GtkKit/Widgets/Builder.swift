internal import CGtk

/// The objects of a GtkBuilder `.ui` definition in the registered resource bundles: a window's
/// fixed layout (a header bar and its buttons), a menu, a dialog, as GNOME apps keep them, where
/// designers and the GTK Inspector see them. Each accessor hands out the object with the given
/// `id` as the GtkKit type it promises, or nil when there is none of that class.
///
/// ```swift
/// let definition = try Builder(resource: "/org/example/App/window.ui", translationDomain: strings)
/// if let headerBar = definition.headerBar("header-bar") { window.titleBar = headerBar }
/// menuButton.menu = definition.menu("primary-menu")
/// ```
///
/// Strings marked `translatable="yes"` are translated in `translationDomain` as the definition is
/// read; mark them for `xgettext` by listing the `.ui` file among the translated sources. Each
/// `Builder` makes its objects anew: read the definition once for each window that shows them.
@MainActor
public final class Builder {
    private let builder: UnsafeMutablePointer<GtkBuilder>

    /// Reads the definition at `path` in the registered resource bundles
    /// (`/org/example/App/window.ui`), translating its strings in `translationDomain`. Throws when
    /// there is no such resource or it is not a valid definition (GLib's message names the line).
    public init(resource path: String, translationDomain: TextDomain = .framework) throws(GLibError) {
        // The framework's own definitions are in its linked-in bundle, registered on first need.
        FrameworkResources.registerIfNeeded()
        translationDomain.prepareForLookups()
        builder = gtk_builder_new()
        gtk_builder_set_translation_domain(builder, translationDomain.name)
        var error: UnsafeMutablePointer<GError>?
        // Every stored property is set, so a throw here still runs deinit, which releases the builder.
        if gtk_builder_add_from_resource(builder, path, &error) == 0 {
            // GtkBuilder names the line of a mistake but not the file.
            let message = GLibError(taking: error).message
            throw GLibError(message: message.contains(path) ? message : "\(path): \(message)")
        }
    }

    isolated deinit {
        // Widgets handed out keep references of their own; the builder's go with it.
        g_object_unref(UnsafeMutableRawPointer(builder))
    }

    /// The object `id` when it is a `type`.
    private func object(_ id: String, _ type: GType) -> UnsafeMutableRawPointer? {
        hub_builder_object(builder, id, type)
    }

    /// The widget `id` when it is a `type`: the Swift object already made for it, or one `wrap` makes.
    private func widget<W: Widget>(_ id: String, _ type: GType,
                                   _ wrap: (UnsafeMutablePointer<GtkWidget>) -> W) -> W?
    {
        guard let pointer = object(id, type) else { return nil }
        let widget = pointer.assumingMemoryBound(to: GtkWidget.self)
        if let existing = Widget.wrapper(of: widget) { return existing as? W }
        return wrap(widget)
    }

    /// The menu `id` (a `<menu>` or one of its `<section id="…">`s); items appended to it show
    /// wherever the menu does.
    public func menu(_ id: String) -> Menu? {
        object(id, g_menu_get_type()).map { Menu(retaining: OpaquePointer($0)) }
    }

    /// The header bar `id` (GtkHeaderBar).
    public func headerBar(_ id: String) -> HeaderBar? {
        widget(id, gtk_header_bar_get_type()) { HeaderBar(owning: $0) }
    }

    /// The button `id` (GtkButton, and not a menu button: ask for that with ``menuButton(_:)``).
    public func button(_ id: String) -> Button? {
        guard object(id, gtk_menu_button_get_type()) == nil else { return nil }
        return widget(id, gtk_button_get_type()) { Button(owning: $0) }
    }

    /// The menu button `id` (GtkMenuButton).
    public func menuButton(_ id: String) -> MenuButton? {
        widget(id, gtk_menu_button_get_type()) { MenuButton(owning: $0) }
    }

    /// The box `id` (GtkBox).
    public func box(_ id: String) -> Box? {
        widget(id, gtk_box_get_type()) { Box(owning: $0) }
    }

    /// The label `id` (GtkLabel).
    public func label(_ id: String) -> Label? {
        widget(id, gtk_label_get_type()) { Label(owning: $0) }
    }

    /// The entry `id` (GtkEntry).
    public func entry(_ id: String) -> Entry? {
        widget(id, gtk_entry_get_type()) { Entry(owning: $0) }
    }

    /// The spinner `id` (GtkSpinner).
    public func spinner(_ id: String) -> Spinner? {
        widget(id, gtk_spinner_get_type()) { Spinner(owning: $0) }
    }

    /// The keyboard shortcuts window `id` (GtkShortcutsWindow, defined without sections) showing
    /// the section `sectionID` (a GtkShortcutsSection of the definition, outside the window). Each
    /// shortcut of the section that names an action (`action-name`, `app.quit`) shows the keys
    /// `application` has for it now (one whose action has none is left out, and a group left
    /// empty with it), and `groups` follow the section's own. Nil when the definition has no such
    /// window or section, or the section was used already.
    ///
    /// The section is completed before it goes into the window because GTK copies its shortcuts
    /// into the window's search results then, as they are.
    public func shortcutsWindow(_ id: String, section sectionID: String, keysOf application: Application,
                                appending groups: [ShortcutsWindow.Group] = []) -> ShortcutsWindow?
    {
        guard let pointer = object(sectionID, gtk_shortcuts_section_get_type()),
              case let section = pointer.assumingMemoryBound(to: GtkWidget.self), gtk_widget_get_parent(section) == nil,
              let window = widget(id, gtk_shortcuts_window_get_type(), { ShortcutsWindow(owning: $0) })
        else { return nil }
        window.fill(section: section, keysOf: application, appending: groups)
        return window
    }
}
