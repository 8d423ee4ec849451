import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// A host drives its controller's appearance from the screen, passes the title on, and tears the
/// controller down with itself.
final class ViewHostTests: GtkTestCase, @unchecked Sendable {
    /// Counts the delegate calls the host passes on.
    @MainActor
    private final class RecordingDelegate: ViewControllerDelegate {
        var updates = 0
        func viewControllerDidUpdate(_ viewController: ViewController) { updates += 1 }
    }

    /// A view whose content operation counts its runs and titles the view `"<name> <run>"`.
    @MainActor
    private func makeController(_ name: String, hub: Hub, runs: @escaping @MainActor () -> Int) throws
        -> ViewController
    {
        let operation = BlockContentOperation { context in
            context.viewModelBuilder.navigationBarTitle = "\(name) \(runs())"
            context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = name
        }
        return try hub.viewControllerFactory.createViewController(
            forViewURI: URL(string: "host:\(name.lowercased())")!, contentOperations: [operation],
            featureIdentifier: name.lowercased(), featureTitle: "\(name) feature")
    }

    func testTwoHostsInABoxAppearWithTheWindowAndEachDisappearsWhenHidden() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            var leftRuns = 0
            var rightRuns = 0
            let leftController = try makeController("Left", hub: hub) { leftRuns += 1; return leftRuns }
            let rightController = try makeController("Right", hub: hub) { rightRuns += 1; return rightRuns }
            var left: ViewHost? = ViewHost(viewController: leftController)
            let right = ViewHost(viewController: rightController)
            var leftTitles: [String] = []
            var rightTitles: [String] = []
            left?.onTitleChange = { leftTitles.append($0) }
            right.onTitleChange = { rightTitles.append($0) }
            let delegate = RecordingDelegate()
            right.delegate = delegate

            let window = Window()
            window.setDefaultSize(width: 600, height: 300)
            let box = Box(.horizontal)
            window.add(box)
            box.append(try XCTUnwrap(left).widget, expand: true)
            box.append(right.widget, expand: true)
            defer { window.destroy() }

            // In a box, in a window that is not shown yet: nothing appears, nothing loads.
            XCTAssertFalse(try XCTUnwrap(left).isViewVisible)
            XCTAssertFalse(right.isViewVisible)
            XCTAssertFalse(leftController.isVisible)
            XCTAssertEqual(leftRuns + rightRuns, 0)
            XCTAssertEqual(leftTitles, [])

            // Showing the window maps both views: both appear and load.
            window.showAll()
            XCTAssertTrue(try XCTUnwrap(left).isViewVisible)
            XCTAssertTrue(right.isViewVisible)
            XCTAssertTrue(leftController.isVisible)
            XCTAssertTrue(rightController.isVisible)
            pump(until: { leftController.viewModel?.navigationItem?.title == "Left 1"
                          && rightController.viewModel?.navigationItem?.title == "Right 1" }, "both views loaded")
            // The block operations finish while the views appear, so the first title is already theirs.
            XCTAssertEqual(leftTitles, ["Left 1"])
            XCTAssertEqual(rightTitles, ["Right 1"])
            XCTAssertEqual(delegate.updates, 1, "the host passes the controller's calls on")

            // Hiding one host's widget makes that view disappear; the other stays.
            right.widget.hide()
            XCTAssertFalse(right.isViewVisible)
            XCTAssertFalse(rightController.isVisible)
            XCTAssertTrue(try XCTUnwrap(left).isViewVisible)
            XCTAssertTrue(leftController.isVisible)

            // Shown again, it appears again and (without a reload policy) loads again: a new title.
            right.widget.show()
            XCTAssertTrue(right.isViewVisible)
            XCTAssertTrue(rightController.isVisible)
            pump(until: { rightController.viewModel?.navigationItem?.title == "Right 2" }, "the reload")
            XCTAssertEqual(rightTitles, ["Right 1", "Right 2"])
            XCTAssertEqual(leftRuns, 1, "the other view did not reload")

            // Hiding the window makes both disappear.
            window.hide()
            XCTAssertFalse(leftController.isVisible)
            XCTAssertFalse(rightController.isVisible)
            window.showAll()
            XCTAssertTrue(leftController.isVisible)
            pump(until: { leftController.liveBodyComponentCount > 0 }, "the left row on screen")

            // Releasing a host takes its view out of the box and tears its controller down.
            left = nil
            XCTAssertEqual(box.children.count, 1)
            XCTAssertFalse(leftController.view.isMapped)
            XCTAssertEqual(leftController.liveBodyComponentCount, 0, "torn down: no components left")
            XCTAssertFalse(leftController.isVisible)
            XCTAssertTrue(right.isViewVisible, "the other host is untouched")
        }
    }

    func testSettingTheTitleHandlerOnAShownViewReportsTheCurrentTitle() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            var runs = 0
            let controller = try makeController("Only", hub: hub) { runs += 1; return runs }
            let host = ViewHost(viewController: controller)
            let window = Window()
            window.add(host.widget)
            window.showAll()
            defer { window.destroy() }
            pump(until: { controller.viewModel?.navigationItem?.title == "Only 1" }, "the view loaded")
            var titles: [String] = []
            host.onTitleChange = { titles.append($0) }
            XCTAssertEqual(titles, ["Only 1"])
            XCTAssertEqual(host.title, "Only 1")

            // tearDown() does what releasing does, once.
            host.tearDown()
            host.tearDown()
            XCTAssertFalse(host.isViewVisible)
            XCTAssertTrue(window.children.isEmpty)
        }
    }
}
