import GtkKit
import HubFramework
import Logging

/// What the controller's team holds and shows, for the package's benchmarks, tests and the viewer's
/// screenshot runner. Not public: apps reach components through their widgets
/// (`visibleComponentViews(forComponentType:)`, `visibleView(forComponentOfType:indexPath:)`) and
/// the geometry API, which do not depend on how many widgets the recycler keeps.
extension ViewController {
    /// The layout of the rendered view model (for the package's tests and benchmarks; apps use
    /// `frame(ofBodyComponentAt:)` and `indexOfBodyComponent(at:)`).
    package var layout: ComponentLayout? { bodyLayout.current }
    /// How many times the visible cells have been brought up to date (for the tests: once per
    /// render or scroll, never twice).
    package var visibleCellUpdateCount: Int { recycler.updateCount }

    /// Component widgets currently placed for the body.
    package var liveBodyComponentCount: Int { recycler.liveCount }
    /// Wrappers waiting in the reuse pool.
    package var pooledComponentCount: Int { pool.idleCount }
    /// Components the pool ever created.
    package var createdComponentCount: Int { pool.createdCount }
    /// Component instances the view ever created, to measure and to show: one per kind measured,
    /// plus each the pool created beyond the one it was handed.
    package var componentInstanceCount: Int { measurer.createdCount + pool.createdCount - measurer.handedOverCount }
    /// The body indexes that currently have widgets.
    package var liveBodyIndexes: [Int] { recycler.placedWrappers.keys.sorted() }

    /// The component showing the body model at `index`, if it is live.
    package func liveComponent(atBodyIndex index: Int) -> (any Component)? { recycler.placedWrappers[index]?.component }
    /// The header component, if any.
    package var headerComponent: (any Component)? { floating.header?.component }
    /// The overlay components, in order.
    package var overlayComponents: [any Component] { floating.overlays.map(\.component) }
    /// The cell hosting the body component at `index` (its allocation is the component's frame).
    package func cellView(atBodyIndex index: Int) -> Widget? {
        recycler.placedWrappers[index].flatMap { cells.existingCell(for: $0)?.widget }
    }
    /// The cell hosting the header.
    package var headerCellView: Widget? { floating.header.flatMap { cells.existingCell(for: $0)?.widget } }
    /// The cells hosting the overlays.
    package var overlayCellViews: [Widget] { floating.overlays.compactMap { cells.existingCell(for: $0)?.widget } }

    /// The spinner or the error page, once made.
    var stateView: StateView? { status.view }
    /// The state shown over the content: "loading", "empty", an error message, or nil.
    package var visibleStateDescription: String? { status.view?.currentDescription }
    /// Between `viewWillAppear` and `viewDidDisappear`.
    var isVisible: Bool { content.isVisible }
    /// Whether the view can be seen for impressions: it appeared, and its widget is on screen.
    var isShownForImpressions: Bool { impressions.isShown }

    /// What the document's actions and its exchanges with its server failed to do, logged already.
    var loggedActionProblems: [String] { problems.lines }
    /// Where expressions that failed are logged (a test listens in).
    package var expressionFailureLogger: Logger {
        get { problems.expressionFailureLogger }
        set { problems.expressionFailureLogger = newValue }
    }

    /// Hands the view events as its stream would (the benchmarks time an event to its frame).
    package func receiveServerEvents(_ deliveries: [EventStreamSession.Delivery]) { eventsArrived(deliveries) }
}
