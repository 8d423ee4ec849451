internal import CGtk

/// The interaction states GTK themes style (`:active`, `:selected`) that a widget can be put in by
/// hand: how a component without highlight handling of its own shows that it is pressed or selected.
public struct WidgetStates: OptionSet, Sendable, Hashable {
    /// The GTK state flags, as GTK numbers them.
    public let rawValue: UInt32

    /// Creates states from GTK's state flag bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Being pressed (`:active` in CSS).
    public static let active = WidgetStates(rawValue: GTK_STATE_FLAG_ACTIVE.rawValue)
    /// Being selected (`:selected` in CSS).
    public static let selected = WidgetStates(rawValue: GTK_STATE_FLAG_SELECTED.rawValue)
}

extension Widget {
    /// The widget's ``WidgetStates`` now. Setting it changes only those states: GTK's others (focus,
    /// hover, direction, backdrop) stay GTK's.
    public var states: WidgetStates {
        get {
            WidgetStates(rawValue: gtk_widget_get_state_flags(gtkWidget).rawValue)
                .intersection([.active, .selected])
        }
        set {
            let managed = WidgetStates([.active, .selected])
            gtk_widget_unset_state_flags(gtkWidget, GtkStateFlags(managed.subtracting(newValue).rawValue))
            gtk_widget_set_state_flags(gtkWidget, GtkStateFlags(newValue.intersection(managed).rawValue), 0)
        }
    }
}
