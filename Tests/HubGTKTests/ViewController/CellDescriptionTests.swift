import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// What assistive technologies read of a component's cell: its name and its description.
final class CellDescriptionTests: GtkTestCase, @unchecked Sendable {
    /// A row's accessory (a count, a price) is part of what a screen reader reads: the cell's
    /// description, after the subtitle.
    func testARowsAccessoryIsReadAfterItsSubtitle() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
            let controller = try harness.open { builder in
                XCTAssertEqual(try? builder.addJSON(data: Data(#"""
                    {"body": [{"id": "a", "component": {"id": "default:row"}, "text": {"title": "Baguettes", "accessory": "14"}},
                              {"id": "b", "component": {"id": "default:row"},
                               "text": {"title": "Sourdough", "subtitle": "Wild yeast", "accessory": "€4.20"}}]}
                    """#.utf8)), [])
            }
            pump(until: { controller.cellView(atBodyIndex: 1) != nil }, "the rows are shown")
            XCTAssertEqual(controller.cellView(atBodyIndex: 0)?.accessibleName, "Baguettes")
            XCTAssertEqual(controller.cellView(atBodyIndex: 0)?.accessibleDescription, "14")
            XCTAssertEqual(controller.cellView(atBodyIndex: 1)?.accessibleDescription, "Wild yeast, €4.20")
        }
    }
}
