import CGtk
import Foundation
import GtkKit
import HubFramework

/// A press being tracked: only one component of a view controller tracks a press at a time.
@MainActor
struct GestureTracking {
    let wrapper: ComponentWrapper
    let cell: Cell
    let startRoot: Point
}

// MARK: - Pointer → highlight → selection
// A press highlights the deepest component under the pointer; releasing it there selects that
// component; moving further than `dragThreshold`, scrolling or cancelling drops the highlight.

extension ViewController {
    /// Distance the pointer may move before a press turns into a drag and stops being a click.
    static let dragThreshold = 8.0

    func cellButtonPressed(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let button = hub_event_button(event)!.pointee
        guard button.type == GDK_BUTTON_PRESS, button.button == 1, gesture == nil,
            let root = cell.wrapper else { return false }
        let local = pointerLocation(in: cell.widget, rootX: button.x_root, rootY: button.y_root)
        let target = deepestChild(of: root, containing: local, in: cell.widget) ?? root
        gesture = GestureTracking(wrapper: target, cell: cell, startRoot: Point(x: button.x_root, y: button.y_root))
        // Touch presses wait before highlighting so that a scroll does not flash the component;
        // a mouse press shows at once, as GTK's own widgets do.
        let source = gdk_device_get_source(gdk_event_get_source_device(event))
        target.beginHighlight(delay: source == GDK_SOURCE_TOUCHSCREEN ? ComponentWrapper.highlightDelay : 0)
        gtk_widget_grab_focus(cell.widget)  // keyboard navigation continues from the clicked component
        return false
    }

    func cellPointerMoved(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let gesture, gesture.cell === cell else { return false }
        let motion = hub_event_motion(event)!.pointee
        let dx = motion.x_root - gesture.startRoot.x
        let dy = motion.y_root - gesture.startRoot.y
        if (dx * dx + dy * dy).squareRoot() > Self.dragThreshold { cancelGesture() }
        return false
    }

    func cellButtonReleased(_ cell: Cell, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let button = hub_event_button(event)!.pointee
        guard button.button == 1, let gesture, gesture.cell === cell else { return false }
        self.gesture = nil
        let wrapper = gesture.wrapper
        guard let view = wrapper.view, let model = wrapper.model else { return false }
        let local = pointerLocation(in: view.gtkWidget, rootX: button.x_root, rootY: button.y_root)
        let inside = local.x >= 0 && local.y >= 0 && local.x < Double(gtk_widget_get_allocated_width(view.gtkWidget))
            && local.y < Double(gtk_widget_get_allocated_height(view.gtkWidget))
        guard inside else {
            wrapper.setSelectionState(.none)
            return false
        }
        wrapper.setSelectionState(.selected)
        selectComponent(with: model, customData: nil)
        return true
    }

    /// Selects the cell's component, as a click does: Enter and Space on a focused cell, and the
    /// cell's `activate` signal (the default action assistive technologies invoke). Returns whether
    /// there was a component to select.
    @discardableResult
    func cellActivated(_ cell: Cell) -> Bool {
        guard let wrapper = cell.wrapper, let model = wrapper.model else { return false }
        wrapper.setSelectionState(.selected)
        selectComponent(with: model, customData: nil)
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
    public func cancelComponentSelection() {
        cancelGesture()
        if let highlighted = highlightedWrapper {
            highlightedWrapper = nil
            highlighted.setSelectionState(.none)
        }
    }

    private func pointerLocation(in widget: WidgetPointer, rootX: Double, rootY: Double) -> Point {
        guard let window = gtk_widget_get_window(widget) else { return Point(x: -1, y: -1) }
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        // Widgets without their own GdkWindow are allocated in their window's coordinates.
        var x = rootX - Double(originX)
        var y = rootY - Double(originY)
        if gtk_widget_get_has_window(widget) == 0 {
            x -= Double(allocation.x)
            y -= Double(allocation.y)
        }
        return Point(x: x, y: y)
    }

    /// The deepest visible managed child under `point` (in `container` coordinates).
    private func deepestChild(of wrapper: ComponentWrapper, containing point: Point, in container: WidgetPointer)
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

// MARK: - Selection and action routing
// A selection offers the component's target actions in order until one handles it, then the
// default selection action; the feature's action handler sees each action before its action object.

extension ViewController {
    /// Selects a component programmatically: shows it selected briefly, runs its target's actions
    /// in order until one handles it, then (if none did) the default selection action.
    /// Returns whether the selection was handled.
    @discardableResult
    public func selectComponent(with model: ComponentModel, customData: JSONObject? = nil) -> Bool {
        if let wrapper = liveWrapper(forModelIdentifier: model.identifier) {
            wrapper.setSelectionState(.selected, notifyDelegate: false)
            if wrapper === highlightedWrapper { highlightedWrapper = nil }
            MainThread.after(0.2) { [weak wrapper] in wrapper?.setSelectionState(.none, notifyDelegate: false) }
        }
        var handled = false
        for identifier in model.target?.actionIdentifiers ?? [] {
            handled = performAction(trigger: .selection, identifier: identifier, customData: customData, model: model)
            if handled { break }
        }
        if !handled {
            handled = performAction(trigger: .selection, identifier: nil, customData: customData, model: model)
        }
        if handled { delegate?.viewController(self, componentSelectedWith: model) }
        return handled
    }

    /// Performs an action on behalf of a content operation (trigger `.contentOperation`).
    @discardableResult
    public func performAction(withIdentifier identifier: Identifier, customData: JSONObject?) -> Bool {
        performAction(trigger: .contentOperation, identifier: identifier, customData: customData, model: nil)
    }

    func performAction(trigger: ActionTrigger, identifier: Identifier?, customData: JSONObject?,
                       model: ComponentModel?) -> Bool
    {
        guard let viewModel else { return false }
        // The default selection action opens the target: content may not open what its origin
        // may not reach, and then nothing else happens either (no handler, no observer).
        if identifier == nil, let uri = model?.target?.uri, !allowsOpeningTarget(uri) { return false }
        let context = ActionContext(trigger: trigger, customActionIdentifier: identifier, customData: customData,
                                    featureInfo: featureInfo, viewURI: viewURI, viewModel: viewModel,
                                    componentModel: model, viewController: self)
        let handled = handleAction(context)
        for wrapper in observerWrappers() where wrapper.isActionObserver {
            wrapper.actionPerformed(with: context)
        }
        delegate?.viewController(self, didPerformActionWith: context)
        return handled
    }

    /// Runs the feature's (or the app's) action handler, else the action object; then tells the
    /// content operations. Observers hear about every action, even one no factory creates.
    func handleAction(_ context: ActionContext) -> Bool {
        let action: (any Action)?
        let target = context.componentModel?.target
        if context.customActionIdentifier == nil {
            action = actionRegistry.selectionAction
            if let uri = target?.uri, let initial = target?.initialViewModel {
                initialViewModelRegistry?.register(initial, forViewURI: uri)
            }
        } else if let identifier = context.customActionIdentifier {
            action = actionRegistry.createCustomAction(for: identifier)
        } else {
            action = nil
        }
        var performed = false
        if actionHandler?.handleAction(with: context) == true {
            performed = true
        } else if let action {
            if let asyncAction = action as? any AsyncAction {
                AsyncActionTracker.shared.retain(asyncAction, context: context, controller: self)
            }
            performed = action.perform(with: context)
        }
        if context.customActionIdentifier == nil, let uri = target?.uri {
            initialViewModelRegistry?.removeInitialViewModel(forViewURI: uri)
        }
        loader.actionPerformed(with: context)
        return performed
    }

    func liveWrapper(forModelIdentifier identifier: String) -> ComponentWrapper? {
        observerWrappers().first { $0.model?.identifier == identifier }
    }
}

/// Keeps asynchronous actions alive until they finish, then chains to the next action.
@MainActor
final class AsyncActionTracker: AsyncActionDelegate {
    static let shared = AsyncActionTracker()
    private var running: [ObjectIdentifier: (action: any AsyncAction, context: ActionContext,
                                             controller: ViewController)] = [:]

    func retain(_ action: any AsyncAction, context: ActionContext, controller: ViewController) {
        action.delegate = self
        running[ObjectIdentifier(action)] = (action, context, controller)
    }

    var runningCount: Int { running.count }

    func actionDidFinish(_ action: any AsyncAction, chainingTo nextActionIdentifier: Identifier?,
                         customData: JSONObject?)
    {
        guard let entry = running.removeValue(forKey: ObjectIdentifier(action)) else { return }
        guard let next = nextActionIdentifier else { return }
        // The chained action keeps the original trigger (see docs/actions.md).
        let context = ActionContext(trigger: entry.context.trigger, customActionIdentifier: next,
                                    customData: customData, featureInfo: entry.context.featureInfo,
                                    viewURI: entry.context.viewURI, viewModel: entry.context.viewModel,
                                    componentModel: entry.context.componentModel, viewController: entry.controller)
        _ = entry.controller.handleAction(context)
    }
}

// MARK: - ComponentWrapperDelegate

extension ViewController: ComponentWrapperDelegate {
    func componentWrapper(_ wrapper: ComponentWrapper, willUpdateSelectionState state: SelectionState) {
        switch state {
        case .highlighted: highlightedWrapper = wrapper
        case .none, .selected: if highlightedWrapper === wrapper { highlightedWrapper = nil }
        }
    }

    func componentWrapperWillBeReused(_ wrapper: ComponentWrapper) {
        if let view = wrapper.view { delegate?.viewController(self, willReuseComponentWith: view) }
        pool.add(wrapper)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWrapperFor childModel: ComponentModel) -> ComponentWrapper? {
        // Children of a root body component get its frame as their container; others the parent's view size.
        var container = containerSize
        // (A body component being configured has its frame already, but is not in `visibleWrappers` yet.)
        if wrapper.isRootComponent, wrapper.frame.size.width > 0 {
            container = wrapper.frame.size
        } else if let view = wrapper.view {
            container = view.allocatedSize
        }
        let child = pool.wrapper(for: childModel, delegate: self, parent: wrapper)
        child.loadViewIfNeeded()
        if let view = child.view?.gtkWidget, let parent = gtk_widget_get_parent(view) {
            gtk_container_remove(hub_container(parent), view)  // it may have been a root's cell content
        }
        child.configureView(with: childModel, containerViewSize: container)
        if let view = child.view {
            let size = measurer.preferredSize(for: childModel, containerSize: container)
            view.setSizeRequest(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
            view.show()
        }
        imageLoader?.loadImages(for: child, containerViewSize: containerSize)
        return child
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, willAppearAt index: Int,
                          view: Widget)
    {
        guard let model = wrapper.model, let children = Optional(model.children), index < children.count else { return }
        let childModel = children[index]
        if let childWrapper { imageLoader?.loadImages(for: childWrapper, containerViewSize: containerSize) }
        delegate?.viewController(self, componentWith: childModel,
                                 layoutTraits: childWrapper?.component.layoutTraits ?? [], willAppearIn: view)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, didDisappearAt index: Int,
                          view: Widget)
    {
        guard let model = wrapper.model, index < model.children.count else { return }
        delegate?.viewController(self, componentWith: model.children[index],
                                 layoutTraits: childWrapper?.component.layoutTraits ?? [], didDisappearFrom: view)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, childWithCustomViewSelectedAt index: Int,
                          customData: JSONObject?)
    {
        guard let model = wrapper.model, index >= 0, index < model.children.count else { return }
        selectComponent(with: model.children[index], customData: customData)
    }

    func componentWrapper(_ wrapper: ComponentWrapper, performActionWithIdentifier identifier: Identifier,
                          customData: JSONObject?) -> Bool
    {
        performAction(trigger: .component, identifier: identifier, customData: customData, model: wrapper.model)
    }
}
