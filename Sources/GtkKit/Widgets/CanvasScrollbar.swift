internal import CGtk

/// A `ScrollCanvas`'s vertical scrollbar and the `GtkAdjustment` it drives, whose range is a
/// `Double` and so has no X11 limit. The adjustment follows the canvas's geometry (``follow(_:)``,
/// ``setValue(_:)``); while the canvas sets it, ``isSettingValue`` tells its `value-changed`
/// signal apart from the user's drag. The scrollbar shows only while the content is taller than the
/// viewport and ``showsIndicators`` allows it.
@MainActor
final class CanvasScrollbar {
    /// The scrollbar widget (the canvas puts it beside the content).
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The adjustment: the content's height, the viewport's as its page, the offset as its value.
    let adjustment: UnsafeMutablePointer<GtkAdjustment>

    /// Whether the scrollbar may show.
    var showsIndicators = true {
        didSet { updateVisibility() }
    }
    /// True while the canvas itself changes the adjustment: its `value-changed` is not the user's.
    private(set) var isSettingValue = false
    /// True while the canvas handles its own allocation; a change of visibility then waits for the
    /// main loop to be idle (see ``updateVisibility()``).
    var defersVisibility = false
    /// Whether the content was taller than the viewport when the adjustment last followed it.
    private var contentIsTaller = false
    /// The change of visibility waiting for the main loop to be idle.
    private var pendingVisibilityUpdate: MainLoopTimer?

    /// A hidden scrollbar on an empty adjustment, held by our own references (``tearDown()``
    /// drops them), so that the canvas can disconnect its handlers safely even when a window
    /// destroyed the widgets first.
    init() {
        adjustment = gtk_adjustment_new(0, 0, 0, 40, 400, 0)
        g_object_ref_sink(adjustment)
        widget = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)
        g_object_ref_sink(widget)
    }

    /// Whether the scrollbar shows now.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The adjustment's value: where the user dragged the scrollbar to.
    var value: Double { gtk_adjustment_get_value(adjustment) }

    /// Makes the adjustment's range and page those of `geometry`, then shows or hides the
    /// scrollbar.
    func follow(_ geometry: ScrollGeometry) {
        isSettingValue = true
        let page = geometry.viewportSize.height
        gtk_adjustment_configure(adjustment, geometry.contentOffset, 0, max(geometry.contentHeight, page),
                                 max(page * 0.1, 40), max(page * 0.9, 1), page)
        isSettingValue = false
        contentIsTaller = geometry.contentIsTallerThanViewport
        updateVisibility()
    }

    /// Moves the slider to `offset`.
    func setValue(_ offset: Double) {
        isSettingValue = true
        gtk_adjustment_set_value(adjustment, offset)
        isSettingValue = false
    }

    /// Shows the scrollbar while the content is taller than the viewport. Showing or hiding it
    /// resizes the viewport, and GTK 3 drops a resize queued while it allocates sizes: a change
    /// found during the canvas's own allocation (the window grew, say) is made once the main loop
    /// is idle again. Made at once, it left a hidden scrollbar's strip empty beside content that
    /// fitted.
    private func updateVisibility() {
        let show = showsIndicators && contentIsTaller
        guard show != isVisible else { return }
        guard !defersVisibility else {
            if pendingVisibilityUpdate?.isScheduled != true {
                pendingVisibilityUpdate = MainLoopTimer(whenIdle: { [weak self] in self?.updateVisibility() })
            }
            return
        }
        gtk_widget_set_visible(widget, show ? 1 : 0)
    }

    /// Cancels a waiting change and drops the references (after the canvas destroyed its widgets).
    func tearDown() {
        pendingVisibilityUpdate = nil
        g_object_unref(widget)
        g_object_unref(adjustment)
    }
}
