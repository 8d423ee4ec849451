internal import CGtk

/// What a `ScrollCanvas`'s motion runs on: the frame clock of its layout, which calls a tick while
/// the content moves by itself, and the short timer that ends a gesture without momentum a while
/// after its last event. Each is a GLib source; the clock keeps their ids so that they can be
/// removed.
@MainActor
final class ScrollClock {
    /// How long after a gesture's last event it ends, when it has no momentum.
    private static let gestureEndDelay: UInt32 = 150
    /// The widget whose frame clock ticks (the canvas's layout).
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// The tick callback's id; 0 while nothing ticks.
    private var tickCallbackID: guint = 0
    /// The gesture's end timer's id; 0 while none is pending.
    private var gestureEndTimer: UInt32 = 0

    /// A clock on `widget`'s frame clock; nothing runs yet.
    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// Whether a tick callback is installed.
    var isTicking: Bool { tickCallbackID != 0 }

    /// Whether the widget is realized, and so has a frame clock that ticks.
    var canTick: Bool { gtk_widget_get_realized(widget) != 0 }

    /// The frame clock's time in seconds; the monotonic time without a frame clock.
    var frameTime: Double {
        if let clock = gtk_widget_get_frame_clock(widget) {
            return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        }
        return Double(g_get_monotonic_time()) / 1_000_000
    }

    /// Calls `tick` once per frame until it returns false; it calls ``tickingStopped()`` before it
    /// does, so that a tick started meanwhile (from a delegate) is not taken for this one.
    func startTicking(_ tick: @escaping @MainActor () -> Bool) {
        tickCallbackID = GSource.addTickCallback(widget) { _ in tick() }
    }

    /// The tick returns false now: GTK removes its callback.
    func tickingStopped() {
        tickCallbackID = 0
    }

    /// Removes the tick callback, if any.
    func stopTicking() {
        if tickCallbackID != 0 {
            gtk_widget_remove_tick_callback(widget, tickCallbackID)
            tickCallbackID = 0
        }
    }

    /// Whether a gesture's end is pending.
    var isGestureEndPending: Bool { gestureEndTimer != 0 }

    /// Calls `end` a short while from now, unless this is called again or cancelled first.
    func scheduleGestureEnd(_ end: @escaping @MainActor () -> Void) {
        GSource.cancel(gestureEndTimer)
        gestureEndTimer = GSource.timeout(milliseconds: Self.gestureEndDelay) { [weak self] in
            guard let self else { return false }
            self.gestureEndTimer = 0
            end()
            return false
        }
    }

    /// Cancels the pending end of a gesture, if any.
    func cancelGestureEnd() {
        GSource.cancel(gestureEndTimer)
        gestureEndTimer = 0
    }
}
