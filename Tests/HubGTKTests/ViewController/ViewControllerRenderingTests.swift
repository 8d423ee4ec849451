import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

final class ViewControllerRenderingTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func allocation(_ widget: WidgetPointer) -> GtkAllocation {
        var rect = GtkAllocation()
        gtk_widget_get_allocation(widget, &rect)
        return rect
    }

    /// Adds `count` compact cards, 100 wide and 60 high, to the view.
    private static func addCards(_ builder: ViewModelBuilder, count: Int) {
        for index in 0..<count {
            let card = builder.bodyComponentModelBuilder(withIdentifier: "card-\(index)")
            card.componentNamespace = "test"
            card.componentName = "card"
            card.customData = ["width": 100]
        }
    }

    /// A harness with 10-point margins that knows the compact cards of `addCards`.
    @MainActor
    private static func cardHarness() -> ViewControllerHarness {
        let harness = ViewControllerHarness(margin: 10)
        harness.register("card") { RecordingComponent(traits: [.compactWidth], height: 60) }
        return harness
    }

    func testWidgetFramesEqualTheLayoutFrames() throws {
        try onMain {
            let harness = Self.cardHarness()
            defer { harness.tearDown() }
            let controller = try harness.open { Self.addCards($0, count: 12) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "components to appear")
            pump(for: 0.2)
            XCTAssertFalse(controller.liveBodyIndexes.isEmpty)
            for index in controller.liveBodyIndexes {
                let frame = controller.frame(ofBodyComponentAt: index)
                let cell = try XCTUnwrap(controller.cellWidget(atBodyIndex: index))
                guard frame.minY - controller.contentOffset.y < controller.canvas.viewportSize.height else { continue }
                let rect = allocation(cell)
                XCTAssertEqual(Double(rect.x), frame.minX, "x of \(index)")
                XCTAssertEqual(Double(rect.y), frame.minY - controller.contentOffset.y, "y of \(index)")
                XCTAssertEqual(Double(rect.width), frame.width, "width of \(index)")
                XCTAssertEqual(Double(rect.height), frame.height, "height of \(index)")
            }
            // Three 100-wide cards with 10 margins share a row in 400 px.
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 0).minY, controller.frame(ofBodyComponentAt: 2).minY)
        }
    }

    /// Issue 27, goal 2: right to left, the widgets sit where the mirrored layout puts them, cards
    /// fill rows from the right, and Left and Right move the focus in reading order.
    func testRightToLeftMirrorsTheWidgetsAndTheArrowKeys() throws {
        try onMain {
            let harness = Self.cardHarness()
            defer { harness.tearDown() }
            let controller = try harness.open { Self.addCards($0, count: 12) }
            XCTAssertEqual(controller.layoutDirection, .leftToRight, "GTK's default in an English locale")
            pump(until: { controller.liveBodyComponentCount > 0 }, "components to appear")
            pump(for: 0.2)
            @MainActor func allocations() throws -> [Int: GtkAllocation] {
                var result: [Int: GtkAllocation] = [:]
                for index in controller.liveBodyIndexes {
                    result[index] = allocation(try XCTUnwrap(controller.cellWidget(atBodyIndex: index)))
                }
                return result
            }
            let leftToRight = try allocations()
            let offset = controller.contentOffset

            controller.layoutDirection = .rightToLeft
            pump(for: 0.2)
            let rightToLeft = try allocations()
            let width = controller.canvas.viewportSize.width
            XCTAssertEqual(Set(rightToLeft.keys), Set(leftToRight.keys))
            XCTAssertEqual(controller.contentOffset, offset, "nothing moves vertically")
            for (index, ltr) in leftToRight {
                let rtl = try XCTUnwrap(rightToLeft[index])
                XCTAssertEqual(Double(rtl.x), width - Double(ltr.x) - Double(ltr.width), "x of \(index)")
                XCTAssertEqual(rtl.y, ltr.y, "y of \(index)")
                XCTAssertEqual(rtl.width, ltr.width, "width of \(index)")
                let frame = controller.frame(ofBodyComponentAt: index)
                XCTAssertEqual(Double(rtl.x), frame.minX, "the layout's frame of \(index)")
            }
            // The first card is at the right end of the first row.
            XCTAssertGreaterThan(controller.frame(ofBodyComponentAt: 0).minX, controller.frame(ofBodyComponentAt: 1).minX)

            XCTAssertTrue(controller.focusBodyComponent(at: 1))
            press(key: GDK_KEY_Left, to: try XCTUnwrap(controller.cellWidget(atBodyIndex: 1)))
            XCTAssertEqual(controller.focusedBodyIndex, 2, "Left goes on in reading order, right to left")
            press(key: GDK_KEY_Right, to: try XCTUnwrap(controller.cellWidget(atBodyIndex: 2)))
            press(key: GDK_KEY_Right, to: try XCTUnwrap(controller.cellWidget(atBodyIndex: 1)))
            XCTAssertEqual(controller.focusedBodyIndex, 0)

            // GTK's default direction is what a view follows when it has none of its own.
            controller.layoutDirection = .leftToRight
            pump(for: 0.2)
            XCTAssertEqual(try allocations().mapValues(\.x), leftToRight.mapValues(\.x))
            XCTAssertTrue(controller.focusBodyComponent(at: 1))
            press(key: GDK_KEY_Left, to: try XCTUnwrap(controller.cellWidget(atBodyIndex: 1)))
            XCTAssertEqual(controller.focusedBodyIndex, 0)
        }
    }

    func testANewViewFollowsGTKsDefaultDirection() throws {
        try onMain {
            let saved = Widget.defaultTextDirection
            Widget.defaultTextDirection = .rightToLeft
            defer { Widget.defaultTextDirection = saved }
            let harness = Self.cardHarness()
            defer { harness.tearDown() }
            let controller = try harness.open { Self.addCards($0, count: 3) }
            XCTAssertEqual(controller.layoutDirection, .rightToLeft)
            pump(until: { controller.liveBodyComponentCount == 3 }, "components to appear")
            let width = controller.canvas.viewportSize.width
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 0).maxX, width - 10, "the first card at the right margin")
        }
    }

    /// A view model that declares its direction (a document's `direction`) is laid out so in an
    /// app that reads left to right, and one that changes direction moves every widget.
    func testAViewModelsOwnDirectionWins() throws {
        try onMain {
            let harness = Self.cardHarness()
            defer { harness.tearDown() }
            final class Box: @unchecked Sendable { var direction = LayoutDirection.rightToLeft }
            let box = Box()
            let controller = try harness.open { builder in
                Self.addCards(builder, count: 3)
                builder.layoutDirection = box.direction
            }
            pump(until: { controller.liveBodyComponentCount == 3 }, "components to appear")
            pump(for: 0.1)
            XCTAssertEqual(controller.layoutDirection, .rightToLeft)
            let width = controller.canvas.viewportSize.width
            let first = try XCTUnwrap(controller.cellWidget(atBodyIndex: 0))
            XCTAssertEqual(Double(allocation(first).x) + Double(allocation(first).width), width - 10)
            // The same cards, now left to right: every widget moves.
            box.direction = .leftToRight
            controller.reload()
            pump(until: { controller.layoutDirection == .leftToRight }, "the new view model")
            pump(for: 0.1)
            XCTAssertEqual(allocation(try XCTUnwrap(controller.cellWidget(atBodyIndex: 0))).x, 10)
        }
    }

    func testLiveWidgetsStayBoundedWhileScrollingThroughAHundredThousandRows() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 100_000) }
            // A view this large is built off the main thread and laid out in chunks.
            pump(until: { controller.liveBodyComponentCount > 0 }, timeout: 60, "rows to appear")
            pump(until: { controller.layout?.count == 100_000 }, timeout: 60, "the whole layout")
            let viewport = controller.canvas.viewportSize.height
            let bound = Int(((viewport + 2 * controller.overscan) / 50).rounded(.up)) + 2
            var maximum = 0
            var offset = 0.0
            let end = controller.layout!.contentSize.height
            XCTAssertEqual(end, 5_000_000)
            while offset < end {
                controller.scroll(to: Point(x: 0, y: offset))
                maximum = max(maximum, controller.liveBodyComponentCount)
                offset += 97_003  // jumps
            }
            for step in 0..<200 {  // and a smooth stretch
                controller.scroll(to: Point(x: 0, y: 2_000_000 + Double(step) * 37))
                maximum = max(maximum, controller.liveBodyComponentCount)
            }
            controller.scroll(to: Point(x: 0, y: end))
            pump(for: 0.05)
            XCTAssertLessThanOrEqual(maximum, bound)
            XCTAssertLessThanOrEqual(controller.createdComponentCount, bound + 2, "components are recycled")
            XCTAssertTrue(controller.liveBodyIndexes.contains(99_999), "the last row is reachable")
        }
    }

    /// Opens a view of `count` rows of 50 points, built off the main thread, and runs `body` with
    /// its controller (after its first rows are on screen, when `waitForRows`).
    @MainActor
    private func withLargeView(_ count: Int, waitForRows: Bool = true, _ body: (ViewController) throws -> Void) throws {
        let harness = ViewControllerHarness()
        defer { harness.tearDown() }
        harness.register("row") { RecordingComponent() }
        let url = URL(string: "test:large")!
        let operation = BackgroundContentOperation { context in addRows(context.viewModelBuilder, count: count) }
        try harness.hub.featureRegistry.registerFeature(
            identifier: "large", viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Large",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
        let controller = try harness.present(url)
        if waitForRows { pump(until: { controller.liveBodyComponentCount > 0 }, timeout: 60, "rows to appear") }
        try body(controller)
    }

    /// A large body is laid out for a few milliseconds per main-loop turn, however long its rows
    /// take to lay out: 25,000 rows a turn stalled the AddressSanitizer build for 300 ms in CI.
    func testLayingOutALargeBodyNeverStallsTheMainLoop() throws {
        try onMain { try withLargeView(300_000, waitForRows: false) { controller in
            let count = 300_000
            let longest = pumpMeasuringStalls(until: { controller.layout?.count == count }, timeout: 120,
                                              "the whole layout")
            print("a large body: longest main-loop turn \(Int(longest * 1000)) ms")
            XCTAssertLessThan(longest, Self.mainLoopStallBound, "the main loop stalled for \(Int(longest * 1000)) ms")
            XCTAssertGreaterThan(controller.liveBodyComponentCount, 0)
        } }
    }

    /// A scroll asked for while a large body is still being laid out goes where it was asked to
    /// once the layout gets there, instead of stopping at the end of what was laid out then.
    func testAScrollBeyondWhatIsLaidOutYetArrivesWhenTheLayoutDoes() throws {
        try onMain { try withLargeView(300_000) { controller in
            XCTAssertLessThan(controller.layout?.count ?? 0, 250_000, "the layout is still going on")
            controller.scroll(to: Point(x: 0, y: 250_000 * 50))
            pump(until: { controller.layout?.count == 300_000 }, timeout: 60, "the whole layout")
            pump(for: 0.05)
            XCTAssertEqual(controller.indexOfBodyComponent(at: Point(x: 10, y: 10)), 250_000)
            XCTAssertNotNil(controller.cellWidget(atBodyIndex: 250_000))
        } }
    }

    /// Issue 38, goal 6: End pressed while a large body is still being laid out lands on the last
    /// row, and the view keeps to the end as the layout reaches further.
    func testEndPressedWhileTheLayoutGoesOnLandsOnTheLastRow() throws {
        try onMain { try withLargeView(300_000) { controller in
            XCTAssertLessThan(controller.layout?.count ?? 0, 250_000, "the layout is still going on")
            let bin = gtk_layout_get_bin_window(hub_layout(controller.canvas.layout))
            let event = hub_event_new_key(bin, UInt32(GDK_KEY_End), 0)!
            gtk_widget_event(controller.canvas.layout, event)
            gdk_event_free(event)
            pump(until: { controller.layout?.count == 300_000 }, timeout: 60, "the whole layout")
            pump(for: 0.2)
            XCTAssertEqual(controller.canvas.contentOffset, controller.canvas.maximumOffset)
            XCTAssertNotNil(controller.cellWidget(atBodyIndex: 299_999), "the last row is on screen")
        } }
    }

    func testScrollingToAComponentNotLaidOutYetShowsItWhenItIs() throws {
        try onMain { try withLargeView(300_000) { controller in
            XCTAssertLessThan(controller.layout?.count ?? 0, 280_000, "the layout is still going on")
            var completed: [[Int]] = []
            controller.scrollToComponent(ofType: .body, indexPath: [280_000], scrollPosition: .top, animated: false) {
                completed.append($0)
            }
            XCTAssertEqual(completed, [[280_000]])
            pump(until: { controller.cellWidget(atBodyIndex: 280_000) != nil }, timeout: 60, "row 280,000 on screen")
            XCTAssertEqual(controller.indexOfBodyComponent(at: Point(x: 10, y: 10)), 280_000)
            XCTAssertEqual(controller.canvas.contentOffset, 280_000 * 50)
        } }
    }

    /// The user scrolling drops a scroll still waiting for the layout: the view stays where they took it.
    func testTheUserScrollingCancelsAScrollWaitingForTheLayout() throws {
        try onMain { try withLargeView(300_000) { controller in
            controller.scroll(to: Point(x: 0, y: 250_000 * 50))
            // The scroll bar dragged back to the top, as a user would.
            gtk_adjustment_set_value(controller.canvas.adjustment, 0)
            pump(until: { controller.layout?.count == 300_000 }, timeout: 60, "the whole layout")
            pump(for: 0.05)
            XCTAssertEqual(controller.canvas.contentOffset, 0)
        } }
    }

    func testReusePreparesThenConfiguresWithTheNewModel() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 1000) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let components = harness.components("row", as: RecordingComponent.self)
            components.forEach { $0.clearEvents() }
            controller.scroll(to: Point(x: 0, y: 20_000))
            for component in harness.components("row", as: RecordingComponent.self) {
                let events = component.events
                for (index, event) in events.enumerated() where event == .prepareForReuse {
                    guard index + 1 < events.count, case .configure(let id) = events[index + 1] else {
                        return XCTFail("prepareForReuse must be followed by configure: \(events)")
                    }
                    XCTAssertEqual(component.model?.identifier, events.last(where: {
                        if case .configure = $0 { return true } else { return false }
                    }).flatMap { if case .configure(let last) = $0 { return last } else { return nil } })
                    _ = id
                }
            }
            // Every live component shows the model at its index.
            for index in controller.liveBodyIndexes {
                let component = try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? RecordingComponent)
                XCTAssertEqual(component.model?.identifier, "row-\(index)")
            }
        }
    }

    func testUIStateRoundTripsAcrossReuse() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 2000) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let first = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RecordingComponent)
            first.uiState = "expanded"
            controller.scroll(to: Point(x: 0, y: 50_000))  // row 0 is recycled
            XCTAssertFalse(controller.liveBodyIndexes.contains(0))
            controller.scroll(to: Point(x: 0, y: 0))
            let again = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RecordingComponent)
            XCTAssertEqual(again.uiState, "expanded")
            let lastConfigure = try XCTUnwrap(again.events.lastIndex(of: .configure("row-0")))
            XCTAssertEqual(again.events[lastConfigure + 1], .restore("expanded"), "restored right after configure")
            // Another model shown by the same component did not get that state.
            controller.scroll(to: Point(x: 0, y: 50_000))
            for index in controller.liveBodyIndexes {
                let component = controller.liveComponent(atBodyIndex: index) as? RecordingComponent
                XCTAssertNil(component?.uiState, "row \(index) must not inherit row 0's state")
            }
        }
    }

    func testContentTallerThanX11LimitScrollsToItsEnd() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 10_000) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            controller.scroll(to: Point(x: 0, y: 400_000))
            // The rows past the first 2,000 are laid out a few milliseconds per main-loop turn (far
            // more turns under a sanitizer): the scroll arrives when the layout reaches row 8,000.
            pump(until: { controller.indexOfBodyComponent(at: Point(x: 10, y: 10)) == 8000 }, timeout: 20, "row 8,000")
            pump(for: 0.1)
            // A late change of the window's width lays the body out again; row 8,000 comes back to
            // the top once the new layout reaches it.
            pump(until: { controller.indexOfBodyComponent(at: Point(x: 10, y: 10)) == 8000 }, timeout: 20,
                 "row 8,000 after the view settles")
            let index = try XCTUnwrap(controller.indexOfBodyComponent(at: Point(x: 10, y: 10)))
            XCTAssertEqual(index, 8000)
            let cell = try XCTUnwrap(controller.cellWidget(atBodyIndex: 8000))
            XCTAssertEqual(allocation(cell).y, 0)
            XCTAssertLessThan(allocation(controller.canvas.layout).height, 32_767)
        }
    }

    func testAWidthChangeKeepsTheRowBeingReadAtTheTop() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 10_000) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            controller.scroll(to: Point(x: 0, y: 400_000))
            pump(until: { controller.indexOfBodyComponent(at: Point(x: 10, y: 10)) == 8000 }, timeout: 20, "row 8,000")
            // A new width lays the body out again, a screenful first: the row being read comes back
            // to the top when the new layout reaches it, instead of the view resting where the first
            // screenful ends.
            let width = controller.layout?.containerSize.width
            gtk_window_resize(hub_window(harness.window!), 600, 300)
            pump(until: { controller.layout.map { $0.containerSize.width != width } ?? false }, timeout: 20, "the new width")
            pump(until: { controller.indexOfBodyComponent(at: Point(x: 10, y: 10)) == 8000 }, timeout: 20,
                 "row 8,000 at the top again")
        }
    }

    func testHeaderStaysPutWhileTheBodyScrollsAndBodyStartsBelowIt() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            harness.register("header") { RecordingComponent(traits: [.fullWidth], height: 120) }
            let controller = try harness.open { builder in
                builder.headerComponentModelBuilder.componentNamespace = "test"
                builder.headerComponentModelBuilder.componentName = "header"
                builder.headerComponentModelBuilder.title = "Header"
                addRows(builder, count: 100)
            }
            pump(until: { controller.headerCellWidget.map { self.allocation($0).height > 1 } ?? false }, "header")
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 0).minY, 120, "body starts below the header")
            let header = try XCTUnwrap(controller.headerCellWidget)
            let before = allocation(header)
            controller.scroll(to: Point(x: 0, y: 700))
            pump(for: 0.1)
            let after = allocation(header)
            XCTAssertEqual(before.y, after.y)
            XCTAssertEqual(after.height, 120)
            let headerComponent = try XCTUnwrap(controller.headerComponent as? RecordingComponent)
            XCTAssertTrue(headerComponent.events.contains(.offset(700)), "the header observes the content offset")
        }
    }

    func testOverlaysAreCenteredAndStacked() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("overlay") { RecordingComponent(traits: [.centered], height: 40) }
            let controller = try harness.open(width: 400, height: 300) { builder in
                for id in ["first", "second"] {
                    let overlay = builder.overlayComponentModelBuilder(withIdentifier: id)
                    overlay.componentNamespace = "test"
                    overlay.componentName = "overlay"
                    overlay.customData = ["width": 100]
                }
            }
            pump(until: { controller.overlayCellWidgets.count == 2 && self.allocation(controller.overlayCellWidgets[0]).width == 100 },
                 "overlays")
            let viewport = controller.canvas.viewportSize
            for cell in controller.overlayCellWidgets {
                // Overlay children get windows of their own: measure relative to the overlay.
                var x: Int32 = 0
                var y: Int32 = 0
                XCTAssertNotEqual(gtk_widget_translate_coordinates(cell, controller.canvas.overlay, 0, 0, &x, &y), 0)
                let rect = allocation(cell)
                XCTAssertEqual(Double(x) + Double(rect.width) / 2, viewport.width / 2, accuracy: 1)
                XCTAssertEqual(Double(y) + Double(rect.height) / 2, viewport.height / 2, accuracy: 1)
            }
            // Stacked in model order: the later overlay is above the earlier one.
            let children = Gtk.children(of: controller.canvas.overlay)
            let first = try XCTUnwrap(children.firstIndex(of: controller.overlayCellWidgets[0]))
            let second = try XCTUnwrap(children.firstIndex(of: controller.overlayCellWidgets[1]))
            XCTAssertLessThan(first, second)
        }
    }

    /// Issue 27, goal 2: an overlay the delegate places reads left to right like the layout's
    /// frames, and is mirrored with them, whether the direction is the view's own or GTK's.
    func testAnOverlayPlacedByTheDelegateIsMirroredRightToLeft() throws {
        try onMain {
            let saved = Widget.defaultTextDirection
            defer { Widget.defaultTextDirection = saved }
            for gtkDirection in [LayoutDirection.leftToRight, .rightToLeft] {
                Widget.defaultTextDirection = gtkDirection
                let harness = ViewControllerHarness()
                defer { harness.tearDown() }
                harness.register("overlay") { RecordingComponent(traits: [.centered], height: 40) }
                harness.delegate.overlayCenter = Point(x: 100, y: 80)
                let controller = try harness.open(width: 400, height: 300) { builder in
                    let overlay = builder.overlayComponentModelBuilder(withIdentifier: "overlay")
                    overlay.componentNamespace = "test"
                    overlay.componentName = "overlay"
                    overlay.customData = ["width": 100]
                }
                @MainActor func origin() -> (x: Double, y: Double)? {
                    guard let cell = controller.overlayCellWidgets.first else { return nil }
                    var x: Int32 = 0
                    var y: Int32 = 0
                    let overlay = controller.canvas.overlay
                    guard gtk_widget_translate_coordinates(cell, overlay, 0, 0, &x, &y) != 0 else { return nil }
                    return (Double(x), Double(y))
                }
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    controller.layoutDirection = direction
                    // The width the view lays out in, once it has one; the overlay's middle is 100
                    // points from the left edge, or from the right one right to left.
                    @MainActor func expected() -> Double {
                        direction == .leftToRight ? 50 : controller.containerSize.width - 150
                    }
                    pump(until: { origin()?.x == expected() && origin()?.y == 60 }, timeout: 2,
                         "\(gtkDirection), \(direction): the overlay")
                    XCTAssertEqual(origin()?.x, expected(), "\(gtkDirection), \(direction)")
                    XCTAssertEqual(origin()?.y, 60, "\(gtkDirection), \(direction): 80 − 40 / 2")
                }
            }
        }
    }

    func testUnknownComponentsRenderTheirCategorysFallback() throws {
        try onMain {
            var categories: [ComponentCategory] = []
            let hub = Hub(componentMargin: 0) { category in
                categories.append(category)
                return RecordingComponent()
            }
            let harness = ViewControllerHarness()
            _ = harness
            let uri = URL(string: "test:unknown")!
            try hub.featureRegistry.registerFeature(
                identifier: "unknown", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Unknown",
                contentOperationFactories: [BlockContentOperationFactory { _ in
                    [BlockContentOperation { context in
                        let a = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "a")
                        a.componentNamespace = "nobody"
                        a.componentName = "nothing"
                        a.componentCategory = .card
                        let b = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "b")
                        b.componentName = "typo"
                    }]
                }])
            let controller = try XCTUnwrap(try hub.viewControllerFactory.createViewController(forViewURI: uri))
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            gtk_window_set_default_size(hub_window(window), 300, 300)
            gtk_container_add(hub_container(window), controller.view.gtkWidget)
            gtk_widget_show_all(window)
            controller.viewWillAppear()
            pump(until: { controller.liveBodyComponentCount == 2 }, "both components")
            XCTAssertTrue(categories.contains(.card))
            XCTAssertTrue(categories.contains(.row))
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 0) is RecordingComponent)
            XCTAssertGreaterThan(controller.frame(ofBodyComponentAt: 1).height, 0, "no blank hole")
            controller.tearDown()
            gtk_widget_destroy(window)
        }
    }

    func testChildrenAreCreatedThroughTheChildDelegateAndReported() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("parent") { ParentComponent() }
            harness.register("child") { RecordingComponent(traits: [.compactWidth], height: 40) }
            let controller = try harness.open { builder in
                let parent = builder.bodyComponentModelBuilder(withIdentifier: "parent")
                parent.componentNamespace = "test"
                parent.componentName = "parent"
                for index in 0..<3 {
                    let child = parent.childBuilder(withIdentifier: "child-\(index)")
                    child.componentNamespace = "test"
                    child.componentName = "child"
                    child.customData = ["width": 60]
                }
            }
            pump(until: { controller.liveBodyComponentCount == 1 }, "parent")
            let parent = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? ParentComponent)
            XCTAssertEqual(parent.children.count, 3)
            let children = parent.children.compactMap { $0 as? RecordingComponent }
            XCTAssertEqual(children.map { $0.model?.identifier }, ["child-0", "child-1", "child-2"])
            XCTAssertEqual(harness.delegate.appeared.prefix(4), ["parent", "child-0", "child-1", "child-2"])
            XCTAssertNotNil(controller.visibleView(forComponentOfType: .body, indexPath: [0, 1]))
            XCTAssertEqual(controller.visibleComponentViews(forComponentType: .body).count, 4)
            pump(for: 0.1)
            var size = GtkRequisition()
            gtk_widget_get_preferred_size(children[0].view!.gtkWidget, &size, nil)
            XCTAssertEqual(size.width, 60, "children are sized to their preferred size")
        }
    }

    func testChildComponentsGoBackToThePoolWithTheirParent() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("parent") { ParentComponent() }
            harness.register("child") { RecordingComponent(traits: [.compactWidth], height: 40) }
            let controller = try harness.open { builder in
                for row in 0..<2_000 {
                    let parent = builder.bodyComponentModelBuilder(withIdentifier: "parent-\(row)")
                    parent.componentNamespace = "test"
                    parent.componentName = "parent"
                    for index in 0..<3 {
                        let child = parent.childBuilder(withIdentifier: "child-\(index)")
                        child.componentNamespace = "test"
                        child.componentName = "child"
                        child.title = "\(row).\(index)"
                        child.customData = ["width": 60]
                    }
                }
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "parents")
            var mostParents = 0
            var offset = 0.0
            let end = controller.layout!.contentSize.height
            while offset < end {
                controller.scroll(to: Point(x: 0, y: offset))
                mostParents = max(mostParents, controller.liveBodyComponentCount)
                offset += 7_919
            }
            let parents = harness.components("parent", as: ParentComponent.self).count
            let children = harness.components("child", as: RecordingComponent.self).count
            // One measuring component of each kind, plus what was live at once.
            XCTAssertLessThanOrEqual(parents, mostParents + 1)
            XCTAssertLessThanOrEqual(children, 3 * mostParents + 1, "children are recycled with their parents")
            // The children shown are those of the parents shown.
            for index in controller.liveBodyIndexes {
                let parent = try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? ParentComponent)
                let titles = parent.children.compactMap { ($0 as? RecordingComponent)?.model?.title }
                XCTAssertEqual(titles, (0..<3).map { "\(index).\($0)" })
            }
        }
    }

    func testViewAndContentOffsetObserversAreCalled() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 200) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            pump(for: 0.1)
            let first = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RecordingComponent)
            XCTAssertEqual(first.events.filter { $0 == .willAppear }.count, 1)
            XCTAssertTrue(first.events.contains(.resize), "view observers hear about their size")
            XCTAssertTrue(first.events.contains(.offset(0)), "offset observers are told on first appearance")
            controller.scroll(to: Point(x: 0, y: 30))
            XCTAssertEqual(first.events.last, .offset(30))
            XCTAssertTrue(harness.delegate.appeared.contains("row-0"))
            controller.scroll(to: Point(x: 0, y: 5000))
            XCTAssertTrue(harness.delegate.disappeared.contains("row-0"))
        }
    }

    func testUpdatesKeepUnchangedWidgetsAndReconfigureChangedOnes() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let generation = Counter()
            let controller = try harness.open { builder in
                addRows(builder, count: 20)
                if generation.value > 0 {
                    builder.bodyComponentModelBuilder(withIdentifier: "row-1").title = "Changed"
                    let inserted = builder.bodyComponentModelBuilder(withIdentifier: "new")
                    inserted.componentNamespace = "test"
                    inserted.componentName = "row"
                    inserted.preferredIndex = 3
                }
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let row0 = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RecordingComponent)
            let row1 = try XCTUnwrap(controller.liveComponent(atBodyIndex: 1) as? RecordingComponent)
            row0.clearEvents()
            row1.clearEvents()
            generation.value = 1
            controller.reload()
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 0) === row0, "unchanged rows keep their widget")
            XCTAssertEqual(row0.events, [], "and are not touched")
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 1) === row1)
            XCTAssertEqual(row1.events.first, .prepareForReuse)
            XCTAssertEqual(row1.model?.title, "Changed")
            XCTAssertEqual((controller.liveComponent(atBodyIndex: 3) as? RecordingComponent)?.model?.identifier, "new")
            XCTAssertEqual((controller.liveComponent(atBodyIndex: 4) as? RecordingComponent)?.model?.identifier, "row-3")
        }
    }

    func testContentOffsetIsPreservedWhenComponentsAreInsertedAbove() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let extra = Counter()
            let controller = try harness.open { builder in
                for index in 0..<extra.value {
                    let row = builder.bodyComponentModelBuilder(withIdentifier: "extra-\(index)")
                    row.componentNamespace = "test"
                    row.componentName = "row"
                }
                addRows(builder, count: 100)
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            controller.scroll(to: Point(x: 0, y: 1000))  // row-20 at the top
            XCTAssertEqual(controller.indexOfBodyComponent(at: Point(x: 1, y: 1)), 20)
            // Issue 24, goal 4: a render brings the visible cells up to date once, whether it keeps
            // the offset or moves it (the move used to update them, then the render again).
            var updates = controller.visibleCellUpdateCount
            controller.reload()  // the same rows: the offset stays
            XCTAssertEqual(controller.contentOffset.y, 1000)
            XCTAssertEqual(controller.visibleCellUpdateCount, updates + 1, "a render that keeps the offset")
            updates = controller.visibleCellUpdateCount
            extra.value = 4
            controller.reload()
            XCTAssertEqual(controller.contentOffset.y, 1200)
            XCTAssertEqual(controller.visibleCellUpdateCount, updates + 1, "a render that moves the offset")
            let index = try XCTUnwrap(controller.indexOfBodyComponent(at: Point(x: 1, y: 1)))
            XCTAssertEqual((controller.liveComponent(atBodyIndex: index) as? RecordingComponent)?.model?.identifier,
                           "row-20", "the same row stays at the top")
        }
    }

    func testLoadingAndErrorStatesAreVisible() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            let uri = URL(string: "test:failing")!
            final class Failing: ContentOperation {
                weak var delegate: (any ContentOperationDelegate)?
                var pendingDelegate: (any ContentOperationDelegate)?
                func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                             viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
                { pendingDelegate = delegate }
            }
            struct Boom: Error, CustomStringConvertible { var description: String { "The backend said no" } }
            let operation = Failing()
            try hub.featureRegistry.registerFeature(
                identifier: "failing", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Failing",
                contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
            let controller = try XCTUnwrap(try hub.viewControllerFactory.createViewController(forViewURI: uri))
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            gtk_container_add(hub_container(window), controller.view.gtkWidget)
            gtk_widget_show_all(window)
            controller.viewWillAppear()
            XCTAssertEqual(controller.visibleStateDescription, "loading")
            operation.pendingDelegate?.contentOperation(operation, didFailWithError: Boom())
            XCTAssertEqual(controller.visibleStateDescription, "The backend said no")
            controller.tearDown()
            gtk_widget_destroy(window)
        }
    }

    func testWindowResizeLaysOutAgainWithTheNewWidth() throws {
        try onMain {
            let harness = ViewControllerHarness(margin: 10)
            defer { harness.tearDown() }
            harness.register("card") { RecordingComponent(traits: [.compactWidth], height: 60) }
            let controller = try harness.open(width: 400, height: 300) { builder in
                for index in 0..<12 {
                    let card = builder.bodyComponentModelBuilder(withIdentifier: "card-\(index)")
                    card.componentNamespace = "test"
                    card.componentName = "card"
                    card.customData = ["width": 100]
                }
            }
            pump(until: { controller.liveBodyComponentCount > 0 }, "cards")
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 3).minX, 10, "three per row at 400 px")
            gtk_window_resize(hub_window(harness.window!), 800, 300)
            pump(until: { controller.layout?.containerSize.width ?? 0 > 700 }, "the new width")
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 3).minX, 340, "more fit per row at 800 px")
            XCTAssertEqual(controller.frame(ofBodyComponentAt: 3).minY, 10)
        }
    }

    func testAViewWithoutContentSaysSo() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try harness.open { _ in }
            pump(for: 0.05)
            XCTAssertEqual(controller.visibleStateDescription, "empty")
        }
    }
}
