import CGtk
import HubFramework
import HubGTK

/// The viewer's main window: a header bar with navigation buttons, an address entry for view URIs
/// and the view's title, above the area that shows the current view.
@MainActor
public final class ViewerWindow {
    /// The GtkApplicationWindow.
    public let window: UnsafeMutablePointer<GtkWidget>
    public let headerBar: UnsafeMutablePointer<GtkWidget>
    public let backButton: UnsafeMutablePointer<GtkWidget>
    public let forwardButton: UnsafeMutablePointer<GtkWidget>
    public let reloadButton: UnsafeMutablePointer<GtkWidget>
    /// The address entry, where the user types view URIs.
    public let addressEntry: UnsafeMutablePointer<GtkWidget>
    /// Spins while a view's content loads.
    public let spinner: UnsafeMutablePointer<GtkWidget>
    /// Shows the view's navigation title.
    public let titleLabel: UnsafeMutablePointer<GtkWidget>
    /// Holds the buttons of the view's navigation item (right items).
    public let barItemsBox: UnsafeMutablePointer<GtkWidget>
    /// Holds the current view.
    public let contentArea: UnsafeMutablePointer<GtkWidget>

    public init(application: UnsafeMutablePointer<GtkApplication>) {
        window = gtk_application_window_new(application)
        gtk_window_set_default_size(hub_window(window), 1024, 768)
        gtk_window_set_title(hub_window(window), "Hub Viewer")
        gtk_window_set_icon_name(hub_window(window), "org.hubframework.Viewer")
        Gtk.addClass(window, "hub-viewer")

        headerBar = gtk_header_bar_new()
        gtk_header_bar_set_show_close_button(hub_header_bar(headerBar), 1)

        backButton = Gtk.iconButton("go-previous-symbolic", tooltip: "Back")
        forwardButton = Gtk.iconButton("go-next-symbolic", tooltip: "Forward")
        reloadButton = Gtk.iconButton("view-refresh-symbolic", tooltip: "Reload")
        gtk_widget_set_sensitive(backButton, 0)
        gtk_widget_set_sensitive(forwardButton, 0)

        let navigation = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        Gtk.addClass(navigation, "linked")
        gtk_container_add(hub_container(navigation), backButton)
        gtk_container_add(hub_container(navigation), forwardButton)
        gtk_header_bar_pack_start(hub_header_bar(headerBar), navigation)
        gtk_header_bar_pack_start(hub_header_bar(headerBar), reloadButton)

        addressEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(hub_entry(addressEntry), "Enter a view URI, such as hub-demo:root")
        gtk_entry_set_input_purpose(hub_entry(addressEntry), GTK_INPUT_PURPOSE_URL)
        gtk_entry_set_width_chars(hub_entry(addressEntry), 48)
        gtk_widget_set_hexpand(addressEntry, 1)
        Gtk.setAccessibleName(addressEntry, "Address")

        titleLabel = gtk_label_new("Hub Viewer")
        Gtk.addClass(titleLabel, "title")
        gtk_label_set_ellipsize(hub_label(titleLabel), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(hub_label(titleLabel), 28)
        let titleBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_pack_start(hub_box(titleBox), titleLabel, 0, 0, 0)
        gtk_box_pack_start(hub_box(titleBox), addressEntry, 1, 1, 0)
        gtk_header_bar_set_custom_title(hub_header_bar(headerBar), titleBox)

        spinner = gtk_spinner_new()
        gtk_widget_set_tooltip_text(spinner, "Loading")
        gtk_header_bar_pack_end(hub_header_bar(headerBar), spinner)
        barItemsBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_header_bar_pack_end(hub_header_bar(headerBar), barItemsBox)

        gtk_window_set_titlebar(hub_window(window), headerBar)

        contentArea = gtk_overlay_new()
        gtk_widget_set_hexpand(contentArea, 1)
        gtk_widget_set_vexpand(contentArea, 1)
        gtk_container_add(hub_container(window), contentArea)
    }

    /// Shows the window and everything in it.
    public func present() {
        gtk_widget_show_all(window)
        gtk_window_present(hub_window(window))
    }

    /// The view's title: shown as the window title (the header bar shows the address entry).
    public var title: String {
        get { String(cString: gtk_window_get_title(hub_window(window))) }
        set {
            gtk_window_set_title(hub_window(window), newValue)
            gtk_header_bar_set_title(hub_header_bar(headerBar), newValue)
            gtk_label_set_text(hub_label(titleLabel), newValue)
        }
    }

    /// The text in the address entry.
    public var address: String {
        get { Gtk.entryText(addressEntry) }
        set { gtk_entry_set_text(hub_entry(addressEntry), newValue) }
    }

    /// Starts or stops the loading indicator.
    public var isLoading: Bool {
        get { gtk_widget_get_visible(spinner) != 0 && Gtk.hasClass(spinner, "hub-loading") }
        set {
            if newValue {
                Gtk.addClass(spinner, "hub-loading")
                gtk_spinner_start(hub_spinner(spinner))
            } else {
                Gtk.removeClass(spinner, "hub-loading")
                gtk_spinner_stop(hub_spinner(spinner))
            }
        }
    }
}
