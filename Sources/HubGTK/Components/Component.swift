import GtkKit
import HubFramework

/// A component: a small controller that owns one GTK widget and binds component models to it.
///
/// Components are created by the factory registered for their model's `namespace`, reused from
/// a pool for other models with the same `namespace:name`, and must be able to display any model:
/// keep state in the widget, react to models in `configureView`, and reset in `prepareViewForReuse`.
///
/// Optional capabilities are separate protocols: `ComponentWithChildren`,
/// `ComponentWithImageHandling`, `ComponentWithRestorableUIState`, `ComponentWithSelectionState`,
/// `ComponentContentOffsetObserver`, `ComponentViewObserver`, `ComponentActionPerformer`,
/// `ComponentActionObserver` and `ComponentWithScrolling`.
@MainActor
public protocol Component: AnyObject {
    /// How the layout manager should treat this component. Must be the same for every instance
    /// of a component type: the layout engine measures with its own instance.
    var layoutTraits: Set<LayoutTrait> { get }

    /// The component's widget; nil until `loadView()` has run, never nil after.
    var view: Widget? { get }

    /// Creates the widget and assigns `view`. Position and size are set by the framework.
    func loadView()

    /// The size the widget would like for `model` in a container of `containerViewSize`.
    /// The layout may narrow it (margins, container width).
    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size

    /// Called right before the component shows a different model: reset transient state.
    /// Never called before the first configuration, nor when an equal model is set again.
    /// The default does nothing, for components whose `configureView` sets everything.
    func prepareViewForReuse()

    /// Binds `model` to the widget. Show placeholders for images that are still loading.
    func configureView(with model: ComponentModel, containerViewSize: Size)
}

extension Component {
    /// Does nothing: `configureView` of such a component sets every part of its widget.
    public func prepareViewForReuse() {}
}

/// Creates the components of one namespace.
@MainActor
public protocol ComponentFactory: AnyObject {
    /// A new component for `name`, or nil (the fallback for the model's category is used).
    func createComponent(forName name: String) -> (any Component)?
}

/// A factory that can list its components for the showcase.
@MainActor
public protocol ComponentFactoryShowcaseNameProvider: ComponentFactory {
    /// The names this factory creates that the showcase should list.
    var showcaseableComponentNames: [String] { get }
    /// A human-readable name for a component name, or nil when unknown.
    func showcaseName(forComponentName name: String) -> String?
    /// A model that shows the component well, or nil to let the showcase generate one.
    func showcaseSampleModel(forComponentName name: String, builder: ComponentModelBuilder) -> Bool
}

extension ComponentFactoryShowcaseNameProvider {
    public func showcaseName(forComponentName name: String) -> String? {
        showcaseableComponentNames.contains(name) ? name : nil
    }
    public func showcaseSampleModel(forComponentName name: String, builder: ComponentModelBuilder) -> Bool { false }
}

/// A factory backed by closures, keyed by component name.
@MainActor
public final class BlockComponentFactory: ComponentFactoryShowcaseNameProvider {
    private var makers: [(name: String, make: @MainActor () -> any Component)] = []

    /// Creates a factory from closures keyed by component name; each call of a closure must
    /// return a new component.
    /// - Parameter makers: the closures; more can be added with ``register(_:_:)``.
    public init(_ makers: [String: @MainActor () -> any Component] = [:]) {
        for (name, make) in makers.sorted(by: { $0.key < $1.key }) { self.makers.append((name, make)) }
    }

    /// Adds (or replaces) the component created for `name`.
    public func register(_ name: String, _ make: @escaping @MainActor () -> any Component) {
        makers.removeAll { $0.name == name }
        makers.append((name, make))
    }

    public func createComponent(forName name: String) -> (any Component)? {
        makers.first { $0.name == name }?.make()
    }

    public var showcaseableComponentNames: [String] { makers.map(\.name) }
}
