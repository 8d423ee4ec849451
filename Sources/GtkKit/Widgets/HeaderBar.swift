internal import CGtk

/// The bar at the top of a window with its title and buttons (GtkHeaderBar), used as a
/// ``Window/titleBar``.
@MainActor
open class HeaderBar: Container {
    /// An empty header bar.
    public init() {
        super.init(owning: gtk_header_bar_new())
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// The title, shown when there is no ``customTitle``; kept to one line of at most 1,024 bytes.
    public var title: String {
        get { gtk_header_bar_get_title(hub_header_bar(gtkWidget)).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(hub_header_bar(gtkWidget), DisplayText.title(newValue)) }
    }

    /// A smaller line under the title.
    public var subtitle: String? {
        get { gtk_header_bar_get_subtitle(hub_header_bar(gtkWidget)).map { String(cString: $0) } }
        set { gtk_header_bar_set_subtitle(hub_header_bar(gtkWidget), newValue.map { DisplayText.title($0) }) }
    }

    /// Whether the window's close (and minimize, maximize) buttons show.
    public var showsWindowButtons: Bool {
        get { gtk_header_bar_get_show_close_button(hub_header_bar(gtkWidget)) != 0 }
        set { gtk_header_bar_set_show_close_button(hub_header_bar(gtkWidget), newValue ? 1 : 0) }
    }

    /// A widget shown in place of the title (an entry, a box with a label and an entry).
    public var customTitle: Widget? {
        didSet {
            if let oldValue, oldValue.parent === self { remove(oldValue) }
            if let customTitle { adopt(customTitle) }
            gtk_header_bar_set_custom_title(hub_header_bar(gtkWidget), customTitle?.gtkWidget)
        }
    }

    /// Adds `child` at the leading side, after those already there.
    public func packStart(_ child: Widget) {
        adopt(child)
        gtk_header_bar_pack_start(hub_header_bar(gtkWidget), child.gtkWidget)
    }

    /// Adds `child` at the trailing side, before (inward of) those already there.
    public func packEnd(_ child: Widget) {
        adopt(child)
        gtk_header_bar_pack_end(hub_header_bar(gtkWidget), child.gtkWidget)
    }
}
