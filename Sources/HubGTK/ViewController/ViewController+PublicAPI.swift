import Foundation
import GtkKit
import HubFramework

// The public API the team carries out: geometry and scrolling (the controller and the layout), the
// widgets on screen (`BodyRecycler`, `HeaderAndOverlays`), selection and actions (`ActionRouter`,
// `CellInput`) and the keyboard focus (`CellInput`).

// MARK: - Where body components are, and scrolling to them: the API for apps and scroll handlers.

extension ViewController {
    /// The size components are laid out in.
    public var containerSize: Size { canvas.viewportSize }

    /// The frame of the body component at `index` (content coordinates), `.zero` when out of bounds.
    public func frame(ofBodyComponentAt index: Int) -> Rect {
        bodyLayout.current?.frame(at: index) ?? .zero
    }

    /// The body component under `point` (view coordinates), or nil.
    public func indexOfBodyComponent(at point: Point) -> Int? {
        bodyLayout.current?.index(at: Point(x: point.x, y: point.y + canvas.contentOffset))
    }

    /// The current content offset.
    public var contentOffset: Point { Point(x: 0, y: canvas.contentOffset) }

    /// Scrolls to `offset` (clamped to the content). While a large body is still being laid out (a
    /// few milliseconds per main-loop turn), an offset beyond what is laid out yet is reached once
    /// the layout gets there, unless the user scrolls first.
    public func scroll(to offset: Point, animated: Bool = false) {
        scrollInCode(to: offset, animated: animated)
    }

    /// Scrolls to `offset` once the content reaches that far (or is all laid out, when it is
    /// shorter): for a view made again to stand for one that was let go, such as a page far back
    /// in an app's history. Scrolling before then cancels it.
    public func scrollWhenLoaded(to offset: Point) {
        scrollWhenLaidOut(to: offset)
    }

    /// The offset that shows the body component at `index` at `scrollPosition`: its top edge at the
    /// top of the view (`.top`), its middle in the middle (`.centeredVertically`) or its bottom edge at
    /// the bottom (`.bottom`), clamped to the content. Scroll handlers without a rule of their own use it.
    public func defaultContentOffset(forDisplayingComponentAt index: Int, scrollPosition: ScrollPosition) -> Point {
        bodyLayout.current?.contentOffset(forDisplayingComponentAt: index, scrollPosition: scrollPosition,
                                          contentInset: .zero, viewHeight: canvas.viewportSize.height) ?? .zero
    }

    /// Scrolls a component into view; for children (`indexPath` longer than 1) asks each parent
    /// to scroll to the next child. `completion` is called with each level's index path. A body
    /// component that a large body's layout has not reached yet is scrolled to once it has (unless
    /// the user scrolls first); its children are not.
    public func scrollToComponent(ofType type: ComponentType, indexPath: [Int], scrollPosition: ScrollPosition,
                                  animated: Bool, completion: (@MainActor ([Int]) -> Void)? = nil)
    {
        scrollToComponentInCode(ofType: type, indexPath: indexPath, scrollPosition: scrollPosition,
                                animated: animated, completion: completion)
    }
}

// MARK: - The widgets of the components on screen, by index path: for apps and delegates that need
// to reach a component's widget (to animate it, or to present something next to it).

extension ViewController {
    /// Visible component widgets of a type, keyed by index path (header `[0]`, body `[row]`,
    /// overlays `[i]`, children extend their parent's path).
    public func visibleComponentViews(forComponentType type: ComponentType) -> [[Int]: Widget] {
        var roots: [([Int], ComponentWrapper)] = []
        switch type {
        case .header: if let header = floating.header { roots = [([0], header)] }
        case .body: roots = recycler.placedWrappers.map { ([$0.key], $0.value) }
        case .overlay: roots = floating.overlays.enumerated().map { ([$0.offset], $0.element) }
        }
        var result: [[Int]: Widget] = [:]
        var stack = roots
        while let (path, wrapper) = stack.popLast() {
            if let view = wrapper.view { result[path] = view }
            for (index, _) in wrapper.visibleChildViewsByIndex {
                if let child = wrapper.visibleChildComponent(at: index) { stack.append((path + [index], child)) }
            }
        }
        return result
    }

    /// The visible widget of the component at `indexPath`, or nil.
    public func visibleView(forComponentOfType type: ComponentType, indexPath: [Int]) -> Widget? {
        guard let first = indexPath.first else { return nil }
        var wrapper: ComponentWrapper?
        switch type {
        case .header: wrapper = first == 0 ? floating.header : nil
        case .body: wrapper = recycler.placedWrappers[first]
        case .overlay: wrapper = floating.overlays.indices.contains(first) ? floating.overlays[first] : nil
        }
        for index in indexPath.dropFirst() { wrapper = wrapper?.visibleChildComponent(at: index) }
        return wrapper?.view
    }
}

// MARK: - Selection, actions and the keyboard focus

extension ViewController {
    /// Resets the highlighted component (if any) to no selection state.
    public func cancelComponentSelection() {
        input.cancelComponentSelection()
    }

    /// Selects a component programmatically: shows it selected briefly, runs its target's actions
    /// in order until one handles it, then (if none did) the default selection action.
    /// Returns whether the selection was handled.
    @discardableResult
    public func selectComponent(with model: ComponentModel, customData: JSONObject? = nil) -> Bool {
        if let wrapper = observerWrappers().first(where: { $0.model?.identifier == model.identifier }) {
            wrapper.setSelectionState(.selected, notifyDelegate: false)
            input.wrapperWasSelected(wrapper)
            MainThread.after(0.2) { [weak wrapper] in wrapper?.setSelectionState(.none, notifyDelegate: false) }
        }
        let handled = actions.selectComponent(with: model, customData: customData, site: { actionSite }) { model, customData in
            runDocumentActions(of: model, customData: customData)
        }
        if handled { delegate?.viewController(self, componentSelectedWith: model) }
        return handled
    }

    /// Performs an action on behalf of a content operation (trigger `.contentOperation`).
    @discardableResult
    public func performAction(withIdentifier identifier: Identifier, customData: JSONObject?) -> Bool {
        actions.performAction(trigger: .contentOperation, identifier: identifier, customData: customData, model: nil,
                              in: actionSite)
    }

    /// The body index of the component that has the keyboard focus, if any.
    public var focusedBodyIndex: Int? { input.focusedBodyIndex(in: inputSnapshot()) }

    /// Moves the keyboard focus to the body component at `index`, scrolling it into view.
    @discardableResult
    public func focusBodyComponent(at index: Int) -> Bool {
        input.focusBodyComponent(at: index, snapshot: inputSnapshot, scrollTo: scrollFromInput)
    }
}

// MARK: - Find in the view: components found by the words of their texts, off the main thread.

extension ViewController {
    /// Finds the body components and their children whose texts hold each word of `query`, case
    /// and accents folded by `locale`'s rules (see ``/HubFramework/ViewModelSearch``; nil: the
    /// person's locale, the C library's `LC_CTYPE`, which GTK sets from the environment).
    ///
    /// The search runs off the main thread over the view model shown; `onResult` hears its result
    /// on the main thread. The query then stands: `onResult` hears a new result each time the view
    /// shows a new view model (the next part of a document still arriving, a patch, a change of
    /// state), until ``stopFindingComponents()`` or the next call, which replaces the query: a
    /// search it supersedes is stopped and never delivered (the latest query wins). A query with no
    /// words finds nothing.
    ///
    /// ```swift
    /// controller.findComponents(matching: entry.text) { [weak self] result in
    ///     guard let self, !result.isEmpty else { return }
    ///     controller.revealFoundComponent(at: result.indexPath(ofMatch: 0))
    /// }
    /// ```
    public func findComponents(matching query: String, locale: Locale? = nil,
                               onResult: @escaping @MainActor (ViewModelSearchResult) -> Void)
    {
        finder.find(query, locale: locale ?? LocalizedFormat.textLocale(), in: viewModel, onResult: onResult)
    }

    /// Stops finding: the search under way is dropped, no result is delivered any more, and the
    /// component found is no longer marked.
    public func stopFindingComponents() {
        finder.stop()
        markFoundCell()
    }

    /// True while a query of ``findComponents(matching:locale:onResult:)`` stands.
    public var isFindingComponents: Bool { finder.isFinding }

    /// Marks the component found at `indexPath` (`[row]`, or `[row, child, …]`), and scrolls it
    /// into view, to the middle, unless it is in full view already. Its cell (or that of the body
    /// component that holds it) has the CSS class `hub-find-match` while it is the one marked. A
    /// row the layout of a large body has not reached yet is scrolled to once it has (unless the
    /// person scrolls first), and marked when it is placed. The keyboard focus stays where it is
    /// (in a search field, so that typing goes on); ``focusBodyComponent(at:)`` moves it.
    public func revealFoundComponent(at indexPath: [Int]) {
        revealFoundComponentInCode(at: indexPath)
    }

    /// Takes the mark off the component found (the query still stands).
    public func unmarkFoundComponent() {
        finder.mark(nil)
        markFoundCell()
    }

    /// The index path of the component found that the view marks, if any.
    public var revealedComponentIndexPath: [Int]? { finder.markedIndexPath }
}
