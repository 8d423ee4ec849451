internal import CGtk
import Foundation
import HubFramework

/// Receives the scrolling events of a `ScrollCanvas`.
@MainActor
package protocol ScrollCanvasDelegate: AnyObject {
    /// The visible part of the content moved or changed size; place children for the new viewport.
    func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas)
    /// The user started a scroll gesture (wheel, touchpad, scrollbar or keys).
    func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas)
    /// A gesture ended; `target` is where momentum will bring the offset. The delegate may change it.
    func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                      targetOffset target: inout Double)
    /// The content stopped moving (after momentum, if any).
    func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas)
    /// Asked before every offset change; returning false vetoes it.
    func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool
}

extension ScrollCanvasDelegate {
    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {}
    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double) {}
    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {}
    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool { true }
}

/// A vertically scrolling surface of any height that never creates a widget taller than the viewport.
///
/// GTK 3 scrolls by moving one child window under a viewport, and X11 limits windows to 32,767 px,
/// so a long list cannot be one big child. Instead the canvas keeps a `GtkLayout` exactly the size
/// of the viewport and moves each child to `frame.y - contentOffset` itself. The scrollbar drives a
/// `GtkAdjustment`, whose range is a `Double` and has no such limit.
///
/// Scrolling works with the wheel (discrete steps, animated), touchpads (smooth deltas, with
/// momentum after the fingers lift), the scrollbar, and Page Up/Down, Home/End, arrow keys.
@MainActor
package final class ScrollCanvas {
    /// The widget to put in a window: the canvas beside its scrollbar, inside an overlay that also
    /// hosts floating widgets (the header and overlays of a hub view).
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The overlay above the canvas, for widgets that do not scroll.
    let overlay: UnsafeMutablePointer<GtkWidget>
    /// The `GtkLayout` children are placed in.
    let layout: UnsafeMutablePointer<GtkWidget>
    /// The vertical scrollbar.
    let scrollbar: UnsafeMutablePointer<GtkWidget>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>

    package weak var delegate: ScrollCanvasDelegate?

    /// The height of the whole content.
    package private(set) var contentHeight: Double = 0
    /// How far the content is scrolled: the content y shown at the top of the viewport.
    package private(set) var contentOffset: Double = 0
    /// The size of the visible area.
    package private(set) var viewportSize: Size = .zero
    /// True while a gesture or its momentum is moving the content.
    package private(set) var isScrolling = false

    /// The visible part of the content, in content coordinates.
    package var visibleRect: Rect {
        Rect(x: 0, y: contentOffset, width: viewportSize.width, height: viewportSize.height)
    }

    /// The largest offset the content can be scrolled to.
    package var maximumOffset: Double { max(0, contentHeight - viewportSize.height) }

    private var connections: [SignalConnection] = []
    private var updatingAdjustment = false
    private var children: [UnsafeMutablePointer<GtkWidget>: Point] = [:]

    // Momentum and animation state.
    private var velocity: Double = 0
    private var samples: [(time: Double, delta: Double)] = []
    private var animationTarget: Double?
    private var animationStart: (offset: Double, time: Double)?
    private var tickCallbackID: guint = 0
    private var lastFrameTime: Double = 0
    private var scrollEndTimer: UInt32 = 0

    /// Momentum decays by this factor per second.
    static let friction = 4.0
    /// Below this speed (pixels per second) momentum stops.
    static let minimumVelocity = 30.0
    /// Length of the animation for discrete (wheel and key) scrolls.
    static let stepAnimationDuration = 0.15

    /// Whether the scrollbar may show (a view controller's scroll handler decides); it shows only
    /// while the content is taller than the viewport.
    package var showsScrollIndicators = true {
        didSet { updateScrollbarVisibility() }
    }

    /// Whether the scrollbar shows now.
    package var isScrollbarVisible: Bool { gtk_widget_get_visible(scrollbar) != 0 }

    /// True while the canvas handles its own allocation.
    private var isAllocating = false
    private var pendingScrollbarUpdate: MainLoopTimer?

    /// Gives the keyboard focus to the content surface (keys then scroll it).
    package func focusContent() {
        gtk_widget_grab_focus(layout)
    }

    /// Whether the content surface itself is its window's focus widget (whether or not the window
    /// is active).
    package var isFocus: Bool { gtk_widget_is_focus(layout) != 0 }

    /// Whether the canvas is in a window that has no focus widget at all (keys then reach nothing).
    package var windowHasNoFocus: Bool {
        guard let toplevel = gtk_widget_get_toplevel(layout), gtk_widget_is_toplevel(toplevel) != 0 else { return false }
        return gtk_window_get_focus(hub_window(toplevel)) == nil
    }

    /// Asks GTK to draw the content surface again (the benchmarks ask for a frame after each jump,
    /// whether or not a cell moved).
    package func queueContentDraw() {
        gtk_widget_queue_draw(layout)
    }

    /// Floats `widget` above the content (the loading and error states).
    package func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(hub_overlay(overlay), widget.gtkWidget)
    }

    package init() {
        adjustment = gtk_adjustment_new(0, 0, 0, 40, 400, 0)
        g_object_ref_sink(adjustment)
        scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)
        // A GtkLayout and a GtkOverlay whose accessibles list their children in reading order
        // (recycled cells and the floating header are otherwise read in the order they were added).
        layout = hub_canvas_layout_new()
        gtk_widget_set_hexpand(layout, 1)
        gtk_widget_set_vexpand(layout, 1)
        gtk_widget_set_can_focus(layout, 1)
        gtk_widget_add_events(layout, Int32(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue
                                            | GDK_BUTTON_PRESS_MASK.rawValue | GDK_KEY_PRESS_MASK.rawValue))
        Gtk.addClass(layout, "hub-canvas")
        // The content surface is the list assistive technologies see (its cells are list items).
        gtk_widget_set_name(layout, "collectionView")
        if let accessible = gtk_widget_get_accessible(layout) { atk_object_set_role(accessible, ATK_ROLE_LIST) }

        overlay = hub_canvas_overlay_new()
        gtk_container_add(hub_container(overlay), layout)
        gtk_widget_set_hexpand(overlay, 1)
        gtk_widget_set_vexpand(overlay, 1)

        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        // Hold our own references so the handlers can be disconnected safely in `tearDown`,
        // even when a window destroyed the widgets first.
        for owned in [widget, overlay, layout, scrollbar] { g_object_ref_sink(owned) }
        gtk_container_add(hub_container(widget), overlay)
        gtk_container_add(hub_container(widget), scrollbar)
        Gtk.addClass(widget, "hub-scroll-canvas")

        connections.append(GSignal.connectAllocate(layout) { [weak self] allocation in
            self?.layoutDidAllocate(width: Double(allocation.width), height: Double(allocation.height))
        })
        // A child that leaves the layout in any way (floated onto the overlay, taken out of its
        // parent, destroyed) is forgotten at once: the canvas moves and allocates every child it
        // remembers, and must never touch a widget it no longer holds, or one freed since.
        connections.append(GSignal.connectPointer(layout, "remove") { [weak self] child in
            guard let child else { return }
            self?.children[child.assumingMemoryBound(to: GtkWidget.self)] = nil
        })
        connections.append(GSignal.connect(adjustment, "value-changed") { [weak self] in
            self?.adjustmentValueChanged()
        })
        connections.append(GSignal.connectEvent(layout, "scroll-event") { [weak self] event in
            self?.handleScroll(event) ?? false
        })
        connections.append(GSignal.connectEvent(layout, "key-press-event") { [weak self] event in
            self?.handleKey(event) ?? false
        })
        connections.append(GSignal.connectEvent(scrollbar, "button-press-event") { [weak self] _ in
            self?.beginScrolling()
            return false
        })
        connections.append(GSignal.connectEvent(scrollbar, "button-release-event") { [weak self] _ in
            self?.scheduleScrollEnd()
            return false
        })
    }

    /// Disconnects every handler and destroys the widgets.
    package func tearDown() {
        stopMomentum()
        GSource.cancel(scrollEndTimer)
        scrollEndTimer = 0
        pendingScrollbarUpdate = nil
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        gtk_widget_destroy(widget)
        for owned in [scrollbar, layout, overlay, widget] { g_object_unref(owned) }
        g_object_unref(adjustment)
    }

    // MARK: Children

    /// Adds a child at a position in content coordinates.
    func addChild(_ child: UnsafeMutablePointer<GtkWidget>, at origin: Point) {
        children[child] = origin
        gtk_layout_put(hub_layout(layout), child, Int32(origin.x.rounded()), viewY(origin.y))
    }

    /// Moves a child to a position in content coordinates.
    func moveChild(_ child: UnsafeMutablePointer<GtkWidget>, to origin: Point) {
        guard let old = children[child] else { return addChild(child, at: origin) }
        children[child] = origin
        if old != origin {
            gtk_layout_move(hub_layout(layout), child, Int32(origin.x.rounded()), viewY(origin.y))
        }
    }

    /// The content-coordinate origin of a child, if it is on the canvas.
    func origin(of child: UnsafeMutablePointer<GtkWidget>) -> Point? { children[child] }

    // The same for typed widgets: the engine above GtkKit places its cells through these.

    /// The canvas as a typed widget, to put in a window or any container (see ``widget``).
    package private(set) lazy var view = Widget(owning: widget)

    /// Adds `child` at a position in content coordinates.
    package func addChild(_ child: Widget, at origin: Point) { addChild(child.gtkWidget, at: origin) }

    /// Moves `child` to a position in content coordinates (adding it if it is not on the canvas).
    package func moveChild(_ child: Widget, to origin: Point) { moveChild(child.gtkWidget, to: origin) }

    /// The content-coordinate origin of `child`, if it is on the canvas.
    package func origin(of child: Widget) -> Point? { origin(of: child.gtkWidget) }

    /// Floats `child` above the content, where the alignments put it (the header at the top, an
    /// overlay centred), taking it out of wherever it was; then shows it.
    package func float(_ child: Widget, horizontally horizontal: Alignment, vertically vertical: Alignment) {
        if gtk_widget_get_parent(child.gtkWidget) != overlay {
            child.removeFromParent()
            gtk_overlay_add_overlay(hub_overlay(overlay), child.gtkWidget)
        }
        child.horizontalAlignment = horizontal
        child.verticalAlignment = vertical
        child.show()
    }

    private func viewY(_ contentY: Double) -> Int32 {
        // Children are only ever near the viewport, so this stays far inside Int32 and X11 limits.
        Int32((contentY - contentOffset).rounded())
    }

    private func repositionChildren() {
        for (child, origin) in children {
            gtk_layout_move(hub_layout(layout), child, Int32(origin.x.rounded()), viewY(origin.y))
        }
    }

    // MARK: Geometry

    /// Sets the content height; the offset is clamped into the new range.
    package func setContentHeight(_ height: Double) {
        contentHeight = max(0, height)
        syncAdjustment()
        if contentOffset > maximumOffset { applyOffset(maximumOffset, notify: true) }
    }

    private func layoutDidAllocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        guard size != viewportSize else { return }
        isAllocating = true
        defer { isAllocating = false }
        viewportSize = size
        // Keep the layout's scrollable area equal to its allocation: it never scrolls itself.
        gtk_layout_set_size(hub_layout(layout), UInt32(max(0, width)), UInt32(max(0, height)))
        syncAdjustment()
        if contentOffset > maximumOffset { contentOffset = maximumOffset }
        repositionChildren()
        delegate?.scrollCanvasViewportDidChange(self)
        // Children the delegate added or moved just now missed GtkLayout's own allocation pass
        // (it ran before this handler, and resizes queued during allocation are dropped): give
        // them their allocation here, exactly as GtkLayout would.
        allocateChildren()
    }

    private func allocateChildren() {
        for (child, origin) in children where gtk_widget_get_visible(child) != 0 {
            var requisition = GtkRequisition()
            gtk_widget_get_preferred_size(child, &requisition, nil)
            var allocation = GtkAllocation(x: Int32(origin.x.rounded()), y: viewY(origin.y),
                                           width: requisition.width, height: requisition.height)
            gtk_widget_size_allocate(child, &allocation)
        }
    }

    private func syncAdjustment() {
        updatingAdjustment = true
        let page = viewportSize.height
        gtk_adjustment_configure(adjustment, contentOffset, 0, max(contentHeight, page), max(page * 0.1, 40),
                                 max(page * 0.9, 1), page)
        updatingAdjustment = false
        updateScrollbarVisibility()
    }

    /// Shows the scrollbar while the content is taller than the viewport. Showing or hiding it
    /// resizes the viewport, and GTK 3 drops a resize queued while it allocates sizes: a change
    /// found during the canvas's own allocation (the window grew, say) is made once the main loop
    /// is idle again. Made at once, it left a hidden scrollbar's strip empty beside content that
    /// fitted.
    private func updateScrollbarVisibility() {
        let show = showsScrollIndicators && contentHeight > viewportSize.height + 0.5
        guard show != isScrollbarVisible else { return }
        guard !isAllocating else {
            if pendingScrollbarUpdate?.isScheduled != true {
                pendingScrollbarUpdate = MainLoopTimer(whenIdle: { [weak self] in self?.updateScrollbarVisibility() })
            }
            return
        }
        gtk_widget_set_visible(scrollbar, show ? 1 : 0)
    }

    // MARK: Offsets

    /// Scrolls to `offset` (clamped), optionally animated. Returns false when the delegate vetoed it.
    @discardableResult
    package func setContentOffset(_ offset: Double, animated: Bool = false) -> Bool {
        stopMomentum()
        if animated {
            animate(to: offset)
            return true
        }
        return applyOffset(offset, notify: true)
    }

    /// Scrolls by `delta` pixels (clamped).
    @discardableResult
    package func scroll(by delta: Double, animated: Bool = false) -> Bool {
        let base = animationTarget ?? contentOffset
        return setContentOffset(base + delta, animated: animated)
    }

    @discardableResult
    private func applyOffset(_ offset: Double, notify: Bool) -> Bool {
        let clamped = min(max(0, offset), maximumOffset)
        if clamped == contentOffset { return true }
        if let delegate, !delegate.scrollCanvasShouldScroll(self) {
            syncAdjustment()
            return false
        }
        contentOffset = clamped
        updatingAdjustment = true
        gtk_adjustment_set_value(adjustment, clamped)
        updatingAdjustment = false
        repositionChildren()
        if notify { delegate?.scrollCanvasViewportDidChange(self) }
        return true
    }

    private func adjustmentValueChanged() {
        guard !updatingAdjustment else { return }
        // The user dragged the scrollbar (or something else changed the adjustment).
        stopMomentum()
        beginScrolling()
        applyOffset(gtk_adjustment_get_value(adjustment), notify: true)
        scheduleScrollEnd()
    }

    // MARK: Gestures

    private func beginScrolling() {
        if !isScrolling {
            isScrolling = true
            delegate?.scrollCanvasWillBeginScrolling(self)
        }
    }

    /// Ends a gesture that has no momentum a short while after the last event.
    private func scheduleScrollEnd() {
        GSource.cancel(scrollEndTimer)
        scrollEndTimer = GSource.timeout(milliseconds: 150) { [weak self] in
            guard let self else { return false }
            self.scrollEndTimer = 0
            if self.tickCallbackID == 0 { self.endScrolling(velocity: 0) }
            return false
        }
    }

    private func endScrolling(velocity: Double) {
        guard isScrolling else { return }
        var target = contentOffset + velocity / Self.friction
        delegate?.scrollCanvas(self, willEndScrollingWithVelocity: velocity, targetOffset: &target)
        if abs(velocity) >= Self.minimumVelocity {
            startMomentum(velocity: velocity, target: target)
        } else {
            isScrolling = false
            delegate?.scrollCanvasDidEndScrolling(self)
        }
    }

    private func handleScroll(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let scrollEvent = hub_event_scroll(event)!.pointee
        let unit = pow(max(viewportSize.height, 1), 2.0 / 3.0)
        let now = Double(scrollEvent.time) / 1000
        switch scrollEvent.direction {
        case GDK_SCROLL_UP:
            beginScrolling()
            scroll(by: -unit, animated: true)
            scheduleScrollEnd()
        case GDK_SCROLL_DOWN:
            beginScrolling()
            scroll(by: unit, animated: true)
            scheduleScrollEnd()
        case GDK_SCROLL_SMOOTH:
            if gdk_event_is_scroll_stop_event(event) != 0 {
                // Fingers lifted from the touchpad: continue with momentum.
                let recent = samples.filter { now - $0.time <= 0.1 }
                samples.removeAll()
                var momentum = 0.0
                if let first = recent.first, let last = recent.last, last.time > first.time {
                    momentum = recent.map(\.delta).reduce(0, +) / (last.time - first.time)
                }
                GSource.cancel(scrollEndTimer)
                scrollEndTimer = 0
                endScrolling(velocity: momentum)
                return true
            }
            var dx = 0.0
            var dy = 0.0
            gdk_event_get_scroll_deltas(event, &dx, &dy)
            guard dy != 0 else { return false }
            stopMomentum()
            beginScrolling()
            let delta = dy * unit
            samples.append((now, delta))
            if samples.count > 20 { samples.removeFirst(samples.count - 20) }
            applyOffset(contentOffset + delta, notify: true)
            scheduleScrollEnd()
        default:
            return false
        }
        return true
    }

    private func handleKey(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let key = hub_event_key(event)!.pointee
        let page = max(viewportSize.height * 0.9, 1)
        let line = 40.0
        let target: Double
        switch Int32(key.keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = (animationTarget ?? contentOffset) + page
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = (animationTarget ?? contentOffset) - page
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = maximumOffset
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = (animationTarget ?? contentOffset) + line
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = (animationTarget ?? contentOffset) - line
        case GDK_KEY_space:
            let shift = (key.state & GDK_SHIFT_MASK.rawValue) != 0
            target = (animationTarget ?? contentOffset) + (shift ? -page : page)
        default: return false
        }
        beginScrolling()
        setContentOffset(target, animated: true)
        return true
    }

    // MARK: Animation and momentum (driven by the frame clock)

    private func animate(to offset: Double) {
        let clamped = min(max(0, offset), maximumOffset)
        animationTarget = clamped
        animationStart = (contentOffset, currentFrameTime())
        ensureTicking()
    }

    private func startMomentum(velocity: Double, target: Double) {
        self.velocity = velocity
        animationTarget = nil
        animationStart = nil
        ensureTicking()
    }

    private func stopMomentum() {
        velocity = 0
        animationTarget = nil
        animationStart = nil
        if tickCallbackID != 0 {
            gtk_widget_remove_tick_callback(layout, tickCallbackID)
            tickCallbackID = 0
        }
    }

    private func currentFrameTime() -> Double {
        if let clock = gtk_widget_get_frame_clock(layout) {
            return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        }
        return Double(g_get_monotonic_time()) / 1_000_000
    }

    private func ensureTicking() {
        guard tickCallbackID == 0 else { return }
        guard gtk_widget_get_realized(layout) != 0 else {
            // Not on screen: jump to the end state at once.
            if let target = animationTarget { applyOffset(target, notify: true) }
            animationTarget = nil
            animationStart = nil
            velocity = 0
            finishMotion()
            return
        }
        lastFrameTime = currentFrameTime()
        tickCallbackID = GSource.addTickCallback(layout) { [weak self] _ in self?.tick() ?? false }
    }

    private func tick() -> Bool {
        let now = currentFrameTime()
        let dt = max(0, now - lastFrameTime)
        lastFrameTime = now
        if let target = animationTarget, let start = animationStart {
            let progress = min(1, (now - start.time) / Self.stepAnimationDuration)
            let eased = 1 - pow(1 - progress, 3)
            let vetoed = !applyOffset(start.offset + (target - start.offset) * eased, notify: true)
            if progress >= 1 || vetoed {
                animationTarget = nil
                animationStart = nil
                tickCallbackID = 0
                finishMotion()
                return false
            }
            return true
        }
        if abs(velocity) >= Self.minimumVelocity {
            let before = contentOffset
            applyOffset(contentOffset + velocity * dt, notify: true)
            velocity *= exp(-Self.friction * dt)
            // Hitting either end stops momentum.
            if contentOffset == before && dt > 0 { velocity = 0 }
            if abs(velocity) >= Self.minimumVelocity { return true }
        }
        velocity = 0
        tickCallbackID = 0
        finishMotion()
        return false
    }

    private func finishMotion() {
        if isScrolling && scrollEndTimer == 0 {
            isScrolling = false
            delegate?.scrollCanvasDidEndScrolling(self)
        }
    }
}
