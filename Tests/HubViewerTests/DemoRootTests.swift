import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// The root view lists the demo features with the original demo's descriptions.
final class DemoRootTests: GtkTestCase, @unchecked Sendable {
    func testTheRootListsTheDemoFeaturesWithTheirDescriptionsAndURIs() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open(DemoFeatures.rootURI.absoluteString)
            let root = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: root)
            let rows = try XCTUnwrap(root.viewModel?.bodyComponentModels)
            let expected: [(String, String, String, String)] = [
                ("gitHubSearch", "GitHub Search", "A feature that enables you to search GitHub", "hub-demo:githubsearch"),
                ("prettyPictures", "Pretty Pictures", "A feature that displays a carousel & grid of pictures",
                 "hub-demo:prettypictures"),
                ("todoList", "Todo List", "A feature for adding todo items to a list", "hub-demo:todoList"),
                ("stickyHeader", "Sticky Header", "A feature demonstrating how to build a sticky header",
                 "hub-demo:stickyHeader"),
                ("cities", "Cities", "A feature that renders beautiful cities", "cities:overview"),
            ]
            for (identifier, title, subtitle, uri) in expected {
                let row = try XCTUnwrap(rows.first { $0.identifier == identifier }, identifier)
                XCTAssertEqual(row.title, title)
                XCTAssertEqual(row.subtitle, subtitle)
                XCTAssertEqual(row.target?.uri?.absoluteString, uri)
            }
            let order = rows.map(\.identifier)
            XCTAssertEqual(order.filter { expected.map(\.0).contains($0) }, expected.map(\.0), "in the original's order")
        }
    }
}
