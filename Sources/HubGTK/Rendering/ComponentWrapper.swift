import Foundation
import GtkKit
import HubFramework

/// What a wrapper needs from the view controller that owns it.
@MainActor
protocol ComponentWrapperDelegate: AnyObject {
    /// The wrapper's selection state is about to change (it is not yet visible).
    func componentWrapper(_ wrapper: ComponentWrapper, willUpdateSelectionState state: SelectionState)
    /// The wrapper is done with its model: put it in the reuse pool.
    func componentWrapperWillBeReused(_ wrapper: ComponentWrapper)
    /// Creates a managed child wrapper for a child model of `wrapper`'s model.
    func componentWrapper(_ wrapper: ComponentWrapper, childWrapperFor childModel: ComponentModel)
        -> ComponentWrapper?
    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, willAppearAt index: Int,
                          view: Widget)
    func componentWrapper(_ wrapper: ComponentWrapper, childWrapper: ComponentWrapper?, didDisappearAt index: Int,
                          view: Widget)
    func componentWrapper(_ wrapper: ComponentWrapper, childWithCustomViewSelectedAt index: Int,
                          customData: JSONObject?)
    func componentWrapper(_ wrapper: ComponentWrapper, performActionWithIdentifier identifier: Identifier,
                          customData: JSONObject?) -> Bool
    /// The person changed the input of the component showing `model`.
    func componentWrapper(_ wrapper: ComponentWrapper, didChangeInputOf model: ComponentModel, to value: ExpressionValue)
    /// The person left the input of the component showing `model`.
    func componentWrapper(_ wrapper: ComponentWrapper, didLeaveInputOf model: ComponentModel)
    /// The person pressed the button of the component showing `model`: it is selected.
    func componentWrapper(_ wrapper: ComponentWrapper, wasActivatedWith model: ComponentModel)
}

/// Wraps a component for the framework: applies the reuse lifecycle, saves and restores UI
/// state, tracks selection state, appearance and children, and forwards every optional
/// capability only when the component has it.
@MainActor
final class ComponentWrapper: ComponentChildDelegate, ActionPerformer {
    let identifier = UUID()
    let component: any Component
    private(set) var model: ComponentModel?
    weak var parent: ComponentWrapper?
    weak var delegate: ComponentWrapperDelegate?
    private let uiStateManager: ComponentUIStateManager

    private(set) var selectionState: SelectionState = .none
    var viewHasAppearedSinceLastModelChange = false
    private(set) var appearanceCount = 0
    /// Managed children by child index (as created through the child delegate).
    private(set) var childrenByIndex: [Int: ComponentWrapper] = [:]
    /// Children the component reported as visible, by child index.
    private(set) var visibleChildViewsByIndex: [Int: Widget] = [:]
    /// The frame the view controller placed the view at (content coordinates), if any.
    var frame: Rect = .zero

    private var pendingHighlight: UInt32 = 0
    private var resizeConnection: SignalConnection?
    private var lastViewSize: Size?

    init(component: any Component, uiStateManager: ComponentUIStateManager) {
        self.component = component
        self.uiStateManager = uiStateManager
        if let withChildren = component as? any ComponentWithChildren {
            withChildren.childDelegate = self
        }
        if let performer = component as? any ComponentActionPerformer {
            performer.actionPerformer = self
        }
        if let input = component as? any ComponentWithInput {
            input.inputDelegate = self
        }
    }

    var isRootComponent: Bool { parent == nil }
    var handlesImages: Bool { component is any ComponentWithImageHandling }
    var isContentOffsetObserver: Bool { component is any ComponentContentOffsetObserver }
    var isActionObserver: Bool { component is any ComponentActionObserver }
    var view: Widget? { component.view }

    /// Children reported visible that are managed wrappers.
    var visibleChildren: [ComponentWrapper] {
        visibleChildViewsByIndex.keys.sorted().compactMap { childrenByIndex[$0] }
    }

    func visibleChildComponent(at index: Int) -> ComponentWrapper? {
        guard visibleChildViewsByIndex[index] != nil else { return nil }
        return childrenByIndex[index]
    }

    // MARK: View

    /// Loads the component's view if needed; the first time, starts watching its size for view observers.
    func loadViewIfNeeded() {
        guard component.view == nil else { return }
        component.loadView()
        guard let view = component.view else {
            preconditionFailure("\(type(of: component)).loadView() must assign `view`")
        }
        if component is any ComponentViewObserver {
            resizeConnection = view.observeAllocation { [weak self] size in
                self?.viewWasAllocated(size)
            }
        }
    }

    private func viewWasAllocated(_ size: Size) {
        if size == lastViewSize { return }
        let hadSize = lastViewSize != nil
        lastViewSize = size
        guard hadSize || (size.width > 1 && size.height > 1) else { return }
        (component as? any ComponentViewObserver)?.viewDidResize()
    }

    func preferredViewSize(for model: ComponentModel, containerViewSize: Size) -> Size {
        component.preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
    }

    // MARK: Lifecycle

    /// Binds `model`. Equal models are ignored; a different model first saves the UI state of the
    /// old one and calls `prepareViewForReuse`; saved state of the new one is restored after.
    /// Returns whether the model was bound (false when it was equal to the current one).
    @discardableResult
    func configureView(with model: ComponentModel, containerViewSize: Size) -> Bool {
        loadViewIfNeeded()
        if let current = self.model, current == model {
            self.model = model  // same content; keep the newest instance (its parent links)
            return false
        }
        bind(model, containerViewSize: containerViewSize)
        return true
    }

    /// Binds `model`, which a diff already found to differ from the current one, without
    /// comparing them again.
    func configureView(withChangedModel model: ComponentModel, containerViewSize: Size) {
        loadViewIfNeeded()
        bind(model, containerViewSize: containerViewSize)
    }

    /// Takes the newest instance of a model that a diff found content-equal to the current one
    /// (for its parent links); the component is not touched.
    func keepModel(_ model: ComponentModel) {
        self.model = model
    }

    private func bind(_ model: ComponentModel, containerViewSize: Size) {
        if self.model != nil {  // configured before
            saveComponentUIState()
            component.prepareViewForReuse()
            recycleChildren()
            resetSelectionStateForReuse()
        }
        self.model = model
        component.configureView(with: model, containerViewSize: containerViewSize)
        if let restorable = component as? any ComponentWithRestorableUIState,
            let state = uiStateManager.restoreState(forModelIdentifier: model.identifier)
        {
            restorable.restoreUIState(state)
        }
        viewHasAppearedSinceLastModelChange = false
    }

    /// Re-runs `configureView` with the current model (after the container was resized).
    func reconfigureView(containerViewSize: Size) {
        guard let model else { return }
        component.configureView(with: model, containerViewSize: containerViewSize)
    }

    /// Saves the restorable UI state of the current model (nil state removes the entry).
    func saveComponentUIState() {
        guard let restorable = component as? any ComponentWithRestorableUIState, let model else { return }
        if let state = restorable.currentUIState() {
            uiStateManager.save(state, forModelIdentifier: model.identifier)
        } else {
            uiStateManager.removeState(forModelIdentifier: model.identifier)
        }
    }

    /// Hands every managed child back to the reuse pool: the component moved on to another model
    /// (and removed their views in its `prepareViewForReuse`).
    private func recycleChildren() {
        let children = Array(childrenByIndex.values)
        childrenByIndex = [:]
        visibleChildViewsByIndex = [:]
        for child in children { child.recycleAsChild() }
    }

    /// A child its parent no longer shows: keeps its UI state and goes back to the pool.
    private func recycleAsChild() {
        saveComponentUIState()
        prepareViewForReuse()
    }

    /// Hands the wrapper back: detaches it from its parent and files it in the reuse pool.
    func prepareViewForReuse() {
        if let parent, let model, parent.childrenByIndex[model.index] === self {
            parent.childrenByIndex[model.index] = nil
            parent.visibleChildViewsByIndex[model.index] = nil
        }
        parent = nil
        cancelPendingHighlight()
        delegate?.componentWrapperWillBeReused(self)
    }

    /// Releases signal handlers and the reference on the view, and those of the managed children.
    func tearDown() {
        let children = Array(childrenByIndex.values)
        childrenByIndex = [:]
        visibleChildViewsByIndex = [:]
        for child in children { child.tearDown() }
        cancelPendingHighlight()
        resizeConnection?.disconnect()
        resizeConnection = nil
        component.view?.removeFromParent()
    }

    // MARK: Appearance and observers

    /// The wrapper's component is about to appear, then its visible children.
    func viewWillAppear() {
        selfWillAppear()
        visibleChildrenWillAppear()
    }

    /// Only the wrapper's own component (the view controller reports the parent to its delegate
    /// before the children).
    func selfWillAppear() {
        appearanceCount += 1
        (component as? any ComponentViewObserver)?.viewWillAppear()
    }

    func visibleChildrenWillAppear() {
        for (index, view) in visibleChildViewsByIndex.sorted(by: { $0.key < $1.key }) {
            let child = childrenByIndex[index]
            child?.viewWillAppear()
            delegate?.componentWrapper(self, childWrapper: child, willAppearAt: index, view: view)
        }
        viewHasAppearedSinceLastModelChange = true
    }

    func updateView(forChangedContentOffset offset: Point) {
        (component as? any ComponentContentOffsetObserver)?.updateView(forChangedContentOffset: offset)
    }

    func actionPerformed(with context: ActionContext) {
        (component as? any ComponentActionObserver)?.actionPerformed(with: context)
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from data: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        (component as? any ComponentWithImageHandling)?.updateView(forLoadedImage: image, from: data, model: model,
                                                                    animated: animated)
    }

    func preferredImageSize(for data: ComponentImageData, model: ComponentModel, containerViewSize: Size) -> Size {
        (component as? any ComponentWithImageHandling)?.preferredImageSize(
            for: data, model: model, containerViewSize: containerViewSize) ?? .zero
    }

    func scrollToComponent(at childIndex: Int, position: ScrollPosition, animated: Bool,
                           completion: @escaping @MainActor () -> Void)
    {
        guard let scrolling = component as? any ComponentWithScrolling else { return completion() }
        scrolling.scrollToComponent(at: childIndex, position: position, animated: animated, completion: completion)
    }

    // MARK: Selection state

    /// Delay before a press shows as highlighted, so that a scroll does not flash the component.
    static let highlightDelay = 0.2

    /// Sets the state; `.none` also cancels a pending highlight. Same state: nothing happens.
    func setSelectionState(_ state: SelectionState, notifyDelegate: Bool = true) {
        cancelPendingHighlight()
        guard state != selectionState else { return }
        if notifyDelegate { delegate?.componentWrapper(self, willUpdateSelectionState: state) }
        selectionState = state
        applySelectionState(state)
    }

    /// A press began: tell the delegate now, show the highlight after the delay unless cancelled.
    func beginHighlight(delay: Double = ComponentWrapper.highlightDelay) {
        cancelPendingHighlight()
        delegate?.componentWrapper(self, willUpdateSelectionState: .highlighted)
        if delay <= 0 {
            selectionState = .highlighted
            applySelectionState(.highlighted)
            return
        }
        pendingHighlight = GSource.timeout(milliseconds: UInt32(delay * 1000)) { [weak self] in
            guard let self else { return false }
            self.pendingHighlight = 0
            guard self.selectionState != .highlighted else { return false }
            self.selectionState = .highlighted
            self.applySelectionState(.highlighted)
            return false
        }
    }

    private func cancelPendingHighlight() {
        GSource.cancel(pendingHighlight)
        pendingHighlight = 0
    }

    private func resetSelectionStateForReuse() {
        cancelPendingHighlight()
        if selectionState != .none {
            selectionState = .none
            applySelectionState(.none)
        }
    }

    private func applySelectionState(_ state: SelectionState) {
        if let stateful = component as? any ComponentWithSelectionState {
            stateful.updateView(forSelectionState: state)
            return
        }
        // Components without their own handling get GTK's state flags, which themes style.
        switch state {
        case .none: component.view?.states = []
        case .highlighted: component.view?.states = .active
        case .selected: component.view?.states = .selected
        }
    }

    // MARK: ComponentChildDelegate

    func component(_ component: any ComponentWithChildren, childComponentFor childModel: ComponentModel)
        -> (any Component)?
    {
        guard component === self.component, let delegate else { return nil }
        // Asked again for an index (a component that rebuilds its children when reconfigured):
        // the child it had there goes back to the pool first.
        if let previous = childrenByIndex.removeValue(forKey: childModel.index) {
            visibleChildViewsByIndex[childModel.index] = nil
            previous.recycleAsChild()
        }
        guard let child = delegate.componentWrapper(self, childWrapperFor: childModel) else { return nil }
        childrenByIndex[childModel.index] = child
        return child.component
    }

    func component(_ component: any ComponentWithChildren, willDisplayChildAt childIndex: Int, view: Widget) {
        guard component === self.component else { return }
        let child = childrenByIndex[childIndex]
        visibleChildViewsByIndex[childIndex] = view
        // Children shown while their parent is being configured appear with the parent, after it
        // (`viewWillAppear` walks the visible children); later ones appear on their own.
        guard viewHasAppearedSinceLastModelChange else { return }
        child?.viewWillAppear()
        delegate?.componentWrapper(self, childWrapper: child, willAppearAt: childIndex, view: view)
    }

    func component(_ component: any ComponentWithChildren, didStopDisplayingChildAt childIndex: Int, view: Widget) {
        guard component === self.component else { return }
        visibleChildViewsByIndex[childIndex] = nil
        delegate?.componentWrapper(self, childWrapper: childrenByIndex[childIndex], didDisappearAt: childIndex,
                                   view: view)
    }

    func component(_ component: any ComponentWithChildren, childWithCustomViewSelectedAt childIndex: Int,
                   customData: JSONObject?)
    {
        guard component === self.component else { return }
        if childrenByIndex[childIndex] != nil { return }  // managed children select themselves
        delegate?.componentWrapper(self, childWithCustomViewSelectedAt: childIndex, customData: customData)
    }

    // MARK: ActionPerformer

    @discardableResult
    func performAction(withIdentifier identifier: Identifier, customData: JSONObject?) -> Bool {
        delegate?.componentWrapper(self, performActionWithIdentifier: identifier, customData: customData) ?? false
    }
}

// MARK: - ComponentInputDelegate
// An input's changes go to the view, with the model the wrapper shows (its bindings say which
// variable the input is bound to); a button's press selects that model.

extension ComponentWrapper: ComponentInputDelegate {
    func component(_ component: any ComponentWithInput, didChangeInputValue value: ExpressionValue) {
        guard let model else { return }
        delegate?.componentWrapper(self, didChangeInputOf: model, to: value)
    }

    func componentDidLeaveInput(_ component: any ComponentWithInput) {
        guard let model else { return }
        delegate?.componentWrapper(self, didLeaveInputOf: model)
    }

    func componentWasActivated(_ component: any ComponentWithInput) {
        guard let model else { return }
        delegate?.componentWrapper(self, wasActivatedWith: model)
    }
}
