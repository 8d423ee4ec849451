import CGtk
import GtkKit
import HubFramework

/// Input on the cells of a view: the pointer and the keyboard.
///
/// A press highlights the deepest component under the pointer; releasing it there selects that
/// component; moving further than `dragThreshold`, scrolling or cancelling drops the highlight.
/// Body components take the keyboard focus; Tab, Shift+Tab and the arrow keys move it in reading
/// order (Up/Down by row, Left/Right within a row, swapped right to left), scrolling to keep it
/// visible; Enter and Space select the focused component. Tab past the last component leaves the view.
///
/// It owns the press being tracked, the highlighted component and the wish for an initial focus.
/// The GDK events arrive as C pointers (`Cell` connects the signals); every raw GTK call is in the
/// last section of this file, which reads the events into Swift values.
@MainActor
final class CellInput {
    /// Distance the pointer may move before a press turns into a drag and stops being a click.
    static let dragThreshold = 8.0

    /// A press being tracked (`startRoot` in root window coordinates): only one component of a
    /// view controller tracks a press at a time.
    private typealias GestureTracking = (wrapper: ComponentWrapper, cell: Cell, startRoot: Point)

    private unowned let controller: ViewController
    private var gesture: GestureTracking?
    private var highlightedWrapper: ComponentWrapper?
    /// Set by `focusContent()` until content has been shown: the first render with components gives
    /// the focus to a `ComponentWithInitialFocus`.
    private var wantsInitialFocus = false

    init(controller: ViewController) { self.controller = controller }

    // MARK: Pointer → highlight → selection

    func buttonPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let button = Self.button(of: event)
        guard button.isPress, button.number == 1, gesture == nil, let root = cell.wrapper else { return false }
        let local = Self.pointerLocation(in: cell.widget, root: button.root)
        let target = Self.deepestChild(of: root, containing: local, in: cell.widget) ?? root
        gesture = (target, cell, button.root)
        // Touch presses wait before highlighting so that a scroll does not flash the component;
        // a mouse press shows at once, as GTK's own widgets do.
        target.beginHighlight(delay: Self.isTouch(event) ? ComponentWrapper.highlightDelay : 0)
        Self.grabFocus(cell.widget)  // keyboard navigation continues from the clicked component
        return false
    }

    func pointerMoved(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let gesture, gesture.cell === cell else { return false }
        let root = Self.motionRoot(of: event)
        let dx = root.x - gesture.startRoot.x
        let dy = root.y - gesture.startRoot.y
        if (dx * dx + dy * dy).squareRoot() > Self.dragThreshold { cancelGesture() }
        return false
    }

    func buttonReleased(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let button = Self.button(of: event)
        guard button.number == 1, let gesture, gesture.cell === cell else { return false }
        self.gesture = nil
        let wrapper = gesture.wrapper
        guard let view = wrapper.view, let model = wrapper.model else { return false }
        guard Self.contains(view.gtkWidget, Self.pointerLocation(in: view.gtkWidget, root: button.root)) else {
            wrapper.setSelectionState(.none)
            return false
        }
        wrapper.setSelectionState(.selected)
        controller.actions.selectComponent(with: model, customData: nil)
        return true
    }

    /// Selects the cell's component, as a click does: Enter and Space on a focused cell, and the
    /// cell's `activate` signal (the default action assistive technologies invoke). Returns whether
    /// there was a component to select.
    @discardableResult
    func activated(_ cell: Cell) -> Bool {
        guard let wrapper = cell.wrapper, let model = wrapper.model else { return false }
        wrapper.setSelectionState(.selected)
        controller.actions.selectComponent(with: model, customData: nil)
        return true
    }

    /// Ends the press being tracked without selecting anything.
    func cancelGesture() {
        if let gesture {
            self.gesture = nil
            gesture.wrapper.setSelectionState(.none)
        }
    }

    /// Resets the highlighted component (if any) to no selection state.
    func cancelComponentSelection() {
        cancelGesture()
        if let highlighted = highlightedWrapper {
            highlightedWrapper = nil
            highlighted.setSelectionState(.none)
        }
    }

    /// A wrapper's selection state is about to change: remembers which one is highlighted.
    func selectionStateWillChange(of wrapper: ComponentWrapper, to state: SelectionState) {
        switch state {
        case .highlighted: highlightedWrapper = wrapper
        case .none, .selected: if highlightedWrapper === wrapper { highlightedWrapper = nil }
        }
    }

    /// A selected component no longer counts as highlighted.
    func wrapperWasSelected(_ wrapper: ComponentWrapper) { if wrapper === highlightedWrapper { highlightedWrapper = nil } }

    /// The wrapper leaves the screen (the recycler takes it back): its highlight goes.
    func wrapperWillLeave(_ wrapper: ComponentWrapper) { if highlightedWrapper === wrapper { cancelComponentSelection() } }

    // MARK: Keyboard and focus

    /// The body index of the component that has the keyboard focus, if any.
    var focusedBodyIndex: Int? {
        controller.recycler.placedWrappers.first { Self.isFocus(controller.recycler.cell(for: $0.value).widget) }?.key
    }

    /// Moves the keyboard focus to the body component at `index`, scrolling it into view.
    @discardableResult
    func focusBodyComponent(at index: Int) -> Bool {
        guard let layout = controller.layout, index >= 0, index < layout.count else { return false }
        let frame = layout.frame(at: index)
        let visible = controller.canvas.visibleRect
        if frame.minY < visible.minY {
            controller.scrolling.scroll(to: Point(x: 0, y: frame.minY))
        } else if frame.maxY > visible.maxY {
            controller.scrolling.scroll(to: Point(x: 0, y: frame.maxY - visible.height))
        }
        guard let wrapper = controller.recycler.placedWrappers[index] else { return false }
        Self.grabFocus(controller.recycler.cell(for: wrapper).widget)
        return true
    }

    func keyPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let wrapper = cell.wrapper,
            let index = controller.recycler.placedWrappers.first(where: { $0.value === wrapper })?.key,
            let layout = controller.layout
        else { return false }
        let rightToLeft = controller.layoutDirection == .rightToLeft
        switch Self.key(of: event) {
        case .activate: return activated(cell)
        case .tab(let backwards):
            // Past either end, GTK moves the focus out of the view.
            return focusBodyComponent(at: backwards ? index - 1 : index + 1)
        case .down: return focusBodyComponent(at: indexInNeighbouringRow(of: index, below: true, layout: layout))
        case .up: return focusBodyComponent(at: indexInNeighbouringRow(of: index, below: false, layout: layout))
        case .right:
            // The next component in reading order is on the left when the view reads right to left.
            return focusBodyComponent(at: rightToLeft ? index - 1 : index + 1)
        case .left: return focusBodyComponent(at: rightToLeft ? index + 1 : index - 1)
        case nil: return false
        }
    }

    /// `focusContent()`: the list takes the focus now, and the first render with components may
    /// move it on.
    func focusContent() {
        controller.canvas.focusContent()
        wantsInitialFocus = true
        moveFocusToInitialComponent()
    }

    /// Completes `focusContent()` once there are components: gives the focus to the first
    /// `ComponentWithInitialFocus` on screen (header, body in order, overlays). Only while the list
    /// still has the focus `focusContent()` gave it: a user who clicked or typed elsewhere keeps
    /// their focus. The first render with components settles it either way, so later renders
    /// (the next page of a list, search results) never take the focus.
    func moveFocusToInitialComponent() {
        guard wantsInitialFocus else { return }
        guard controller.canvas.isFocus else {
            wantsInitialFocus = false
            return
        }
        let body = controller.recycler.placedWrappers.sorted { $0.key < $1.key }.map(\.value)
        let floating = controller.floating!
        let wrappers = [floating.header].compactMap { $0 } + body + floating.overlays
        guard !wrappers.isEmpty else { return }  // still loading: wait for the content
        wantsInitialFocus = false
        for wrapper in wrappers {
            if let component = wrapper.component as? any ComponentWithInitialFocus, component.takeInitialFocus() {
                return
            }
        }
    }

    /// The component in the row above or below whose centre is closest horizontally.
    private func indexInNeighbouringRow(of index: Int, below: Bool, layout: ComponentLayout) -> Int {
        let row = layout.row(containing: index)
        let target = below ? row + 1 : row - 1
        guard target >= 0, target < layout.rowCount else { return -1 }
        let x = layout.frame(at: index).midX
        return layout.indexes(inRow: target).min { abs(layout.frame(at: $0).midX - x) < abs(layout.frame(at: $1).midX - x) }
            ?? -1
    }
}

// MARK: - Raw GTK calls
// The only C calls of the view controller's team: reading GDK events into Swift values, pointer
// geometry, and the keyboard focus of cells. Kept together so that typed events can replace them.

extension CellInput {
    /// The keys a focused cell handles.
    enum Key { case activate, tab(backwards: Bool), down, up, right, left }

    static func button(of event: UnsafeMutablePointer<GdkEvent>) -> (isPress: Bool, number: UInt32, root: Point) {
        let button = hub_event_button(event)!.pointee
        return (button.type == GDK_BUTTON_PRESS, button.button, Point(x: button.x_root, y: button.y_root))
    }

    static func isTouch(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        gdk_device_get_source(gdk_event_get_source_device(event)) == GDK_SOURCE_TOUCHSCREEN
    }

    static func motionRoot(of event: UnsafeMutablePointer<GdkEvent>) -> Point {
        let motion = hub_event_motion(event)!.pointee
        return Point(x: motion.x_root, y: motion.y_root)
    }

    static func key(of event: UnsafeMutablePointer<GdkEvent>) -> Key? {
        let key = hub_event_key(event)!.pointee
        let shift = key.state & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(key.keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space: return .activate
        case GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab:
            return .tab(backwards: shift || Int32(key.keyval) == GDK_KEY_ISO_Left_Tab)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .down
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .up
        case GDK_KEY_Right, GDK_KEY_KP_Right: return .right
        case GDK_KEY_Left, GDK_KEY_KP_Left: return .left
        default: return nil
        }
    }

    static func grabFocus(_ widget: WidgetPointer) { gtk_widget_grab_focus(widget) }
    static func isFocus(_ widget: WidgetPointer) -> Bool { gtk_widget_is_focus(widget) != 0 }

    /// Whether `point` (in the widget's coordinates) is inside the widget's allocation.
    static func contains(_ widget: WidgetPointer, _ point: Point) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x < Double(gtk_widget_get_allocated_width(widget))
            && point.y < Double(gtk_widget_get_allocated_height(widget))
    }

    /// Takes a child component's widget out of its parent: it may have been a root's cell content.
    static func takeOutOfParent(_ widget: WidgetPointer) {
        if let parent = gtk_widget_get_parent(widget) { gtk_container_remove(hub_container(parent), widget) }
    }

    static func pointerLocation(in widget: WidgetPointer, root: Point) -> Point {
        guard let window = gtk_widget_get_window(widget) else { return Point(x: -1, y: -1) }
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        // Widgets without their own GdkWindow are allocated in their window's coordinates.
        var x = root.x - Double(originX)
        var y = root.y - Double(originY)
        if gtk_widget_get_has_window(widget) == 0 {
            x -= Double(allocation.x)
            y -= Double(allocation.y)
        }
        return Point(x: x, y: y)
    }

    /// The deepest visible managed child under `point` (in `container` coordinates).
    static func deepestChild(of wrapper: ComponentWrapper, containing point: Point, in container: WidgetPointer)
        -> ComponentWrapper?
    {
        for child in wrapper.visibleChildren {
            guard let view = child.view?.gtkWidget, gtk_widget_get_mapped(view) != 0 else { continue }
            var x: Int32 = 0
            var y: Int32 = 0
            guard gtk_widget_translate_coordinates(container, view, Int32(point.x), Int32(point.y), &x, &y) != 0
            else { continue }
            if x >= 0, y >= 0, x < gtk_widget_get_allocated_width(view), y < gtk_widget_get_allocated_height(view) {
                return deepestChild(of: child, containing: Point(x: Double(x), y: Double(y)), in: view) ?? child
            }
        }
        return nil
    }
}

// MARK: - What `Cell` calls
// `Cell` holds its controller weakly and reports its events to it; the controller hands them on.

extension ViewController {
    @discardableResult
    func cellActivated(_ cell: Cell) -> Bool { input.activated(cell) }
    func cellKeyPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool { input.keyPressed(cell, event: event) }
    func cellButtonPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        input.buttonPressed(cell, event: event)
    }
    func cellButtonReleased(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        input.buttonReleased(cell, event: event)
    }
    func cellPointerMoved(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool { input.pointerMoved(cell, event: event) }
}
