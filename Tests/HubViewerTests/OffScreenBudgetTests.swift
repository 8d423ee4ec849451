import CGtk
import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// Pages that are not on screen keep their content only within the navigator's budget; the others
/// drop it and load it again, scrolled back, when they are shown.
final class OffScreenBudgetTests: GtkTestCase, @unchecked Sendable {
    func testAPageOverTheBudgetDropsItsContentAndComesBackWhereItWas() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let navigator = app.navigator
            defer {
                navigator.tearDown()
                navigator.offScreenComponentBudget = 200_000
            }
            navigator.offScreenComponentBudget = 30  // fewer than the long list's first page of rows
            navigator.open("hub-demo:reallylonglist")
            let list = try XCTUnwrap(navigator.currentPage?.viewController)
            pump(until: { list.liveBodyComponentCount > 0 }, "the list")
            list.scroll(to: Point(x: 0, y: 700))
            pump(for: 0.05)
            let rowsBefore = list.bodyComponentCount
            XCTAssertGreaterThan(rowsBefore, 30)
            weak let listContent = list.viewModel
            XCTAssertNotNil(listContent)

            navigator.open("hub-demo:root")
            let root = try XCTUnwrap(navigator.currentPage?.viewController)
            pump(until: { root.liveBodyComponentCount > 0 }, "root")
            XCTAssertEqual(list.bodyComponentCount, 0, "the list is over the budget: its content is gone")
            XCTAssertNil(list.viewModel)
            pump(until: { listContent == nil }, "the dropped view model to be freed")

            navigator.goBack()
            XCTAssertTrue(navigator.currentPage?.viewController === list, "the same page, loaded again")
            pump(until: { list.bodyComponentCount > 0 && !list.isLoading }, "the list again")
            pump(until: { list.contentOffset.y == 700 }, "scrolled back to where it was")
            XCTAssertEqual(list.contentOffset.y, 700)
            XCTAssertGreaterThan(root.bodyComponentCount, 0, "root is within the budget and keeps its content")
        }
    }

    func testPagesWithinTheBudgetKeepTheirContent() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let navigator = app.navigator
            defer { navigator.tearDown() }
            navigator.open("hub-demo:reallylonglist")
            let list = try XCTUnwrap(navigator.currentPage?.viewController)
            pump(until: { list.liveBodyComponentCount > 0 }, "the list")
            let model = list.viewModel
            navigator.open("hub-demo:root")
            let root = try XCTUnwrap(navigator.currentPage?.viewController)
            pump(until: { root.liveBodyComponentCount > 0 }, "root")
            XCTAssertTrue(list.viewModel === model, "kept as it was")
        }
    }
}
