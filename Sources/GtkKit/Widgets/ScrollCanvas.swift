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
/// momentum after the fingers lift), the scrollbar, and Page Up/Down, Home/End, arrow keys. With
/// animations off (``Animations/areEnabled``, followed as it changes) steps jump, and a flick stops
/// where the fingers left the content.
///
/// The canvas coordinates a few parts, each in its own file: `ScrollCanvasWidgets` (the layout,
/// the overlay and the box), `CanvasScrollbar` (the scrollbar, its adjustment and when it shows),
/// `ScrollGeometry` (content height, offset and viewport, a value), `CanvasChildren` (the children
/// and their content-coordinate origins), `ScrollMotion` (the numbers of animation and momentum, a
/// value) and `ScrollClock` (the frame clock's ticks and the gesture's end timer). The canvas
/// handles GTK's events and signals and is the only one that changes the geometry and tells the
/// delegate.
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
    /// The step animation or momentum under way.
    private var motion = ScrollMotion()
    /// The frame clock's ticks and the gesture's end timer.
    private let clock: ScrollClock
    /// The signal handlers, disconnected in ``tearDown()``.
    private var connections: [SignalConnection] = []

    package weak var delegate: ScrollCanvasDelegate?

    /// True while a gesture or its momentum is moving the content.
    package private(set) var isScrolling = false

    /// True from the moment the person presses End until they scroll in any other way: the content
    /// may still be arriving (a long document, a large body laid out a few milliseconds per main-loop
    /// turn), and the view keeps to its growing end, as a terminal does. The canvas only records the
    /// person's wish; whoever sets the content's height moves the offset (``followEnd()`` for a
    /// scroll to the end asked for in code).
    package private(set) var followsEnd = false

    /// Keeps the view at the end of the content as it grows, until the person scrolls.
    package func followEnd() { followsEnd = true }

    /// Stops keeping the view at the end (a scroll somewhere else was asked for in code).
    package func stopFollowingEnd() { followsEnd = false }

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
        clock = ScrollClock(widget: widgets.layout)

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
            self?.followsEnd = false
            self?.beginScrolling()
            return false
        })
        connections.append(GSignal.connectEvent(scrollbar, "button-release-event") { [weak self] _ in
            self?.scheduleScrollEnd()
            return false
        })
        if let connection = Animations.observe({ [weak self] in self?.animationsSettingChanged() }) {
            connections.append(connection)
        }
    }

    /// Disconnects every handler and destroys the widgets.
    package func tearDown() {
        stopMomentum()
        clock.cancelGestureEnd()
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
        let interruptsMotion = clock.isTicking
        stopMomentum()
        if animated {
            animate(to: offset)
            return true
        }
        let applied = applyOffset(offset, notify: true)
        // The animation or momentum it stopped would have ended the scroll when it arrived.
        if interruptsMotion { finishMotion() }
        return applied
    }

    /// Scrolls by `delta` pixels (clamped).
    @discardableResult
    package func scroll(by delta: Double, animated: Bool = false) -> Bool {
        let base = motion.animationTarget ?? geometry.contentOffset
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
        followsEnd = false
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
        clock.scheduleGestureEnd { [weak self] in
            guard let self else { return }
            if !self.clock.isTicking { self.endScrolling(velocity: 0) }
        }
    }

    private func endScrolling(velocity: Double) {
        guard isScrolling else { return }
        var target = ScrollMotion.restingOffset(from: geometry.contentOffset, velocity: velocity)
        delegate?.scrollCanvas(self, willEndScrollingWithVelocity: velocity, targetOffset: &target)
        // Momentum is motion nobody asked for: without animations the content stays where it was left.
        if abs(velocity) >= ScrollMotion.minimumVelocity && Animations.areEnabled {
            startMomentum(velocity: velocity, target: target)
        } else {
            isScrolling = false
            delegate?.scrollCanvasDidEndScrolling(self)
        }
    }

    private func handleScroll(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let scrollEvent = hub_event_scroll(event)!.pointee
        followsEnd = false
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
                let momentum = motion.releaseVelocity(at: now)
                clock.cancelGestureEnd()
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
            motion.record(delta: delta, at: now)
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
        let base = motion.animationTarget ?? geometry.contentOffset
        let target: Double
        switch Int32(key.keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = base + page
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = base - page
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = geometry.maximumOffset
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = base + line
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = base - line
        case GDK_KEY_space:
            let shift = (key.state & GDK_SHIFT_MASK.rawValue) != 0
            target = base + (shift ? -page : page)
        default: return false
        }
        beginScrolling()
        setContentOffset(target, animated: true)
        followsEnd = [GDK_KEY_End, GDK_KEY_KP_End].contains(Int32(key.keyval))
        return true
    }

    // MARK: Animation and momentum (driven by the frame clock)

    private func animate(to offset: Double) {
        guard Animations.areEnabled else {
            // Reduced motion: the step lands at once, with no frame in between.
            motion.stop()
            clock.stopTicking()
            applyOffset(offset, notify: true)
            finishMotion()
            return
        }
        motion.animate(from: geometry.contentOffset, to: geometry.clamped(offset), at: clock.frameTime)
        ensureTicking()
    }

    private func startMomentum(velocity: Double, target: Double) {
        motion.startMomentum(velocity: velocity)
        ensureTicking()
    }

    private func stopMomentum() {
        motion.stop()
        clock.stopTicking()
    }

    private func ensureTicking() {
        guard !clock.isTicking else { return }
        guard clock.canTick else {
            // Not on screen: jump to the end state at once.
            if let target = motion.animationTarget { applyOffset(target, notify: true) }
            motion.stop()
            finishMotion()
            return
        }
        motion.startClock(at: clock.frameTime)
        clock.startTicking { [weak self] in self?.tick() ?? false }
    }

    private func tick() -> Bool {
        let now = clock.frameTime
        let elapsed = motion.advanceClock(to: now)
        if let step = motion.animatedOffset(at: now) {
            let vetoed = !applyOffset(step.offset, notify: true)
            if step.isFinished || vetoed {
                motion.endAnimation()
                clock.tickingStopped()
                finishMotion()
                return false
            }
            return true
        }
        if motion.hasMomentum {
            let before = geometry.contentOffset
            applyOffset(geometry.contentOffset + motion.velocity * elapsed, notify: true)
            // Hitting either end stops momentum.
            motion.decay(over: elapsed, blocked: geometry.contentOffset == before && elapsed > 0)
            if motion.hasMomentum { return true }
        }
        motion.endMomentum()
        clock.tickingStopped()
        finishMotion()
        return false
    }

    /// Animations were turned on or off. Turned off, a step under way lands on its target now, and
    /// momentum stops.
    private func animationsSettingChanged() {
        guard !Animations.areEnabled, clock.isTicking else { return }
        let target = motion.animationTarget
        motion.stop()
        clock.stopTicking()
        if let target { applyOffset(target, notify: true) }
        finishMotion()
    }

    private func finishMotion() {
        if isScrolling && !clock.isGestureEndPending {
            isScrolling = false
            delegate?.scrollCanvasDidEndScrolling(self)
        }
    }
}
