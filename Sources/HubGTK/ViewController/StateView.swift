import CGtk
import HubFramework

/// What a view shows while its first content loads, or when loading failed: a spinner, or the
/// error with a button to try again (full page without content; a bar at the top with content).
@MainActor
final class StateView {
    enum State {
        case loading
        case empty
        case error(any Error, compact: Bool)
    }

    let widget: WidgetPointer
    private let spinner: WidgetPointer
    private let errorBox: WidgetPointer
    private let errorTitle: WidgetPointer
    private let errorDetail: WidgetPointer
    private let retryButton: WidgetPointer
    private var connections: [SignalConnection] = []
    private(set) var currentDescription: String?

    init(retry: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(widget)
        Gtk.addClass(widget, "hub-state")
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(spinner, 1)
        Gtk.setAccessibleName(spinner, "Loading")

        errorBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        Gtk.addClass(errorBox, "hub-error")
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic", GTK_ICON_SIZE_DIALOG)!
        Gtk.addClass(icon, "dim-label")
        errorTitle = gtk_label_new("This view could not be loaded")
        Gtk.addClass(errorTitle, "hub-error-title")
        errorDetail = gtk_label_new(nil)
        gtk_label_set_line_wrap(hub_label(errorDetail), 1)
        gtk_label_set_max_width_chars(hub_label(errorDetail), 60)
        gtk_label_set_justify(hub_label(errorDetail), GTK_JUSTIFY_CENTER)
        gtk_label_set_selectable(hub_label(errorDetail), 1)
        Gtk.addClass(errorDetail, "dim-label")
        retryButton = gtk_button_new_with_mnemonic("_Try Again")
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        Gtk.addClass(retryButton, "suggested-action")
        gtk_box_pack_start(hub_box(errorBox), icon, 0, 0, 0)
        gtk_box_pack_start(hub_box(errorBox), errorTitle, 0, 0, 0)
        gtk_box_pack_start(hub_box(errorBox), errorDetail, 0, 0, 0)
        gtk_box_pack_start(hub_box(errorBox), retryButton, 0, 0, 8)

        gtk_box_pack_start(hub_box(widget), spinner, 1, 1, 0)
        gtk_box_pack_start(hub_box(widget), errorBox, 1, 0, 0)
        connections.append(GSignal.connect(retryButton, "clicked") { retry() })
    }

    func show(_ state: State) {
        gtk_widget_show(widget)
        switch state {
        case .loading:
            currentDescription = "loading"
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
            gtk_widget_hide(errorBox)
            gtk_widget_show(spinner)
            gtk_spinner_start(hub_spinner(spinner))
        case .empty:
            currentDescription = "empty"
            gtk_spinner_stop(hub_spinner(spinner))
            gtk_widget_hide(spinner)
            gtk_label_set_text(hub_label(errorTitle), "Nothing to show here")
            gtk_label_set_text(hub_label(errorDetail), "This view has no content yet.")
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
            Gtk.removeClass(widget, "compact")
            gtk_widget_show_all(errorBox)
            gtk_widget_hide(retryButton)
        case .error(let error, let compact):
            gtk_label_set_text(hub_label(errorTitle), "This view could not be loaded")
            let message = String(describing: error)
            currentDescription = message
            gtk_spinner_stop(hub_spinner(spinner))
            gtk_widget_hide(spinner)
            gtk_label_set_text(hub_label(errorDetail), message)
            gtk_widget_set_halign(widget, compact ? GTK_ALIGN_FILL : GTK_ALIGN_CENTER)
            gtk_widget_set_valign(widget, compact ? GTK_ALIGN_END : GTK_ALIGN_CENTER)
            if compact { Gtk.addClass(widget, "compact") } else { Gtk.removeClass(widget, "compact") }
            gtk_widget_show_all(errorBox)
        }
    }

    func hide() {
        currentDescription = nil
        gtk_spinner_stop(hub_spinner(spinner))
        gtk_widget_hide(widget)
    }

    func tearDown() {
        connections.forEach { $0.disconnect() }
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }
}
