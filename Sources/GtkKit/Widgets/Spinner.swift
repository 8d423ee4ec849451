internal import CGtk

/// An indicator that turns while something loads (GtkSpinner).
@MainActor
open class Spinner: Widget {
    /// A stopped spinner.
    public init() {
        super.init(owning: gtk_spinner_new())
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// Whether the spinner turns. Read from GTK, which marks an active spinner "checked", so it
    /// stays true to the widget whoever started or stopped it.
    public var isSpinning: Bool {
        get { gtk_widget_get_state_flags(gtkWidget).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0 }
        set {
            if newValue { gtk_spinner_start(hub_spinner(gtkWidget)) } else { gtk_spinner_stop(hub_spinner(gtkWidget)) }
        }
    }
}
