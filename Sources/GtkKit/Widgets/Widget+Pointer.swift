internal import CGtk
import HubFramework

extension Widget {
    /// Called when a pointer button goes down over the widget (for a double click, once for each
    /// press and once more with ``PointerEvent/Kind/doublePress``). Return true to stop GTK from
    /// handling the press too.
    public func onButtonPress(_ handler: @escaping @MainActor (PointerEvent) -> Bool) {
        connectPointer("button-press-event", mask: GDK_BUTTON_PRESS_MASK.rawValue, handler)
    }

    /// Called when a pointer button that went down over the widget comes up, wherever the pointer
    /// is then. Return true to stop GTK from handling the release too.
    public func onButtonRelease(_ handler: @escaping @MainActor (PointerEvent) -> Bool) {
        connectPointer("button-release-event", mask: GDK_BUTTON_RELEASE_MASK.rawValue, handler)
    }

    /// Called when the pointer moves over the widget, or anywhere while a button pressed over it
    /// is held. Return true to stop GTK from handling the movement too.
    public func onPointerMotion(_ handler: @escaping @MainActor (PointerEvent) -> Bool) {
        connectPointer("motion-notify-event", mask: GDK_POINTER_MOTION_MASK.rawValue, handler)
    }

    private func connectPointer(_ signal: String, mask: UInt32,
                                _ handler: @escaping @MainActor (PointerEvent) -> Bool)
    {
        addEvents(Int32(mask))
        retain(GSignal.connectEvent(gtkWidget, signal) { event in
            guard let pointer = PointerEvent(event) else { return false }
            return handler(pointer)
        })
    }

    /// A point on the screen (a ``PointerEvent/rootLocation``) in the widget's own coordinates,
    /// which lie outside `0..<width` and `0..<height` when the point is not over the widget.
    /// (-1, -1) when the widget is not realized on a screen.
    public func location(ofScreenPoint point: Point) -> Point {
        guard let window = gtk_widget_get_window(gtkWidget) else { return Point(x: -1, y: -1) }
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var x = point.x - Double(originX)
        var y = point.y - Double(originY)
        // Widgets without a GdkWindow of their own are allocated in their window's coordinates.
        if gtk_widget_get_has_window(gtkWidget) == 0 {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(gtkWidget, &allocation)
            x -= Double(allocation.x)
            y -= Double(allocation.y)
        }
        return Point(x: x, y: y)
    }

    /// Whether `point`, in the widget's coordinates, lies on it (inside its allocated size).
    public func contains(_ point: Point) -> Bool {
        let size = allocatedSize
        return point.x >= 0 && point.y >= 0 && point.x < size.width && point.y < size.height
    }
}
