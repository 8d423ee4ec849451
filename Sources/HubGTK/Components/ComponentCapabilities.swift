import GtkKit
import HubFramework

/// Creates and tracks child components on behalf of a component with children.
@MainActor
public protocol ComponentChildDelegate: AnyObject {
    /// A managed child component for `childModel`: taken from the reuse pool, loaded, configured and
    /// sized to its preferred size. Put its `view` in your widget.
    func component(_ component: any ComponentWithChildren, childComponentFor childModel: ComponentModel)
        -> (any Component)?
    /// Report that the child at `childIndex` became visible.
    func component(_ component: any ComponentWithChildren, willDisplayChildAt childIndex: Int, view: Widget)
    /// Report that the child at `childIndex` is no longer visible.
    func component(_ component: any ComponentWithChildren, didStopDisplayingChildAt childIndex: Int, view: Widget)
    /// Report that a child you render yourself (without a managed child component) was selected.
    func component(_ component: any ComponentWithChildren, childWithCustomViewSelectedAt childIndex: Int,
                   customData: JSONObject?)
}

/// A component that displays child component models.
@MainActor
public protocol ComponentWithChildren: Component {
    /// Assigned by the framework; hold it weakly.
    var childDelegate: (any ComponentChildDelegate)? { get set }
}

/// A component that shows images loaded by the framework.
@MainActor
public protocol ComponentWithImageHandling: Component {
    /// The size to load an image at; `.zero` means "do not load it".
    func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size
    /// An image arrived for `imageData` of `model` (the model the component currently shows).
    /// `animated` is true when it arrived after the component was first shown: cross-fade it in.
    func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool)
}

/// A component with UI state (a scroll position, an expanded section) worth keeping per model.
@MainActor
public protocol ComponentWithRestorableUIState: Component {
    /// The state to save for the model shown now; nil removes any saved state.
    func currentUIState() -> Any?
    /// Restores state saved for the model just configured.
    func restoreUIState(_ state: Any)
}

/// A component that shows highlighted and selected states itself.
@MainActor
public protocol ComponentWithSelectionState: Component {
    /// Never called twice in a row with the same state.
    func updateView(forSelectionState state: SelectionState)
}

/// A component that reacts to the view's scrolling (a collapsing header, a parallax image).
@MainActor
public protocol ComponentContentOffsetObserver: Component {
    /// The view scrolled, or the component appeared. Called in every frame of a scroll while the
    /// component has a widget, so keep it cheap.
    /// - Parameter contentOffset: how far the view's body is scrolled, in points; `y` is 0 at the
    ///   top and `x` is always 0.
    func updateView(forChangedContentOffset contentOffset: Point)
}

/// A component that wants to know about its widget's life.
@MainActor
public protocol ComponentViewObserver: Component {
    /// The widget's size changed.
    func viewDidResize()
    /// The widget is about to be shown (also when the view reappears while it is visible).
    func viewWillAppear()
}

/// A component that can perform actions itself.
@MainActor
public protocol ComponentActionPerformer: Component {
    /// Assigned by the framework; hold it weakly.
    var actionPerformer: (any ActionPerformer)? { get set }
}

/// A component that is told about every action performed in its view while it is visible.
@MainActor
public protocol ComponentActionObserver: Component {
    /// An action was performed in the view, whether or not anything handled it. Called on the
    /// main thread after the action handler or action object ran.
    /// - Parameter context: the action's trigger, identifier, custom data and models.
    func actionPerformed(with context: ActionContext)
}

/// A component with an input that takes the keyboard focus when its view is opened, like a search
/// bar: ``ViewController/focusContent()`` gives the focus to the first such component on screen
/// (the header, then the body in order, then the overlays) instead of to the list itself.
@MainActor
public protocol ComponentWithInitialFocus: Component {
    /// Puts the keyboard focus in the component's input. Return false when it has none to take it
    /// now (the list then keeps the focus).
    func takeInitialFocus() -> Bool
}

/// A component with children that can scroll to one of them.
@MainActor
public protocol ComponentWithScrolling: ComponentWithChildren {
    /// Scrolls so that the child at `childIndex` shows at `position`, then calls `completion`.
    func scrollToComponent(at childIndex: Int, position: ScrollPosition, animated: Bool,
                           completion: @escaping @MainActor () -> Void)
}
