internal import CGtk

/// A menu as a model (GMenu): items that run actions, in sections, which a ``MenuButton`` shows.
/// Items name actions the way GTK does: `app.NAME` for an ``Application`` action, `win.NAME` for an
/// ``ApplicationWindow`` action. An item whose action does not exist is shown disabled.
///
/// The model is live: an item added later appears in every menu button that shows the menu.
///
/// ```swift
/// let file = Menu()
/// file.append("New Window", action: "app.new-window")
/// let menu = Menu()
/// menu.appendSection(file)
/// menuButton.menu = menu
/// ```
@MainActor
public final class Menu {
    /// The GMenu.
    let gMenu: OpaquePointer

    /// An empty menu.
    public init() {
        gMenu = g_menu_new()
    }

    /// The menu `gMenu` (a GMenu a ``Builder`` made), with a reference of its own.
    init(retaining gMenu: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(gMenu))
        self.gMenu = gMenu
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(gMenu))
    }

    /// How many items and sections the menu has.
    public var count: Int { Int(g_menu_model_get_n_items(hub_menu_model(UnsafeMutableRawPointer(gMenu)))) }

    /// Adds an item labelled `label` (an underscore marks its mnemonic) that runs `action`
    /// (`app.NAME` or `win.NAME`).
    public func append(_ label: String, action: String) {
        g_menu_append(gMenu, label, action)
    }

    /// Adds `section` as a section of this menu: its items, set apart by separators, under `label`
    /// when given. The section stays live: items added to it later appear here.
    public func appendSection(_ section: Menu, label: String? = nil) {
        g_menu_append_section(gMenu, label, hub_menu_model(UnsafeMutableRawPointer(section.gMenu)))
    }

    /// Removes this menu's items that run `action` (those of its sections stay): an item a `.ui`
    /// definition has that this app leaves out.
    public func removeItems(action: String) {
        let model = hub_menu_model(UnsafeMutableRawPointer(gMenu))!
        for index in (0..<g_menu_model_get_n_items(model)).reversed()
        where Self.string(model, index, G_MENU_ATTRIBUTE_ACTION) == action {
            g_menu_remove(gMenu, index)
        }
    }

    /// The labels and actions of the items, sections' items included, in order: what the menu shows.
    public var items: [(label: String, action: String)] {
        Self.items(of: hub_menu_model(UnsafeMutableRawPointer(gMenu)))
    }

    private static func items(of model: UnsafeMutablePointer<GMenuModel>?) -> [(label: String, action: String)] {
        guard let model else { return [] }
        var result: [(label: String, action: String)] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                result += items(of: section)
                g_object_unref(UnsafeMutableRawPointer(section))
                continue
            }
            result.append((string(model, index, G_MENU_ATTRIBUTE_LABEL), string(model, index, G_MENU_ATTRIBUTE_ACTION)))
        }
        return result
    }

    private static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int32, _ attribute: String) -> String {
        guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
        defer { g_variant_unref(value) }
        guard g_variant_classify(value) == G_VARIANT_CLASS_STRING else { return "" }
        return String(cString: g_variant_get_string(value, nil))
    }
}
