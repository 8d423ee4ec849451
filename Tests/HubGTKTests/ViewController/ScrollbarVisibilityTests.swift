import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// The scrollbar shows only while the content is taller than the view, also when the view only
/// grows taller: a page laid out in a small window (or while it was off screen) must not keep a
/// scrollbar, and the empty strip it takes, once the content fits.
final class ScrollbarVisibilityTests: GtkTestCase, @unchecked Sendable {
    func testTheScrollbarGoesWhenTheViewGrowsTallEnoughForItsContent() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open(width: 400, height: 120) { addRows($0, count: 4) }
            pump(until: { controller.liveBodyComponentCount == 4 || controller.layout != nil }, "the rows")
            pump(until: { controller.canvas.isScrollbarVisible }, "a scrollbar for 200 points of rows in 120")
            let window = try XCTUnwrap(harness.window)
            gtk_window_resize(hub_window(window), 400, 500)
            pump(until: { !controller.canvas.isScrollbarVisible }, "no scrollbar once the rows fit")
            pump(until: { controller.layout?.containerSize.width == controller.canvas.viewportSize.width
                    && controller.canvas.viewportSize.width >= 399 }, "the rows laid out across the whole width")
        }
    }
}
