import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// The sticky header demo: a header collapsing with the content offset, a reload counter, and a
/// colour container holding a row that leads to Pretty Pictures.
final class StickyHeaderFeatureTests: GtkTestCase, @unchecked Sendable {
    func testTheHeaderCollapsesAsTheContentScrollsAndExpandsAgainAtTheTop() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Sticky Header", in: app)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:stickyHeader")
            XCTAssertEqual(app.mainWindow?.title, "Sticky Header")
            XCTAssertEqual(controller.viewModel?.headerComponentModel?.title, "A sticky header!")
            let header = try XCTUnwrap(controller.headerComponent as? HeaderComponent)
            let cell = try XCTUnwrap(controller.headerCellWidget)
            @MainActor func settle(_ height: Double, _ message: String) {
                pump(until: { header.currentHeight == height && Double(gtk_widget_get_allocated_height(cell)) == height },
                     timeout: 2, message)
                XCTAssertEqual(header.currentHeight, height, message)
                XCTAssertEqual(Double(gtk_widget_get_allocated_height(cell)), height, message)
            }
            settle(250, "expanded at first")
            XCTAssertEqual(header.titleFontSize, 30)
            // The title is drawn large (30 pt bold markup), not at the default size.
            let headerView = try XCTUnwrap(controller.visibleView(forComponentOfType: .header, indexPath: [0])?.gtkWidget)
            let title = try XCTUnwrap(Gtk.children(of: headerView).first {
                String(cString: gtk_widget_get_name($0)) == "GtkLabel" && Gtk.labelText($0) == "A sticky header!"
            })
            XCTAssertNotEqual(gtk_label_get_use_markup(hub_label(title)), 0)
            let expandedTitleHeight = gtk_widget_get_allocated_height(title)
            XCTAssertGreaterThan(expandedTitleHeight, 30)

            controller.scroll(to: Point(x: 0, y: 100))
            settle(150, "100 points down")
            XCTAssertEqual(header.titleFontSize, 18)
            pump(until: { gtk_widget_get_allocated_height(title) < expandedTitleHeight }, "a smaller title")
            controller.scroll(to: Point(x: 0, y: 400))
            settle(64, "collapsed")
            XCTAssertEqual(header.titleFontSize, 18)
            controller.scroll(to: .zero)
            settle(250, "expanded again at the top")
            XCTAssertEqual(header.titleFontSize, 30)
        }
    }

    func testTheReloadCounterCountsReappearancesAndTheContainerLeadsToPrettyPictures() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Sticky Header", in: app)
            let titles = bodyTitles(controller)
            XCTAssertEqual(titles.first, "Number of reloads: 0")
            XCTAssertEqual(Array(titles.dropFirst()), (1...20).map { "Row number \($0)" })

            let containerIndex = try XCTUnwrap(bodyIndex("colorContainer", in: controller))
            let container = try XCTUnwrap(controller.viewModel?.bodyComponentModels[containerIndex])
            XCTAssertEqual(container.componentIdentifier.identifierString, "default:colorContainer")
            XCTAssertEqual(container.customData?["color"], "green")
            XCTAssertEqual(container.children.map(\.identifier), ["row-prettyPictures"])
            XCTAssertEqual(container.children.first?.title, "Go to Pretty Pictures")
            let containerView = try XCTUnwrap(controller.visibleView(forComponentOfType: .body, indexPath: [containerIndex])?.gtkWidget)
            XCTAssertTrue(Gtk.hasClass(containerView, "hub-color-green"))

            // Clicking the row inside the container opens Pretty Pictures…
            let containerCell = try visibleCell(atBodyIndex: containerIndex, in: controller)
            let child = try XCTUnwrap(controller.visibleView(forComponentOfType: .body, indexPath: [containerIndex, 0])?.gtkWidget)
            pump(until: { gtk_widget_get_allocated_height(child) > 1 }, "the child row allocated")
            XCTAssertTrue(gtk_widget_is_ancestor(child, containerView) != 0, "the row is inside the container")
            click(child, inCell: containerCell)
            let pictures = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(pictures.viewURI.absoluteString, "hub-demo:prettypictures")
            waitForContent(of: pictures)

            // …and coming back reloads the view: the counter goes up, the header is expanded.
            app.navigator.goBack()
            XCTAssertTrue(app.navigator.currentPage?.viewController === controller)
            pump(until: { self.bodyTitles(controller).first == "Number of reloads: 1" }, "the second load")
            let header = try XCTUnwrap(controller.headerComponent as? HeaderComponent)
            XCTAssertEqual(header.currentHeight, 250)
            controller.scroll(to: Point(x: 0, y: 300))
            pump(until: { header.currentHeight == 64 }, "collapsed after coming back")
            controller.scroll(to: .zero)
            pump(until: { header.currentHeight == 250 }, "expanded after coming back")
            XCTAssertEqual(app.mainWindow?.title, "Sticky Header")
        }
    }
}
