internal import CGtk
import HubFramework

/// An input-only box that stands for the one widget it holds: it takes the keyboard focus and draws
/// the focus ring over its child, receives the pointer's presses, releases and movement over it
/// (``Widget/onButtonPress(_:)`` and the others), and offers assistive technologies one action,
/// "activate", reported through ``onActivate(_:)``, and an identifier (``accessibleIdentifier``).
///
/// A list or grid puts each item's widget in one, so that every item can be focused, clicked and
/// activated by a screen reader the same way, whatever widgets the item is made of.
@MainActor
public final class ActivatableCell: Container {
    private var identifier: String?

    /// An empty cell that can take the keyboard focus.
    public init() {
        super.init(owning: hub_cell_new())
        gtk_event_box_set_visible_window(hub_event_box(gtkWidget), 0)
        canFocus = true
        // The cell's own CSS background and border (none unless a stylesheet gives it one, as
        // HubGTK's does to the component Find found) go under the child: an event box without a
        // window of its own draws neither.
        retain(GSignal.connectDraw(gtkWidget) { [unowned self] cr in
            let context = gtk_widget_get_style_context(gtkWidget)
            let width = Double(gtk_widget_get_allocated_width(gtkWidget))
            let height = Double(gtk_widget_get_allocated_height(gtkWidget))
            gtk_render_background(context, cr, 0, 0, width, height)
            gtk_render_frame(context, cr, 0, 0, width, height)
            return false
        })
        // The child draws itself; the focus ring goes on top, inset by a pixel so it stays visible
        // when the child fills the cell.
        retain(GSignal.connectDraw(gtkWidget, after: true) { [unowned self] cr in
            guard gtk_widget_has_visible_focus(gtkWidget) != 0 else { return false }
            let context = gtk_widget_get_style_context(gtkWidget)
            gtk_render_focus(context, cr, 1, 1, Double(gtk_widget_get_allocated_width(gtkWidget)) - 2,
                             Double(gtk_widget_get_allocated_height(gtkWidget)) - 2)
            return false
        })
    }

    /// Called when the cell is activated: by an assistive technology's "activate" action, or by
    /// GTK's `activate` key binding.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        retain(GSignal.connect(gtkWidget, "activate", handler))
    }

    /// The widget the cell holds: setting it takes the new one out of wherever it was, and shows it.
    public var child: Widget? {
        get { children.first }
        set {
            for old in children where old !== newValue { remove(old) }
            guard let newValue else { return }
            if children.first !== newValue || gtk_widget_get_parent(newValue.gtkWidget) != gtkWidget {
                add(newValue)
            }
            newValue.show()
        }
    }

    /// The identifier assistive technologies read as the cell's `id` attribute (nil: none), such
    /// as the identifier of the model the child shows.
    public var accessibleIdentifier: String? {
        get { identifier }
        set {
            guard newValue != identifier else { return }
            identifier = newValue
            hub_cell_set_identifier(gtkWidget, newValue)
        }
    }
}
