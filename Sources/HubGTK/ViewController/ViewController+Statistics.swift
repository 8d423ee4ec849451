import HubFramework

/// What the recycler holds, for benchmarks and tests.
extension ViewController {
    /// Component widgets currently placed for the body.
    public var liveBodyComponentCount: Int { liveBody.count }
    /// Wrappers waiting in the reuse pool.
    public var pooledComponentCount: Int { pool.idleCount }
    /// Components the pool ever created.
    public var createdComponentCount: Int { pool.createdCount }
    /// The body indexes that currently have widgets.
    public var liveBodyIndexes: [Int] { visibleWrappers.keys.sorted() }

    /// The component showing the body model at `index`, if it is live.
    public func liveComponent(atBodyIndex index: Int) -> (any Component)? { visibleWrappers[index]?.component }
    /// The header component, if any.
    public var headerComponent: (any Component)? { headerWrapper?.component }
    /// The overlay components, in order.
    public var overlayComponents: [any Component] { overlayWrappers.map(\.component) }
    /// The cell widget hosting the body component at `index` (its allocation is the component's frame).
    package func cellWidget(atBodyIndex index: Int) -> WidgetPointer? {
        visibleWrappers[index].flatMap { cells[ObjectIdentifier($0)]?.widget }
    }
    /// The cell widget hosting the header.
    package var headerCellWidget: WidgetPointer? { headerWrapper.flatMap { cells[ObjectIdentifier($0)]?.widget } }
    /// The cell widgets hosting the overlays.
    package var overlayCellWidgets: [WidgetPointer] { overlayWrappers.compactMap { cells[ObjectIdentifier($0)]?.widget } }
}
