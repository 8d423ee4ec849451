import CGtk
import GtkKit
import HubFramework

/// Keyboard use of a view: body components take the focus; Tab, Shift+Tab and the arrow keys move
/// it in reading order (Up/Down by row, Left/Right within a row, swapped right to left), scrolling
/// to keep it visible;
/// Enter and Space select the focused component. Tab past the last component leaves the view.
extension ViewController {
    /// The body index of the component that has the keyboard focus, if any.
    public var focusedBodyIndex: Int? {
        visibleWrappers.first { gtk_widget_is_focus(cell(for: $0.value).widget) != 0 }?.key
    }

    /// Moves the keyboard focus to the body component at `index`, scrolling it into view.
    @discardableResult
    public func focusBodyComponent(at index: Int) -> Bool {
        guard let layout, index >= 0, index < layout.count else { return false }
        let frame = layout.frame(at: index)
        let visible = canvas.visibleRect
        if frame.minY < visible.minY {
            scroll(to: Point(x: 0, y: frame.minY))
        } else if frame.maxY > visible.maxY {
            scroll(to: Point(x: 0, y: frame.maxY - visible.height))
        }
        guard let wrapper = visibleWrappers[index] else { return false }
        gtk_widget_grab_focus(cell(for: wrapper).widget)
        return true
    }

    func cellKeyPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let wrapper = cell.wrapper, let index = visibleWrappers.first(where: { $0.value === wrapper })?.key,
            let layout
        else { return false }
        let key = hub_event_key(event)!.pointee
        let shift = key.state & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(key.keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
            return cellActivated(cell)
        case GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab:
            let next = (shift || Int32(key.keyval) == GDK_KEY_ISO_Left_Tab) ? index - 1 : index + 1
            // Past either end, GTK moves the focus out of the view.
            return focusBodyComponent(at: next)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            return focusBodyComponent(at: indexInNeighbouringRow(of: index, below: true, layout: layout))
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            return focusBodyComponent(at: indexInNeighbouringRow(of: index, below: false, layout: layout))
        case GDK_KEY_Right, GDK_KEY_KP_Right:
            // The next component in reading order is on the left when the view reads right to left.
            return focusBodyComponent(at: layoutDirection == .rightToLeft ? index - 1 : index + 1)
        case GDK_KEY_Left, GDK_KEY_KP_Left:
            return focusBodyComponent(at: layoutDirection == .rightToLeft ? index + 1 : index - 1)
        default:
            return false
        }
    }

    /// Completes `focusContent()` once there are components: gives the focus to the first
    /// `ComponentWithInitialFocus` on screen (header, body in order, overlays). Only while the list
    /// still has the focus `focusContent()` gave it: a user who clicked or typed elsewhere keeps
    /// their focus. The first render with components settles it either way, so later renders
    /// (the next page of a list, search results) never take the focus.
    func moveFocusToInitialComponent() {
        guard wantsInitialFocus else { return }
        guard canvas.isFocus else {
            wantsInitialFocus = false
            return
        }
        let body = visibleWrappers.sorted { $0.key < $1.key }.map(\.value)
        let wrappers = [headerWrapper].compactMap { $0 } + body + overlayWrappers
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
