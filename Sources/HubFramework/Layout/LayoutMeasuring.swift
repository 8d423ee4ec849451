/// Answers the layout engine's questions about the components it lays out.
///
/// The engine knows nothing about models or widgets: it works on body component *indexes* and asks
/// this protocol for each one's layout traits and preferred size. The GTK layer adapts a view model
/// and its measuring components to it; tests answer from plain arrays.
///
/// Answers must be stable: asked twice about the same index (with the same container size), return
/// the same traits and the same size. The incremental updates of `ComponentLayout` rely on it.
///
/// Performance: return a *stored* `Set` for components of the same kind (for example the
/// `layoutTraits` property of the one measuring component kept per component identifier). The
/// engine recognises a set it has just seen without hashing it, so stored sets make the per-component
/// cost of traits a comparison of two references.
public protocol LayoutMeasuring {
    /// How many body components there are. Indexes passed to the other methods are below this.
    var bodyComponentCount: Int { get }

    /// The layout traits of the body component at `index`.
    func layoutTraits(forBodyComponentAt index: Int) -> Set<LayoutTrait>

    /// The size the body component at `index` would like, given the size of the whole container.
    /// The engine clamps the width to the container (minus the component's right margin).
    func preferredSize(forBodyComponentAt index: Int, containerSize: Size) -> Size

    /// The layout traits of the header component, or nil when the view has no header.
    /// Default: nil.
    var headerLayoutTraits: Set<LayoutTrait>? { get }

    /// The header's preferred size. Only asked when `headerLayoutTraits` is not nil. Default: zero.
    func preferredHeaderSize(containerSize: Size) -> Size
}

extension LayoutMeasuring {
    public var headerLayoutTraits: Set<LayoutTrait>? { nil }

    public func preferredHeaderSize(containerSize: Size) -> Size { .zero }
}
