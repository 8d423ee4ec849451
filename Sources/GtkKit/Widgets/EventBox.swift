internal import CGtk

/// A container with no look of its own that receives pointer events for its child (GtkEventBox).
@MainActor
open class EventBox: Container {
    /// An input-only event box (it draws nothing).
    public init() {
        super.init(owning: gtk_event_box_new())
        gtk_event_box_set_visible_window(hub_event_box(gtkWidget), 0)
    }
}
