import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

@MainActor
private final class CanvasRecorder: ScrollCanvasDelegate {
    var viewportChanges = 0
    var began = 0
    var ended = 0
    var endVelocities: [Double] = []
    var allowScrolling = true
    func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas) { viewportChanges += 1 }
    func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) { began += 1 }
    func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                      targetOffset target: inout Double) { endVelocities.append(velocity) }
    func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) { ended += 1 }
    func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool { allowScrolling }
}

final class ScrollCanvasTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow(_ canvas: ScrollCanvas, width: Int32 = 400, height: Int32 = 300)
        -> UnsafeMutablePointer<GtkWidget>
    {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(hub_window(window), width, height)
        gtk_container_add(hub_container(window), canvas.widget)
        gtk_widget_show_all(window)
        pump(until: { canvas.viewportSize.height > 0 && gtk_widget_get_mapped(canvas.layout) != 0 }, "viewport")
        return window
    }

    @MainActor
    private func allocation(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
        var rect = GtkAllocation()
        gtk_widget_get_allocation(widget, &rect)
        return rect
    }

    func testChildrenFarBeyondX11LimitArePlacedRelativeToTheOffset() {
        onMain {
            let canvas = ScrollCanvas()
            let window = makeWindow(canvas)
            canvas.setContentHeight(50_000_000)
            let child = gtk_label_new("deep")!
            gtk_widget_set_size_request(child, 100, 40)
            canvas.addChild(child, at: Point(x: 10, y: 25_000_100))
            gtk_widget_show(child)
            XCTAssertTrue(canvas.setContentOffset(25_000_000))
            pump(for: 0.1)
            let rect = allocation(of: child)
            XCTAssertEqual(rect.x, 10)
            XCTAssertEqual(rect.y, 100, "placed at content y minus the offset")
            // The canvas itself never grows beyond its viewport.
            XCTAssertLessThanOrEqual(allocation(of: canvas.layout).height, 300)
            XCTAssertEqual(gtk_adjustment_get_upper(canvas.adjustment), 50_000_000)
            XCTAssertEqual(gtk_adjustment_get_value(canvas.adjustment), 25_000_000)
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    func testOffsetIsClampedAndVetoable() {
        onMain {
            let canvas = ScrollCanvas()
            let recorder = CanvasRecorder()
            canvas.delegate = recorder
            let window = makeWindow(canvas)
            canvas.setContentHeight(1000)
            canvas.setContentOffset(5000)
            XCTAssertEqual(canvas.contentOffset, 1000 - canvas.viewportSize.height)
            canvas.setContentOffset(-50)
            XCTAssertEqual(canvas.contentOffset, 0)
            recorder.allowScrolling = false
            XCTAssertFalse(canvas.setContentOffset(100))
            XCTAssertEqual(canvas.contentOffset, 0)
            recorder.allowScrolling = true
            XCTAssertTrue(canvas.setContentOffset(100))
            XCTAssertEqual(canvas.contentOffset, 100)
            // Shrinking the content clamps the offset.
            canvas.setContentHeight(canvas.viewportSize.height + 20)
            XCTAssertEqual(canvas.contentOffset, 20)
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    func testScrollbarDragMovesTheContent() {
        onMain {
            let canvas = ScrollCanvas()
            let recorder = CanvasRecorder()
            canvas.delegate = recorder
            let window = makeWindow(canvas)
            canvas.setContentHeight(100_000)
            XCTAssertNotEqual(gtk_widget_get_visible(canvas.scrollbar), 0)
            gtk_adjustment_set_value(canvas.adjustment, 40_000)   // what dragging the slider does
            XCTAssertEqual(canvas.contentOffset, 40_000)
            XCTAssertEqual(recorder.began, 1)
            pump(until: { recorder.ended == 1 }, "scroll end")
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    func testWheelStepsScrollDownAndUp() {
        onMain {
            let canvas = ScrollCanvas()
            let window = makeWindow(canvas)
            canvas.setContentHeight(10_000)
            let bin = gtk_layout_get_bin_window(hub_layout(canvas.layout))
            for _ in 0..<3 {
                let event = hub_event_new_scroll(bin, GDK_SCROLL_DOWN, 0, 0, 0, 0)!
                gtk_widget_event(canvas.layout, event)
                gdk_event_free(event)
            }
            let unit = pow(canvas.viewportSize.height, 2.0 / 3.0)
            pump(until: { abs(canvas.contentOffset - 3 * unit) < 0.5 }, "three wheel steps")
            let event = hub_event_new_scroll(bin, GDK_SCROLL_UP, 0, 0, 0, 0)!
            gtk_widget_event(canvas.layout, event)
            gdk_event_free(event)
            pump(until: { abs(canvas.contentOffset - 2 * unit) < 0.5 }, "one step back up")
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    func testTouchpadScrollContinuesWithMomentum() {
        onMain {
            let canvas = ScrollCanvas()
            let recorder = CanvasRecorder()
            canvas.delegate = recorder
            let window = makeWindow(canvas)
            canvas.setContentHeight(100_000)
            let bin = gtk_layout_get_bin_window(hub_layout(canvas.layout))
            // Ten smooth events 10 ms apart, then the "fingers lifted" event.
            for i in 0..<10 {
                let event = hub_event_new_scroll(bin, GDK_SCROLL_SMOOTH, 0, 1, UInt32(1000 + i * 10), 0)!
                gtk_widget_event(canvas.layout, event)
                gdk_event_free(event)
            }
            let afterFingers = canvas.contentOffset
            XCTAssertGreaterThan(afterFingers, 0)
            let stop = hub_event_new_scroll(bin, GDK_SCROLL_SMOOTH, 0, 0, 1100, 1)!
            gtk_widget_event(canvas.layout, stop)
            gdk_event_free(stop)
            XCTAssertEqual(recorder.endVelocities.count, 1)
            XCTAssertGreaterThan(recorder.endVelocities[0], 1000, "fast flick")
            pump(until: { recorder.ended == 1 }, timeout: 10, "momentum to settle")
            XCTAssertGreaterThan(canvas.contentOffset, afterFingers + 100, "momentum carried the content on")
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    func testPageKeysHomeAndEnd() {
        onMain {
            let canvas = ScrollCanvas()
            let window = makeWindow(canvas)
            canvas.setContentHeight(10_000)
            let bin = gtk_layout_get_bin_window(hub_layout(canvas.layout))
            @MainActor func press(_ key: Int32) {
                let event = hub_event_new_key(bin, UInt32(key), 0)!
                gtk_widget_event(canvas.layout, event)
                gdk_event_free(event)
            }
            press(GDK_KEY_End)
            pump(until: { canvas.contentOffset == canvas.maximumOffset }, "End")
            press(GDK_KEY_Home)
            pump(until: { canvas.contentOffset == 0 }, "Home")
            press(GDK_KEY_Page_Down)
            let page = canvas.viewportSize.height * 0.9
            pump(until: { abs(canvas.contentOffset - page) < 0.5 }, "Page Down")
            press(GDK_KEY_Page_Up)
            pump(until: { canvas.contentOffset == 0 }, "Page Up")
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }

    /// Issue 38, goal 6: a held End repeats thirty times a second; each repeat to the same target
    /// lets the animation under way go on instead of starting it again from where the content
    /// stands, so holding End does not crawl.
    func testARepeatedKeyToTheSameTargetLetsTheAnimationGoOn() {
        var motion = ScrollMotion()
        motion.animate(from: 0, to: 10_000, at: 20)
        motion.animate(from: 4_000, to: 10_000, at: 20.05)  // the key repeats
        let step = motion.animatedOffset(at: 20.01 + ScrollMotion.stepAnimationDuration)
        XCTAssertEqual(step?.isFinished, true, "arrives when the first press's animation does")
        XCTAssertEqual(step?.offset, 10_000)
        // Another target starts again from where the content stands.
        motion.animate(from: 9_000, to: 0, at: 20.2)
        XCTAssertEqual(motion.animatedOffset(at: 20.2)?.offset, 9_000)
    }

    /// Issue 39, goal 4: with animations off (`gtk-enable-animations`, the desktop's Reduce
    /// Animation), End, Page Down and a wheel step land on their offset at once: no frame of the
    /// main loop runs between the key and the offset, and no tick is left running. Turned off during
    /// an animation, the animation lands at once too.
    func testWithoutAnimationsKeysAndTheWheelJumpAtOnce() {
        onMain {
            let canvas = ScrollCanvas()
            let recorder = CanvasRecorder()
            canvas.delegate = recorder
            let window = makeWindow(canvas)
            defer {
                Animations.resetToDesktop()
                gtk_widget_destroy(window)
                canvas.tearDown()
            }
            canvas.setContentHeight(10_000)
            let bin = gtk_layout_get_bin_window(hub_layout(canvas.layout))
            @MainActor func press(_ key: Int32) {
                let event = hub_event_new_key(bin, UInt32(key), 0)!
                gtk_widget_event(canvas.layout, event)
                gdk_event_free(event)
            }
            Animations.setEnabled(false)
            XCTAssertFalse(Animations.areEnabled)
            press(GDK_KEY_End)
            XCTAssertEqual(canvas.contentOffset, canvas.maximumOffset, "End lands at once")
            XCTAssertFalse(canvas.isScrolling, "and the scroll has ended")
            press(GDK_KEY_Home)
            XCTAssertEqual(canvas.contentOffset, 0, "Home lands at once")
            press(GDK_KEY_Page_Down)
            XCTAssertEqual(canvas.contentOffset, canvas.viewportSize.height * 0.9, accuracy: 0.5, "Page Down lands at once")
            let event = hub_event_new_scroll(bin, GDK_SCROLL_DOWN, 0, 0, 0, 0)!
            gtk_widget_event(canvas.layout, event)
            gdk_event_free(event)
            let unit = pow(canvas.viewportSize.height, 2.0 / 3.0)
            XCTAssertEqual(canvas.contentOffset, canvas.viewportSize.height * 0.9 + unit, accuracy: 0.5,
                           "a wheel step lands at once")
            canvas.setContentOffset(0, animated: true)
            XCTAssertEqual(canvas.contentOffset, 0, "an animated scroll lands at once")
            // Nothing moves on by itself in the frames that follow.
            pump(for: 0.3)
            XCTAssertEqual(canvas.contentOffset, 0)

            // Turned off while End animates: the animation lands at once.
            Animations.setEnabled(true)
            press(GDK_KEY_End)
            XCTAssertLessThan(canvas.contentOffset, canvas.maximumOffset, "with animations, End animates")
            Animations.setEnabled(false)
            XCTAssertEqual(canvas.contentOffset, canvas.maximumOffset, "turned off, the animation lands at once")
            pump(until: { !canvas.isScrolling }, "the scroll to end")
        }
    }

    /// Without animations a touchpad flick stops where the fingers lift: no momentum.
    func testWithoutAnimationsATouchpadFlickHasNoMomentum() {
        onMain {
            let canvas = ScrollCanvas()
            let recorder = CanvasRecorder()
            canvas.delegate = recorder
            let window = makeWindow(canvas)
            defer {
                Animations.resetToDesktop()
                gtk_widget_destroy(window)
                canvas.tearDown()
            }
            canvas.setContentHeight(100_000)
            Animations.setEnabled(false)
            let bin = gtk_layout_get_bin_window(hub_layout(canvas.layout))
            for i in 0..<10 {
                let event = hub_event_new_scroll(bin, GDK_SCROLL_SMOOTH, 0, 1, UInt32(1000 + i * 10), 0)!
                gtk_widget_event(canvas.layout, event)
                gdk_event_free(event)
            }
            let afterFingers = canvas.contentOffset
            let stop = hub_event_new_scroll(bin, GDK_SCROLL_SMOOTH, 0, 0, 1100, 1)!
            gtk_widget_event(canvas.layout, stop)
            gdk_event_free(stop)
            XCTAssertEqual(recorder.ended, 1, "the scroll ends as the fingers lift")
            pump(for: 0.3)
            XCTAssertEqual(canvas.contentOffset, afterFingers, "no momentum carried the content on")
        }
    }

    func testAChildThatLeavesTheLayoutIsForgotten() {
        onMain {
            let canvas = ScrollCanvas()
            let window = makeWindow(canvas)
            canvas.setContentHeight(1_000)
            let floated = Label("floated")
            canvas.addChild(floated, at: Point(x: 0, y: 10))
            XCTAssertEqual(canvas.origin(of: floated), Point(x: 0, y: 10))
            canvas.float(floated, horizontally: .start, vertically: .start)
            XCTAssertNil(canvas.origin(of: floated), "floating above the content, it is no child of the canvas")
            let removed = Label("removed")
            canvas.addChild(removed, at: Point(x: 0, y: 50))
            removed.removeFromParent()
            XCTAssertNil(canvas.origin(of: removed), "taken out of the layout, it is forgotten")
            canvas.moveChild(removed, to: Point(x: 0, y: 60))
            XCTAssertEqual(gtk_widget_get_parent(removed.gtkWidget), canvas.layout, "moving it puts it back")
            XCTAssertTrue(canvas.setContentOffset(100), "repositioning touches only the children it holds")
            pump(for: 0.05)
            gtk_widget_destroy(window)
            canvas.tearDown()
        }
    }
}
