internal import CGtk
import HubFramework

extension Widget {
    /// The size the widget asks for when it is given room: its natural width, and its natural height
    /// at that width, as GTK computes them now from its content and its style (the theme's and the
    /// stylesheets'). A widget that is in no window measures as it would in any container.
    ///
    /// For a component that sizes itself by its control before any widget shows its model: it
    /// measures a control of its own kind, kept for the purpose, in `preferredViewSize`.
    ///
    /// ```swift
    /// let field = Entry()
    /// let height = field.naturalSize.height  // about 34 points in Adwaita
    /// ```
    public var naturalSize: Size {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(gtkWidget, nil, &natural)
        return Size(width: Double(natural.width), height: Double(natural.height))
    }
}
