internal import CGtk
import HubFramework

extension Widget {
    /// The size the widget asks for when it is given room: its natural width, and its natural height
    /// at that width, as GTK computes them now from its content and its style (the theme's and the
    /// stylesheets'). A widget that is in no window measures as it would in any container; a hidden
    /// one measures 0 × 0.
    ///
    /// For a component that sizes itself by its control before any widget shows its model: it
    /// measures a control of its own kind, kept for the purpose, in `preferredViewSize`.
    ///
    /// ```swift
    /// let field = Entry()
    /// field.show()
    /// let height = field.naturalSize.height  // about 34 points in Adwaita
    /// ```
    public var naturalSize: Size {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(gtkWidget, nil, &natural)
        return Size(width: Double(natural.width), height: Double(natural.height))
    }

    /// The height the widget asks for when it is `width` points wide: a label or a box of labels
    /// that wrap grows with fewer points. GTK's natural height for that width (never below the
    /// widget's minimum), with its margins; a hidden widget measures 0.
    ///
    /// ```swift
    /// let height = field.naturalHeight(forWidth: 400)
    /// ```
    public func naturalHeight(forWidth width: Double) -> Double {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        let points = Int32(clamping: Int(max(0, width.isFinite ? width : 0).rounded(.down)))
        gtk_widget_get_preferred_height_for_width(gtkWidget, points, &minimum, &natural)
        return Double(max(minimum, natural))
    }
}
