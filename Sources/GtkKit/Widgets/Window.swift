internal import CGtk

/// A top-level window (GtkWindow).
///
/// GTK keeps a window alive until it is closed or destroyed; the Swift object keeps its own
/// reference too, so reading a closed window's properties is safe.
@MainActor
open class Window: Container {
    private var closeRequestHandler: (@MainActor () -> Bool)?

    /// A new, hidden window.
    public init() {
        super.init(owning: gtk_window_new(GTK_WINDOW_TOPLEVEL))
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// The title in the window list and, without a custom title bar, in the title bar. Kept to one
    /// line of at most 1,024 bytes (a longer one is cut with "…"): the title is a property of the
    /// window on the display server, and one of tens of megabytes would make X refuse the request and
    /// end the process.
    public var title: String {
        get { gtk_window_get_title(hub_window(gtkWidget)).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(hub_window(gtkWidget), DisplayText.title(newValue)) }
    }

    /// The icon's name in the icon theme (normally the application id).
    public var iconName: String? {
        get { gtk_window_get_icon_name(hub_window(gtkWidget)).map { String(cString: $0) } }
        set { gtk_window_set_icon_name(hub_window(gtkWidget), newValue) }
    }

    /// The icon of windows that set no ``iconName`` of their own (normally the application id),
    /// from the ``IconTheme``.
    public static var defaultIconName: String? {
        get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
        set { gtk_window_set_default_icon_name(newValue) }
    }

    /// The size the window opens at.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(hub_window(gtkWidget), Int32(width), Int32(height))
    }

    /// Resizes the window.
    public func resize(width: Int, height: Int) {
        gtk_window_resize(hub_window(gtkWidget), Int32(width), Int32(height))
    }

    /// The window's current size (its default size until it is shown); what to remember of a window
    /// the user resized.
    public var size: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_size(hub_window(gtkWidget), &width, &height)
        return (Int(width), Int(height))
    }

    /// Whether the window is maximized; setting it asks the window manager to (un)maximize it.
    public var isMaximized: Bool {
        get { gtk_window_is_maximized(hub_window(gtkWidget)) != 0 }
        set {
            if newValue { gtk_window_maximize(hub_window(gtkWidget)) } else { gtk_window_unmaximize(hub_window(gtkWidget)) }
        }
    }

    /// Whether the user can resize the window.
    public var isResizable: Bool {
        get { gtk_window_get_resizable(hub_window(gtkWidget)) != 0 }
        set { gtk_window_set_resizable(hub_window(gtkWidget), newValue ? 1 : 0) }
    }

    /// Whether the window blocks input to the window it is ``transientParent`` of.
    public var isModal: Bool {
        get { gtk_window_get_modal(hub_window(gtkWidget)) != 0 }
        set { gtk_window_set_modal(hub_window(gtkWidget), newValue ? 1 : 0) }
    }

    /// The window this one belongs to (dialogs stay above it).
    public weak var transientParent: Window? {
        didSet { gtk_window_set_transient_for(hub_window(gtkWidget), transientParent.map { hub_window($0.gtkWidget) }) }
    }

    /// Whether the window is destroyed with its ``transientParent`` (a dialog or a window about
    /// its parent, which would otherwise stay open alone).
    public var destroysWithParent: Bool {
        get { gtk_window_get_destroy_with_parent(hub_window(gtkWidget)) != 0 }
        set { gtk_window_set_destroy_with_parent(hub_window(gtkWidget), newValue ? 1 : 0) }
    }

    /// The widget used as the title bar (normally a ``HeaderBar``).
    public var titleBar: Widget? {
        didSet {
            if let oldValue, oldValue.parent === self { remove(oldValue) }
            if let titleBar { adopt(titleBar) }
            gtk_window_set_titlebar(hub_window(gtkWidget), titleBar?.gtkWidget)
        }
    }

    /// Shows the window and brings it to the front.
    public func present() {
        gtk_window_present(hub_window(gtkWidget))
    }

    /// Asks the window to close, as its close button does (``onCloseRequest`` may refuse).
    public func close() {
        gtk_window_close(hub_window(gtkWidget))
    }

    /// Destroys the window at once.
    public func destroy() {
        gtk_widget_destroy(gtkWidget)
    }

    /// Takes the keyboard focus away from whichever widget has it.
    public func clearFocus() {
        gtk_window_set_focus(hub_window(gtkWidget), nil)
    }

    /// Called when the user asks to close the window; return true to keep it open.
    public var onCloseRequest: (@MainActor () -> Bool)? {
        get { closeRequestHandler }
        set {
            closeRequestHandler = newValue
            connectOnce("delete-event") {
                GSignal.connectEvent(gtkWidget, "delete-event") { [unowned self] _ in
                    self.closeRequestHandler?() ?? false
                }
            }
        }
    }
}

extension Widget {
    /// Takes the keyboard focus away from this widget (and anything inside it) when it has it.
    public func resignFocus() {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(hub_window(toplevel))
        else { return }
        if focus == gtkWidget || gtk_widget_is_ancestor(focus, gtkWidget) != 0 {
            gtk_window_set_focus(hub_window(toplevel), nil)
        }
    }
}
