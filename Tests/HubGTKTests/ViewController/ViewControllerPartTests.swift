import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// A view shows part of its content while the rest loads (docs/content-loading.md, "Parts"), and
/// goes back to what it showed before when the rest fails.
final class ViewControllerPartTests: GtkTestCase, @unchecked Sendable {
    private struct Failure: Error, CustomStringConvertible { var description: String { "The rest is unusable" } }

    /// Adds rows when the test says, reports them as a part, then finishes or fails.
    @MainActor
    private final class StreamingOperation: ContentOperation {
        weak var delegate: (any ContentOperationDelegate)?
        private var builder: ViewModelBuilder?
        private var reporting: (any ContentOperationDelegate)?
        private var added = 0

        func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                     viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
        {
            builder = viewModelBuilder
            reporting = delegate
            added = 0
        }

        func add(_ count: Int) {
            guard let builder else { return }
            addRows(builder, count: added + count)
            added += count
        }

        func reportPart() {
            guard let builder else { return }
            reporting?.contentOperation(self, didAddPartOfContent: builder.copy())
        }

        func finish() { reporting?.contentOperationDidFinish(self) }
        func fail() { reporting?.contentOperation(self, didFailWithError: Failure()) }
    }

    @MainActor
    private func open(_ operation: StreamingOperation, in harness: ViewControllerHarness) throws -> ViewController {
        harness.register("row") { RowComponent() }
        let url = URL(string: "test:streamed")!
        try harness.hub.featureRegistry.registerFeature(
            identifier: "streamed", viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Streamed",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
        return try harness.present(url)
    }

    func testAPartIsShownWhileTheRestLoadsThenTheWholeReplacesIt() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let operation = StreamingOperation()
            let controller = try open(operation, in: harness)
            pump(for: 0.1)
            XCTAssertEqual(controller.stateView?.currentDescription, "loading", "nothing to show yet")

            operation.add(5)
            operation.reportPart()
            pump(until: { controller.liveBodyComponentCount > 0 }, "the part's rows on screen")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 5)
            XCTAssertTrue(controller.isLoading, "the rest is still loading")
            XCTAssertNotEqual(controller.stateView?.currentDescription, "loading", "rows are shown, not the spinner")

            operation.add(10)
            operation.finish()
            pump(until: { !controller.isLoading }, "the whole")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 15)
            XCTAssertEqual(harness.delegate.failures, [])
        }
    }

    func testWhenTheRestFailsTheViewGoesBackToWhatItShowedBeforeThePart() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let operation = StreamingOperation()
            let controller = try open(operation, in: harness)
            operation.add(5)
            operation.reportPart()
            pump(until: { controller.liveBodyComponentCount > 0 }, "the part's rows on screen")

            operation.fail()
            pump(until: { !controller.isLoading }, "the failure")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count ?? 0, 0,
                           "a part was never the view's content")
            XCTAssertEqual(harness.delegate.failures, ["The rest is unusable"])
            pump(for: 0.1)
            XCTAssertEqual(controller.liveBodyComponentCount, 0)
            XCTAssertEqual(controller.stateView?.currentDescription, "The rest is unusable",
                           "the error page, as for any document that does not load")
        }
    }
}
