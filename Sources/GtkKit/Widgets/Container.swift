internal import CGtk

/// A widget that holds other widgets. It keeps the Swift objects of the children added through
/// it, so a tree built in Swift needs no other owner than its root.
@MainActor
open class Container: Widget {
    /// The children added through the typed layer, in the order they were added.
    public private(set) var children: [Widget] = []

    /// Adds `child` (taking it out of any container it was in).
    public func add(_ child: Widget) {
        adopt(child)
        gtk_container_add(hub_container(gtkWidget), child.gtkWidget)
    }

    /// Removes `child`; it is kept alive as long as Swift holds it elsewhere.
    public func remove(_ child: Widget) {
        if gtk_widget_get_parent(child.gtkWidget) == gtkWidget {
            gtk_container_remove(hub_container(gtkWidget), child.gtkWidget)
        }
        children.removeAll { $0 === child }
        if child.parent === self { child.parent = nil }
    }

    /// Removes every child.
    public func removeAll() {
        for child in children { remove(child) }
    }

    /// Records `child` as ours before a subclass puts it in the GTK container its own way, taking it
    /// out of the container it was in. Not for the parts GTK builds into a widget itself (a
    /// dialog's content area): those stay where GTK put them.
    package func adopt(_ child: Widget) {
        if child.parent !== self { child.removeFromParent() }
        if let gtkParent = gtk_widget_get_parent(child.gtkWidget), gtkParent != gtkWidget {
            gtk_container_remove(hub_container(gtkParent), child.gtkWidget)
        }
        if !children.contains(where: { $0 === child }) { children.append(child) }
        child.parent = self
    }
}
