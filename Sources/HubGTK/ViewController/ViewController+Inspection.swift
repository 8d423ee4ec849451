import GtkKit
import HubFramework

/// What the controller holds and shows, for the package's benchmarks, tests and the viewer's
/// screenshot runner. Not public: apps reach components through their widgets
/// (`visibleComponentViews(forComponentType:)`, `visibleView(forComponentOfType:indexPath:)`) and
/// the geometry API, which do not depend on how many widgets the recycler keeps.
extension ViewController {
    /// Component widgets currently placed for the body.
    package var liveBodyComponentCount: Int { liveBody.count }
    /// Wrappers waiting in the reuse pool.
    package var pooledComponentCount: Int { pool.idleCount }
    /// Components the pool ever created.
    package var createdComponentCount: Int { pool.createdCount }
    /// The body indexes that currently have widgets.
    package var liveBodyIndexes: [Int] { visibleWrappers.keys.sorted() }

    /// The component showing the body model at `index`, if it is live.
    package func liveComponent(atBodyIndex index: Int) -> (any Component)? { visibleWrappers[index]?.component }
    /// The header component, if any.
    package var headerComponent: (any Component)? { headerWrapper?.component }
    /// The overlay components, in order.
    package var overlayComponents: [any Component] { overlayWrappers.map(\.component) }
    /// The cell widget hosting the body component at `index` (its allocation is the component's frame).
    package func cellWidget(atBodyIndex index: Int) -> WidgetPointer? {
        visibleWrappers[index].flatMap { cells[ObjectIdentifier($0)]?.widget }
    }
    /// The cell widget hosting the header.
    package var headerCellWidget: WidgetPointer? { headerWrapper.flatMap { cells[ObjectIdentifier($0)]?.widget } }
    /// The cell widgets hosting the overlays.
    package var overlayCellWidgets: [WidgetPointer] { overlayWrappers.compactMap { cells[ObjectIdentifier($0)]?.widget } }

    /// The state shown over the content: "loading", "empty", an error message, or nil.
    package var visibleStateDescription: String? { stateView?.currentDescription }
}
