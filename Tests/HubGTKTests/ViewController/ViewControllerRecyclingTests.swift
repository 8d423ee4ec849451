import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// How the recycler treats live components when new content arrives: the diff of the render says
/// which were reloaded, and components whose item moved are matched by identifier.
final class ViewControllerRecyclingTests: GtkTestCase, @unchecked Sendable {
    func testARowThatMovedAndChangedShowsItsNewModel() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let generation = Counter()
            let controller = try harness.open { builder in
                addRows(builder, count: 20)
                if generation.value > 0 {
                    let moved = builder.bodyComponentModelBuilder(withIdentifier: "row-5")
                    moved.title = "Moved"
                    moved.preferredIndex = 1
                }
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let row0 = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RecordingComponent)
            row0.clearEvents()
            generation.value = 1
            controller.reload()
            let moved = try XCTUnwrap(controller.liveComponent(atBodyIndex: 1) as? RecordingComponent)
            XCTAssertEqual(moved.model?.identifier, "row-5")
            XCTAssertEqual(moved.model?.title, "Moved")
            XCTAssertEqual(row0.events, [], "the row above is not touched")
            for index in controller.liveBodyIndexes {
                let shown = (controller.liveComponent(atBodyIndex: index) as? RecordingComponent)?.model
                let expected = controller.viewModel?.bodyComponentModels[index]
                XCTAssertEqual(shown?.identifier, expected?.identifier, "index \(index)")
                XCTAssertEqual(shown?.title, expected?.title, "index \(index)")
            }
        }
    }

    func testARowThatChangesKindGetsAComponentOfTheNewKind() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            harness.register("card") { RecordingComponent(height: 80) }
            let generation = Counter()
            let controller = try harness.open { builder in
                addRows(builder, count: 10)
                if generation.value > 0 { builder.bodyComponentModelBuilder(withIdentifier: "row-2").componentName = "card" }
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let row2 = try XCTUnwrap(controller.liveComponent(atBodyIndex: 2))
            generation.value = 1
            controller.reload()
            let card = try XCTUnwrap(controller.liveComponent(atBodyIndex: 2) as? RecordingComponent)
            XCTAssertFalse(card === row2, "a component of another kind is not reused")
            XCTAssertTrue(harness.components("card", as: RecordingComponent.self).contains { $0 === card })
            XCTAssertEqual(card.model?.componentIdentifier.namePart, "card")
        }
    }

    func testScrollingConfiguresOnlyTheComponentsThatComeIntoView() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { builder in addRows(builder, count: 200) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let before = Set(controller.liveBodyIndexes)
            let kept = before.compactMap { controller.liveComponent(atBodyIndex: $0) as? RecordingComponent }
            kept.forEach { $0.clearEvents() }
            controller.scroll(to: Point(x: 0, y: 100))
            for index in Set(controller.liveBodyIndexes).intersection(before) {
                let component = try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? RecordingComponent)
                XCTAssertFalse(component.events.contains { if case .configure = $0 { true } else { false } },
                               "row \(index) stayed in view and is not configured again")
            }
        }
    }
}
