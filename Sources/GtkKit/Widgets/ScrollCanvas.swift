internal import CGtk
import Foundation
import HubFramework

/// A vertically scrolling surface of any height that never creates a widget taller than the viewport.
///
/// GTK 3 scrolls by moving one child window under a viewport, and X11 limits windows to 32,767 px,
/// so a long list cannot be one big child. Instead the canvas keeps a `GtkLayout` exactly the size
/// of the viewport and moves each child to `frame.y - contentOffset` itself. The scrollbar drives a
/// `GtkAdjustment`, whose range is a `Double` and has no such limit.
///
/// Scrolling works with the wheel (discrete steps, animated), touchpads (smooth deltas, with
/// momentum after the fingers lift), the scrollbar, and Page Up/Down, Home/End, arrow keys.
///
/// The canvas coordinates a few parts, each in its own file: `ScrollCanvasWidgets` (the layout,
/// the overlay and the box), `CanvasScrollbar` (the scrollbar, its adjustment and when it shows),
/// `ScrollGeometry` (content height, offset and viewport, a value) and `CanvasChildren` (the
/// children and their content-coordinate origins). The canvas handles GTK's events and signals and
/// is the only one that changes the geometry and tells the delegate.
@MainActor
package final class ScrollCanvas {
    /// The layout, the overlay above it and the box that holds them beside the scrollbar.
    private let widgets: ScrollCanvasWidgets
    /// The scrollbar and its adjustment.
    private let scrollbarPart: CanvasScrollbar
    /// The content's height, the offset and the viewport's size.
    private var geometry = ScrollGeometry()
    /// The children and their origins in content coordinates.
    private let children: CanvasChildren
    /// The signal handlers, disconnected in ``tearDown()``.
    private var connections: [SignalConnection] = []

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

    package weak var delegate: ScrollCanvasDelegate?

    /// True while a gesture or its momentum is moving the content.
    package private(set) var isScrolling = false

    /// The canvas as a typed widget, to put in a window or any container (see ``widget``).
    package private(set) lazy var view = Widget(owning: widget)

    // MARK: Widgets

    /// The widget to put in a window: the canvas beside its scrollbar, inside an overlay that also
    /// hosts floating widgets (the header and overlays of a hub view).
    var widget: UnsafeMutablePointer<GtkWidget> { widgets.box }
    /// The overlay above the canvas, for widgets that do not scroll.
    var overlay: UnsafeMutablePointer<GtkWidget> { widgets.overlay }
    /// The `GtkLayout` children are placed in.
    var layout: UnsafeMutablePointer<GtkWidget> { widgets.layout }
    /// The vertical scrollbar.
    var scrollbar: UnsafeMutablePointer<GtkWidget> { scrollbarPart.widget }
    /// The scrollbar's adjustment.
    var adjustment: UnsafeMutablePointer<GtkAdjustment> { scrollbarPart.adjustment }

    // MARK: Geometry

    /// The height of the whole content.
    package var contentHeight: Double { geometry.contentHeight }
    /// How far the content is scrolled: the content y shown at the top of the viewport.
    package var contentOffset: Double { geometry.contentOffset }
    /// The size of the visible area.
    package var viewportSize: Size { geometry.viewportSize }

    /// The visible part of the content, in content coordinates.
    package var visibleRect: Rect { geometry.visibleRect }

    /// The largest offset the content can be scrolled to.
    package var maximumOffset: Double { geometry.maximumOffset }

    /// Whether the scrollbar may show (a view controller's scroll handler decides); it shows only
    /// while the content is taller than the viewport.
    package var showsScrollIndicators: Bool {
        get { scrollbarPart.showsIndicators }
        set { scrollbarPart.showsIndicators = newValue }
    }

    /// Whether the scrollbar shows now.
    package var isScrollbarVisible: Bool { scrollbarPart.isVisible }

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
        scrollbarPart = CanvasScrollbar()
        widgets = ScrollCanvasWidgets(scrollbar: scrollbarPart.widget)
        children = CanvasChildren(layout: widgets.layout)

        connections.append(GSignal.connectAllocate(layout) { [weak self] allocation in
            self?.layoutDidAllocate(width: Double(allocation.width), height: Double(allocation.height))
        })
        // A child that leaves the layout in any way (floated onto the overlay, taken out of its
        // parent, destroyed) is forgotten at once: the canvas moves and allocates every child it
        // remembers, and must never touch a widget it no longer holds, or one freed since.
        connections.append(GSignal.connectPointer(layout, "remove") { [weak self] child in
            guard let child else { return }
            self?.children.forget(child.assumingMemoryBound(to: GtkWidget.self))
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
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        gtk_widget_destroy(widget)
        scrollbarPart.tearDown()
        widgets.release()
    }

    // MARK: Children

    /// Adds a child at a position in content coordinates.
    func addChild(_ child: UnsafeMutablePointer<GtkWidget>, at origin: Point) {
        children.add(child, at: origin, in: geometry)
    }

    /// Moves a child to a position in content coordinates.
    func moveChild(_ child: UnsafeMutablePointer<GtkWidget>, to origin: Point) {
        children.move(child, to: origin, in: geometry)
    }

    /// The content-coordinate origin of a child, if it is on the canvas.
    func origin(of child: UnsafeMutablePointer<GtkWidget>) -> Point? { children.origin(of: child) }

    // The same for typed widgets: the engine above GtkKit places its cells through these.

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

    // MARK: Geometry changes

    /// Sets the content height; the offset is clamped into the new range.
    package func setContentHeight(_ height: Double) {
        geometry.contentHeight = max(0, height)
        scrollbarPart.follow(geometry)
        if geometry.contentOffset > geometry.maximumOffset { applyOffset(geometry.maximumOffset, notify: true) }
    }

    private func layoutDidAllocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        guard size != geometry.viewportSize else { return }
        scrollbarPart.defersVisibility = true
        defer { scrollbarPart.defersVisibility = false }
        geometry.viewportSize = size
        // Keep the layout's scrollable area equal to its allocation: it never scrolls itself.
        gtk_layout_set_size(hub_layout(layout), UInt32(max(0, width)), UInt32(max(0, height)))
        scrollbarPart.follow(geometry)
        if geometry.contentOffset > geometry.maximumOffset { geometry.contentOffset = geometry.maximumOffset }
        children.reposition(in: geometry)
        delegate?.scrollCanvasViewportDidChange(self)
        // Children the delegate added or moved just now missed GtkLayout's own allocation pass
        // (it ran before this handler, and resizes queued during allocation are dropped): give
        // them their allocation here, exactly as GtkLayout would.
        children.allocate(in: geometry)
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
        let base = animationTarget ?? geometry.contentOffset
        return setContentOffset(base + delta, animated: animated)
    }

    @discardableResult
    private func applyOffset(_ offset: Double, notify: Bool) -> Bool {
        let clamped = geometry.clamped(offset)
        if clamped == geometry.contentOffset { return true }
        if let delegate, !delegate.scrollCanvasShouldScroll(self) {
            scrollbarPart.follow(geometry)
            return false
        }
        geometry.contentOffset = clamped
        scrollbarPart.setValue(clamped)
        children.reposition(in: geometry)
        if notify { delegate?.scrollCanvasViewportDidChange(self) }
        return true
    }

    private func adjustmentValueChanged() {
        guard !scrollbarPart.isSettingValue else { return }
        // The user dragged the scrollbar (or something else changed the adjustment).
        stopMomentum()
        beginScrolling()
        applyOffset(scrollbarPart.value, notify: true)
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
        var target = geometry.contentOffset + velocity / Self.friction
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
        let unit = pow(max(geometry.viewportSize.height, 1), 2.0 / 3.0)
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
            applyOffset(geometry.contentOffset + delta, notify: true)
            scheduleScrollEnd()
        default:
            return false
        }
        return true
    }

    private func handleKey(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let key = hub_event_key(event)!.pointee
        let page = max(geometry.viewportSize.height * 0.9, 1)
        let line = 40.0
        let target: Double
        switch Int32(key.keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = (animationTarget ?? geometry.contentOffset) + page
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = (animationTarget ?? geometry.contentOffset) - page
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = geometry.maximumOffset
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = (animationTarget ?? geometry.contentOffset) + line
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = (animationTarget ?? geometry.contentOffset) - line
        case GDK_KEY_space:
            let shift = (key.state & GDK_SHIFT_MASK.rawValue) != 0
            target = (animationTarget ?? geometry.contentOffset) + (shift ? -page : page)
        default: return false
        }
        beginScrolling()
        setContentOffset(target, animated: true)
        return true
    }

    // MARK: Animation and momentum (driven by the frame clock)

    private func animate(to offset: Double) {
        let clamped = geometry.clamped(offset)
        animationTarget = clamped
        animationStart = (geometry.contentOffset, currentFrameTime())
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
            let before = geometry.contentOffset
            applyOffset(geometry.contentOffset + velocity * dt, notify: true)
            velocity *= exp(-Self.friction * dt)
            // Hitting either end stops momentum.
            if geometry.contentOffset == before && dt > 0 { velocity = 0 }
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
