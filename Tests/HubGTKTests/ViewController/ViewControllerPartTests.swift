import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// A view shows part of its content while the rest loads (docs/content-loading.md, "Parts"), and
/// goes back to what it showed before when the rest fails.
final class ViewControllerPartTests: GtkTestCase, @unchecked Sendable {
    private struct Failure: Error, CustomStringConvertible { var description: String { "The rest is unusable" } }

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

    /// Presses `key` on the view's content, as the keyboard would.
    @MainActor
    private func press(_ key: Int32, in controller: ViewController) {
        let bin = gtk_layout_get_bin_window(hub_layout(controller.canvas.layout))
        let event = hub_event_new_key(bin, UInt32(key), 0)!
        gtk_widget_event(controller.canvas.layout, event)
        gdk_event_free(event)
    }

    /// Opens a view, shows a part of 40 rows, runs `whileArriving` while the rest is still to come,
    /// then adds 20,000 rows, finishes, waits until all of them are laid out and runs `then`.
    @MainActor
    private func arrive(_ whileArriving: (ViewController) -> Void, then: (ViewController) -> Void) throws {
        let harness = ViewControllerHarness()
        defer { harness.tearDown() }
        let operation = StreamingOperation()
        let controller = try open(operation, in: harness)
        operation.add(40)
        operation.reportPart()
        pump(until: { controller.liveBodyComponentCount > 0 }, "the part's rows on screen")
        whileArriving(controller)
        pump(for: 0.1)
        operation.add(20_000)
        operation.finish()
        pump(until: { !controller.isLoading && controller.layout?.count == 20_040 }, timeout: 60, "the whole, laid out")
        pump(for: 0.1)
        then(controller)
    }

    /// Issue 38, goal 6: End pressed while the document still arrives lands on the last row once it
    /// has arrived, not at the end of the part shown when it was pressed; the view keeps to the end
    /// as the layout reaches further.
    func testEndPressedWhileTheDocumentArrivesLandsOnTheLastRow() throws {
        try onMain {
            try arrive({ controller in
                press(GDK_KEY_End, in: controller)
                pump(until: { controller.canvas.contentOffset == controller.canvas.maximumOffset }, "the part's end")
            }, then: { controller in
                XCTAssertEqual(controller.canvas.contentOffset, controller.canvas.maximumOffset)
                XCTAssertGreaterThan(controller.canvas.maximumOffset, 20_000 * 40, "all the rows are laid out")
                XCTAssertNotNil(controller.cellWidget(atBodyIndex: 20_039), "the last row is on screen")
            })
        }
    }

    /// Scrolling in code to the last component of a document still arriving does what End does.
    func testScrollingToTheLastComponentWhileTheDocumentArrivesLandsOnTheLastRow() throws {
        try onMain {
            try arrive({ controller in
                controller.scrollToComponent(ofType: .body, indexPath: [39], scrollPosition: .bottom, animated: false,
                                             completion: nil)
            }, then: { controller in
                XCTAssertEqual(controller.canvas.contentOffset, controller.canvas.maximumOffset)
                XCTAssertNotNil(controller.cellWidget(atBodyIndex: 20_039), "the last row is on screen")
            })
        }
    }

    /// The person scrolling after End takes the view where they scroll: it stops keeping to the end.
    func testScrollingAfterEndStopsFollowingTheEnd() throws {
        try onMain {
            try arrive({ controller in
                press(GDK_KEY_End, in: controller)
                pump(until: { controller.canvas.contentOffset == controller.canvas.maximumOffset }, "the part's end")
                press(GDK_KEY_Home, in: controller)
                pump(until: { controller.canvas.contentOffset == 0 }, "the top")
            }, then: { controller in
                XCTAssertEqual(controller.canvas.contentOffset, 0)
            })
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

            operation.fail(with: Failure())
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
