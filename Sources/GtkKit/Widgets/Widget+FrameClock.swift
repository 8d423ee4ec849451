internal import CGtk

/// The moments of a frame that ``Widget/observeFrames(at:_:)`` reports.
package enum FramePhase: Sendable {
    /// The frame clock starts a frame: GTK is about to update, lay out and paint the window
    /// (`before-paint`).
    case beforePaint
    /// GTK has painted the frame (`after-paint`).
    case afterPaint
}

/// The frame clock that paces a widget's window: GTK updates, lays out and paints a window once per
/// tick of its clock, at most once per refresh of the screen.
extension Widget {
    /// Calls `handler` at `phase` of every frame of the clock that paces the widget's window (the
    /// benchmarks time frames with it). Realizes the widget first: a widget has its window's clock
    /// once realized. Nil when the widget is in no window.
    ///
    /// The connection holds on to the clock, not to the widget, and outlives the widget: disconnect
    /// it when done.
    package func observeFrames(at phase: FramePhase, _ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget), gtk_widget_is_toplevel(toplevel) != 0 else {
            return nil
        }
        gtk_widget_realize(gtkWidget)
        guard let clock = gtk_widget_get_frame_clock(gtkWidget) else { return nil }
        let signal = switch phase {
        case .beforePaint: "before-paint"
        case .afterPaint: "after-paint"
        }
        return GSignal.connect(UnsafeMutableRawPointer(clock), signal, handler)
    }
}
