import CGtk

/// An indicator that turns while something loads (GtkSpinner).
@MainActor
open class Spinner: Widget {
    private var spinning = false

    /// A stopped spinner.
    public init() {
        super.init(owning: gtk_spinner_new())
    }

    /// Whether the spinner turns.
    public var isSpinning: Bool {
        get { spinning }
        set {
            spinning = newValue
            if newValue { gtk_spinner_start(hub_spinner(gtkWidget)) } else { gtk_spinner_stop(hub_spinner(gtkWidget)) }
        }
    }

    /// True while GTK animates the spinner (it marks an active spinner "checked").
    public var isAnimating: Bool {
        gtk_widget_get_state_flags(gtkWidget).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0
    }
}
