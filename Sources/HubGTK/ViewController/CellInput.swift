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
/// The events arrive typed (GtkKit's `PointerEvent` and `KeyPress`) from the cells, through the view
/// controller (their `CellInputHandler`). It is made with the cells and the canvas's focus. The
/// rest comes with each event, from the view controller: where the components are now
/// (`InputSnapshot`, read when asked) and what follows the event, a selection or a scroll, which
/// the controller carries out.
@MainActor
final class CellInput {
    /// Distance the pointer may move before a press turns into a drag and stops being a click.
    static let dragThreshold = 8.0

    /// A press being tracked (`startRoot` in root window coordinates): only one component of a
    /// view controller tracks a press at a time.
    private typealias GestureTracking = (wrapper: ComponentWrapper, cell: Cell, startRoot: Point)

    private let cells: RootCells
    private let surface: any FocusSurface
    private var gesture: GestureTracking?
    private var highlightedWrapper: ComponentWrapper?
    /// Set by `focusContent()` until content has been shown: the first render with components gives
    /// the focus to a `ComponentWithInitialFocus`.
    private var wantsInitialFocus = false

    /// - Parameters:
    ///   - cells: the cells of the root components (to find and move the keyboard focus).
    ///   - surface: the canvas the body scrolls on: the list that holds the focus between components.
    init(cells: RootCells, surface: any FocusSurface) {
        self.cells = cells
        self.surface = surface
    }

    // MARK: Pointer → highlight → selection

    func buttonPressed(_ cell: Cell, event: PointerEvent) -> Bool {
        guard event.kind == .press, event.button == 1, gesture == nil, let root = cell.wrapper else { return false }
        let local = cell.widget.location(ofScreenPoint: event.rootLocation)
        let target = Self.deepestChild(of: root, containing: local, in: cell.widget) ?? root
        // A press beside an input's control (on its label, its help text) is for the control, as a
        // click on a form field's label is: it takes the focus, and the component is not selected.
        if Self.focusInput(of: target) { return true }
        gesture = (target, cell, event.rootLocation)
        // Touch presses wait before highlighting so that a scroll does not flash the component;
        // a mouse press shows at once, as GTK's own widgets do.
        target.beginHighlight(delay: event.isFromTouchscreen ? ComponentWrapper.highlightDelay : 0)
        cell.widget.grabFocus()  // keyboard navigation continues from the clicked component
        return false
    }

    func pointerMoved(_ cell: Cell, event: PointerEvent) -> Bool {
        guard let gesture, gesture.cell === cell else { return false }
        let dx = event.rootLocation.x - gesture.startRoot.x
        let dy = event.rootLocation.y - gesture.startRoot.y
        if (dx * dx + dy * dy).squareRoot() > Self.dragThreshold { cancelGesture() }
        return false
    }

    /// The press ends: on its component, that component is selected (`select`).
    func buttonReleased(_ cell: Cell, event: PointerEvent, select: (ComponentWrapper, ComponentModel) -> Void) -> Bool {
        guard event.button == 1, let gesture, gesture.cell === cell else { return false }
        self.gesture = nil
        let wrapper = gesture.wrapper
        guard let view = wrapper.view, let model = wrapper.model else { return false }
        guard view.contains(view.location(ofScreenPoint: event.rootLocation)) else {
            wrapper.setSelectionState(.none)
            return false
        }
        wrapper.setSelectionState(.selected)
        select(wrapper, model)
        return true
    }

    /// Selects the cell's component, as a click does: Enter and Space on a focused cell, and the
    /// cell's `activate` signal (the default action assistive technologies invoke): `select` runs
    /// the selection. Returns whether there was a component to select.
    @discardableResult
    func activated(_ cell: Cell, select: (ComponentWrapper, ComponentModel) -> Void) -> Bool {
        guard let wrapper = cell.wrapper, let model = wrapper.model else { return false }
        // An input is used through its control, which assistive technologies reach on their own.
        if Self.focusInput(of: wrapper) { return true }
        wrapper.setSelectionState(.selected)
        select(wrapper, model)
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

    /// The body index of the component that has the keyboard focus (its cell, or a widget inside
    /// it such as an input's control), if any, among those `snapshot` says are placed.
    func focusedBodyIndex(in snapshot: InputSnapshot?) -> Int? {
        snapshot?.placed.first { cells.cell(for: $0.value).containsFocus }?.key
    }

    /// Moves the keyboard focus to the body component at `index`, scrolling it into view
    /// (`scrollTo` scrolls the body to a content offset, placing the components that come into view;
    /// `snapshot` reads where the components are, before and after).
    @discardableResult
    func focusBodyComponent(at index: Int, snapshot: () -> InputSnapshot?, scrollTo: (Double) -> Void) -> Bool {
        guard let current = snapshot(), index >= 0, index < current.layout.count else { return false }
        let frame = current.layout.frame(at: index)
        let visible = current.visibleRect
        if frame.minY < visible.minY {
            scrollTo(frame.minY)
        } else if frame.maxY > visible.maxY {
            scrollTo(frame.maxY - visible.height)
        }
        // Scrolling placed the components that came into view.
        guard let wrapper = snapshot()?.placed[index] else { return false }
        // An input takes the focus into its control, so that the person can type at once; Tab and
        // Shift+Tab in the control come back here (the control does not handle them).
        if !Self.focusInput(of: wrapper) { cells.cell(for: wrapper).widget.grabFocus() }
        return true
    }

    /// A key on a focused cell: Enter and Space select its component (`select`); Tab and the arrows
    /// move the focus, scrolling (`scrollTo`).
    func keyPressed(_ cell: Cell, key: KeyPress, snapshot: () -> InputSnapshot?,
                    select: (ComponentWrapper, ComponentModel) -> Void, scrollTo: (Double) -> Void) -> Bool
    {
        guard let wrapper = cell.wrapper, let current = snapshot(),
            let index = current.placed.first(where: { $0.value === wrapper })?.key
        else { return false }
        let layout = current.layout
        let rightToLeft = current.direction == .rightToLeft
        let target: Int
        switch Self.navigation(for: key) {
        case .activate:
            // Keys go up from the focus through its ancestors: the cell, then the canvas, which
            // pages down with Space, then the window, which activates its focus. While an input's
            // control has the focus, Enter and Space are the control's: it is activated here (a
            // switch turns, a button is pressed), and the component is not selected. (A field takes
            // them before they get here.)
            if !cell.widget.isFocus, wrapper.component is any ComponentWithInput, cell.containsFocus {
                _ = cell.widget.activateFocusedDescendant()
                return true
            }
            return activated(cell, select: select)
        case .tab(let backwards):
            // Past either end, GTK moves the focus out of the view.
            target = backwards ? index - 1 : index + 1
        case .down: target = indexInNeighbouringRow(of: index, below: true, layout: layout)
        case .up: target = indexInNeighbouringRow(of: index, below: false, layout: layout)
        // The next component in reading order is on the left when the view reads right to left.
        case .right: target = rightToLeft ? index - 1 : index + 1
        case .left: target = rightToLeft ? index + 1 : index - 1
        case nil: return false
        }
        return focusBodyComponent(at: target, snapshot: snapshot, scrollTo: scrollTo)
    }

    /// `focusContent()`: the list takes the focus now, and the first render with components may
    /// move it on (`focusOrder` reads the components on screen now, in order).
    func focusContent(focusOrder: () -> [ComponentWrapper]) {
        surface.focusContent()
        wantsInitialFocus = true
        moveFocusToInitialComponent(focusOrder: focusOrder)
    }

    /// Completes `focusContent()` once there are components: gives the focus to the first
    /// `ComponentWithInitialFocus` on screen (header, body in order, overlays). Only while the list
    /// still has the focus `focusContent()` gave it: a user who clicked or typed elsewhere keeps
    /// their focus. The first render with components settles it either way, so later renders
    /// (the next page of a list, search results) never take the focus. `focusOrder` reads the
    /// components on screen, in order (`InputSnapshot.focusOrder`), when there is a focus to give.
    func moveFocusToInitialComponent(focusOrder: () -> [ComponentWrapper]) {
        guard wantsInitialFocus else { return }
        guard surface.isFocus else {
            wantsInitialFocus = false
            return
        }
        let wrappers = focusOrder()
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

// MARK: - Keys and hit testing

extension CellInput {
    /// The keys a focused cell handles.
    enum Navigation { case activate, tab(backwards: Bool), down, up, right, left }

    static func navigation(for press: KeyPress) -> Navigation? {
        switch press.key {
        case .enter, .space: return .activate
        case .tab: return .tab(backwards: press.isBackwardTab)
        case .down: return .down
        case .up: return .up
        case .right: return .right
        case .left: return .left
        default: return nil
        }
    }

    /// Gives the keyboard focus to the control of `wrapper`'s component when it is an input that has
    /// one to focus (``ComponentWithInput/focusInput()``).
    static func focusInput(of wrapper: ComponentWrapper) -> Bool {
        (wrapper.component as? any ComponentWithInput)?.focusInput() ?? false
    }

    /// The deepest visible managed child under `point` (in `container` coordinates).
    static func deepestChild(of wrapper: ComponentWrapper, containing point: Point, in container: Widget)
        -> ComponentWrapper?
    {
        for child in wrapper.visibleChildren {
            guard let view = child.view, view.isMapped, let local = container.convert(point, to: view) else { continue }
            if view.contains(local) {
                return deepestChild(of: child, containing: local, in: view) ?? child
            }
        }
        return nil
    }
}
