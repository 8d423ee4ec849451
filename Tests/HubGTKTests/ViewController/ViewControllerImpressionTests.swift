import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Records the impressions of a view as `type[path] id` strings, in order.
@MainActor
final class RecordingImpressionObserver: ImpressionObserver {
    private(set) var impressions: [Impression] = []
    var reported: [String] { impressions.map(Self.name) }
    var onImpression: ((Impression) -> Void)?

    func viewController(_ viewController: ViewController, didRecord impression: Impression) {
        impressions.append(impression)
        onImpression?(impression)
    }

    static func name(_ impression: Impression) -> String {
        let type = ["header", "body", "overlay"][impression.componentType.rawValue]
        return "\(type)\(impression.indexPath) \(impression.identifier)"
    }
}

/// Impressions of a real view under Xvfb: scrolled programmatically, with short durations, and
/// the reported sequence compared with the expected one. The window is 400 × 300 and rows are
/// 50 high with no margins, so the viewport shows six rows.
final class ViewControllerImpressionTests: GtkTestCase, @unchecked Sendable {
    /// Body rows `row-0`… whose `logging` is `{"item": id}` (plus `extra` for the rows it names).
    @MainActor
    private static func addLoggedRows(_ builder: ViewModelBuilder, count: Int, extra: [Int: JSONObject] = [:]) {
        addRows(builder, count: count)
        for index in 0..<count {
            var logging: JSONObject = ["item": .string("row-\(index)")]
            for (key, value) in extra[index] ?? [:] { logging[key] = value }
            builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)").loggingData = logging
        }
    }

    /// `rows` as the observer names them.
    private static func expected(_ rows: ClosedRange<Int>) -> [String] { rows.map { "body[\($0)] row-\($0)" } }

    /// Opens a view, waits for its rows, then starts observing with `duration`.
    @MainActor
    private func openObserved(_ harness: ViewControllerHarness, duration: Duration, rows: Int = 200,
                              build: (@MainActor (ViewModelBuilder) -> Void)? = nil) throws
        -> (ViewController, RecordingImpressionObserver)
    {
        harness.register("row") { RecordingComponent() }
        let controller = try harness.open { builder in
            if let build { build(builder) } else { Self.addLoggedRows(builder, count: rows) }
        }
        pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
        XCTAssertEqual(controller.canvas.viewportSize.height, 300, "six 50-pixel rows fit in the viewport")
        let observer = RecordingImpressionObserver()
        controller.impressionThresholds = ImpressionThresholds(duration: duration)
        controller.impressionObserver = observer
        return (controller, observer)
    }

    func testTheRowsOnScreenAreReportedOnceEachAfterTheDuration() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            // Margins wide enough for a loaded machine: checked at a fifth of the duration.
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(500))
            pump(for: 0.1)
            XCTAssertEqual(observer.reported, [], "not before the duration")
            pump(until: { observer.impressions.count >= 6 }, "the six rows on screen")
            pump(for: 0.6)
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            for impression in observer.impressions {
                XCTAssertGreaterThanOrEqual(impression.visibleDuration, .milliseconds(500))
                XCTAssertEqual(impression.visibleFraction, 1)
                XCTAssertEqual(impression.loggingData["item"], .string(impression.identifier))
            }
            XCTAssertNil(controller.impressions.timer, "no timer once nothing waits")
        }
    }

    func testOnlyRowsVisibleByTheFractionCount() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(100))
            // At 30 px, row 0 shows 20 of its 50 px (40 %) and row 6 shows 30 (60 %).
            controller.scroll(to: Point(x: 0, y: 30))
            pump(until: { observer.impressions.count >= 6 }, "six rows")
            pump(for: 0.3)
            XCTAssertEqual(observer.reported, Self.expected(1...6))
            XCTAssertEqual(observer.impressions.last?.visibleFraction, 0.6)
        }
    }

    func testScrollingAwayAndBackIsANewAppearanceWithRecycledWidgets() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(100))
            pump(until: { observer.impressions.count >= 6 }, "the first screen")
            controller.scroll(to: Point(x: 0, y: 5000))  // rows 100–105, on widgets of rows 0–5's pool
            pump(until: { observer.impressions.count >= 12 }, "the second screen")
            controller.scroll(to: Point(x: 0, y: 0))
            pump(until: { observer.impressions.count >= 18 }, "the first screen again")
            pump(for: 0.3)
            XCTAssertEqual(observer.reported, Self.expected(0...5) + Self.expected(100...105) + Self.expected(0...5))
            let created = harness.components("row", as: RecordingComponent.self).count
            XCTAssertLessThan(created, 40, "widgets were recycled, not made per row")
        }
    }

    func testFastScrollingReportsOnlyTheRowsItStopsOn() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            // A row stays on screen for six 50-pixel steps of about 20 ms: far less than the second.
            let (controller, observer) = try openObserved(harness, duration: .seconds(1))
            var offset = 0.0
            while offset < 5000 {
                offset += 50
                controller.scroll(to: Point(x: 0, y: offset))
                pump(for: 0.02)
            }
            XCTAssertEqual(observer.reported, [], "nothing stayed a second")
            pump(until: { observer.impressions.count >= 6 }, timeout: 5, "the rows it stopped on")
            pump(for: 0.3)
            XCTAssertEqual(observer.reported, Self.expected(100...105))
        }
    }

    func testAReloadThatKeepsTheRowsDoesNotReportThemAgain() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let generation = Counter()
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(600)) { builder in
                Self.addLoggedRows(builder, count: 200, extra: generation.value >= 3 ? [1: ["campaign": 2]] : [:])
                // Each reload retitles every row: new models, same identifiers and logging.
                for index in 0..<200 {
                    builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)").title = "Row \(index) v\(generation.value)"
                }
            }
            // Reloads before the deadline continue the appearances under way.
            pump(for: 0.1)
            generation.value = 1
            controller.reload()
            pump(until: { !controller.isLoading }, "reload")
            XCTAssertEqual(observer.reported, [])
            pump(until: { observer.impressions.count >= 6 }, "the rows on screen")
            XCTAssertTrue(observer.impressions.allSatisfy { $0.model.title?.hasSuffix("v1") == true },
                          "reported with the model shown then")
            // And after it: nothing is reported again.
            generation.value = 2
            controller.reload()
            pump(for: 0.9)
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            // A row whose logging changed is another thing to report; only it is reported.
            generation.value = 3
            controller.reload()
            pump(until: { observer.impressions.count >= 7 }, "the changed row")
            pump(for: 0.9)
            XCTAssertEqual(observer.reported, Self.expected(0...5) + ["body[1] row-1"])
            XCTAssertEqual(observer.impressions.last?.loggingData, ["item": "row-1", "campaign": 2])
        }
    }

    func testAHiddenWindowReportsNothingAndDoesNotRepeatWhatWasReported() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(400))
            let window = try XCTUnwrap(harness.window)
            // Hidden before the deadline: nothing while hidden, and a whole duration once shown.
            pump(for: 0.05)
            gtk_widget_hide(window)
            XCTAssertFalse(controller.isShownForImpressions)
            pump(for: 0.8)
            XCTAssertEqual(observer.reported, [], "nothing while the window is hidden")
            gtk_widget_show(window)
            pump(until: { controller.isShownForImpressions }, "the window shown again")
            pump(until: { observer.impressions.count >= 6 }, "the rows on screen")
            XCTAssertTrue(observer.impressions.allSatisfy { $0.visibleDuration >= .milliseconds(400) })
            // Hidden and shown again after the rows were reported: they are not reported again.
            gtk_widget_hide(window)
            pump(for: 0.1)
            gtk_widget_show(window)
            pump(for: 0.8)
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            // Scrolled while hidden: the rows that came into view are new, the others stayed.
            gtk_widget_hide(window)
            controller.scroll(to: Point(x: 0, y: 150))
            pump(for: 0.5)
            gtk_widget_show(window)
            pump(until: { observer.impressions.count >= 9 }, "the rows scrolled in")
            pump(for: 0.6)
            XCTAssertEqual(observer.reported, Self.expected(0...5) + Self.expected(6...8))
        }
    }

    func testAMinimizedWindowReportsNothingUntilRestored() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(200))
            let window = try XCTUnwrap(harness.window)
            // Xvfb has no window manager to minimize a window: the window gets the event one would send.
            sendWindowState(to: window, iconified: true)
            XCTAssertFalse(controller.isShownForImpressions)
            XCTAssertTrue(gtk_widget_get_mapped(controller.view.gtkWidget) != 0, "minimized, still mapped")
            pump(for: 0.5)
            XCTAssertEqual(observer.reported, [])
            sendWindowState(to: window, iconified: false)
            XCTAssertTrue(controller.isShownForImpressions)
            pump(until: { observer.impressions.count >= 6 }, "the rows on screen")
            pump(for: 0.4)
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            // An unfocused window still shows its content: focus changes nothing.
            XCTAssertTrue(controller.isShownForImpressions)
        }
    }

    func testTheHeaderCoversTheRowsUnderItAndHeaderAndOverlaysAreReported() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("header") { RecordingComponent(traits: [.fullWidth], height: 100) }
            harness.register("overlay") { RecordingComponent(traits: [.centered], height: 40) }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(100)) { builder in
                Self.addLoggedRows(builder, count: 200)
                let header = builder.headerComponentModelBuilder
                header.componentNamespace = "test"
                header.componentName = "header"
                header.loggingData = ["item": "header"]
                let overlay = builder.overlayComponentModelBuilder(withIdentifier: "badge")
                overlay.componentNamespace = "test"
                overlay.componentName = "overlay"
                overlay.customData = ["width": 100]
                overlay.loggingData = ["item": "badge"]
                builder.overlayComponentModelBuilder(withIdentifier: "silent").componentNamespace = "test"
            }
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 0).minY, 100, "rows start below the header")
            pump(until: { observer.impressions.count >= 6 }, "header, rows and overlay")
            pump(for: 0.3)
            XCTAssertEqual(observer.reported, ["header[0] header"] + Self.expected(0...3) + ["overlay[0] badge"])
            // At 1000 px, rows 18 and 19 (content y 1000–1100) are under the header: not seen.
            controller.scroll(to: Point(x: 0, y: 1000))
            pump(until: { observer.impressions.count >= 10 }, "the rows below the header")
            pump(for: 0.3)
            XCTAssertEqual(Array(observer.reported.dropFirst(6)), Self.expected(20...23))
        }
    }

    func testNoObserverTracksNothingAndATornDownViewReportsNothing() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let (controller, observer) = try openObserved(harness, duration: .milliseconds(200))
            controller.impressionObserver = nil
            XCTAssertNil(controller.impressions.timer)
            XCTAssertEqual(controller.impressions.tracker.appearanceCount, 0)
            controller.impressionObserver = observer
            XCTAssertNotNil(controller.impressions.timer)
            controller.tearDown()
            harness.controller = nil
            pump(for: 0.4)
            XCTAssertEqual(observer.reported, [])
        }
    }

    func testTheFactorysObserverAndThresholdsReachEveryViewItMakes() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let observer = RecordingImpressionObserver()
            harness.hub.viewControllerFactory.impressionObserver = observer
            harness.hub.viewControllerFactory.impressionThresholds = ImpressionThresholds(duration: .milliseconds(100))
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { Self.addLoggedRows($0, count: 3) }
            XCTAssertTrue(controller.impressionObserver === observer)
            XCTAssertEqual(controller.impressionThresholds.duration, .milliseconds(100))
            pump(until: { observer.impressions.count >= 3 }, "the three rows")
            XCTAssertEqual(observer.reported, Self.expected(0...2))
        }
    }

    func testAHostedViewThatLeavesTheScreenAndComesBackDoesNotRepeatWhatStayed() throws {
        try onMain {
            // A view as apps show it: in a ViewHost, which makes it disappear when it leaves the
            // screen (another page shown in its place) and appear again, reloading, when it is back.
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            let operation = BlockContentOperation { context in Self.addLoggedRows(context.viewModelBuilder, count: 200) }
            let controller = try harness.hub.viewControllerFactory.createViewController(
                forViewURI: URL(string: "test:hosted")!, contentOperations: [operation], featureIdentifier: "hosted",
                featureTitle: "Hosted")
            let observer = RecordingImpressionObserver()
            controller.impressionThresholds = ImpressionThresholds(duration: .milliseconds(200))
            controller.impressionObserver = observer
            let host = ViewHost(viewController: controller)
            let window = Window()
            window.setDefaultSize(width: 400, height: 300)
            let box = Box(.vertical)
            window.add(box)
            box.append(host.widget, expand: true)
            defer {
                host.tearDown()
                window.destroy()
            }
            window.showAll()
            pump(until: { observer.impressions.count >= 6 }, "the rows on screen")
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            // Another page in its place, for longer than the duration, then the view again.
            host.widget.removeFromParent()
            XCTAssertFalse(host.isViewVisible)
            pump(for: 0.4)
            box.append(host.widget, expand: true)
            host.widget.show()
            pump(until: { host.isViewVisible && !controller.isLoading }, "the view back")
            pump(for: 0.5)
            XCTAssertEqual(observer.reported, Self.expected(0...5), "the rows that stayed are not reported again")
            // Away before the deadline of rows that came into view: they are reported only once back.
            controller.scroll(to: Point(x: 0, y: 300))
            host.widget.removeFromParent()
            pump(for: 0.4)
            XCTAssertEqual(observer.reported, Self.expected(0...5))
            box.append(host.widget, expand: true)
            host.widget.show()
            pump(until: { observer.impressions.count >= 12 }, "the rows scrolled to")
            pump(for: 0.4)
            XCTAssertEqual(observer.reported, Self.expected(0...5) + Self.expected(6...11))
        }
    }

    /// Sends `window` the window-state event a window manager's (de)iconify causes.
    @MainActor
    private func sendWindowState(to window: WidgetPointer, iconified: Bool) {
        let event = gdk_event_new(GDK_WINDOW_STATE)!
        event.pointee.window_state.window = gtk_widget_get_window(window)
        g_object_ref(UnsafeMutableRawPointer(event.pointee.window_state.window))
        event.pointee.window_state.changed_mask = GDK_WINDOW_STATE_ICONIFIED
        event.pointee.window_state.new_window_state = iconified ? GDK_WINDOW_STATE_ICONIFIED : GdkWindowState(rawValue: 0)
        gtk_widget_event(window, event)
        gdk_event_free(event)
    }
}
