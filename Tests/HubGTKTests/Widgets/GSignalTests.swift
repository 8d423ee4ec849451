import CGtk
import Foundation
@testable import GtkKit
import HubGTKTestSupport
import XCTest

/// GtkKit's one way from GLib into Swift, `GSignal.connect(_:_:after:invoking:)`, and what is built
/// on it (the typed connections, the main-loop sources): a signal's arguments reach the handler,
/// its answer reaches GLib, and the handler is released with its closure.
final class GSignalTests: GtkTestCase, @unchecked Sendable {
    /// An object a handler captures, to see when the handler is released.
    private final class Token {}

    func testAHandlerGetsTheSignalsArgumentAndIsReleasedWhenDisconnected() {
        onMain {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            g_object_ref_sink(box)
            defer { g_object_unref(box) }
            let label = gtk_label_new("x")!
            gtk_container_add(hub_container(box), label)
            var token: Token? = Token()
            weak let watched = token
            var removed: [UnsafeMutableRawPointer?] = []
            let connection = GSignal.connectPointer(UnsafeMutableRawPointer(box), "remove") { [token] child in
                withExtendedLifetime(token) { removed.append(child) }
            }
            token = nil
            XCTAssertNotNil(watched, "the connection keeps its handler")
            gtk_container_remove(hub_container(box), label)
            XCTAssertEqual(removed, [UnsafeMutableRawPointer(label)], "`remove` hands over the child it removed")
            connection.disconnect()
            XCTAssertNil(watched, "disconnecting releases the handler")
            connection.disconnect()  // again: nothing happens
        }
    }

    func testAHandlerIsReleasedWithItsInstance() {
        onMain {
            let adjustment = gtk_adjustment_new(0, 0, 10, 1, 1, 0)!
            g_object_ref_sink(adjustment)
            var token: Token? = Token()
            weak let watched = token
            var changes = 0
            GSignal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [token] in
                withExtendedLifetime(token) { changes += 1 }
            }
            token = nil
            gtk_adjustment_set_value(adjustment, 5)
            XCTAssertEqual(changes, 1)
            g_object_unref(adjustment)
            XCTAssertNil(watched, "the instance's end releases the handler")
        }
    }

    func testAnEventHandlersAnswerReachesGTK() {
        onMain {
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            defer { gtk_widget_destroy(window) }
            gtk_widget_show(window)
            pump(until: { gtk_widget_get_mapped(window) != 0 }, "the window on screen")
            let instance = UnsafeMutableRawPointer(window)
            var keys: [UInt32] = []
            var reachedLater = 0
            let first = GSignal.connectEvent(instance, "key-press-event") { event in
                keys.append(hub_event_key(event)!.pointee.keyval)
                return true
            }
            GSignal.connectEvent(instance, "key-press-event") { _ in
                reachedLater += 1
                return false
            }
            let event = hub_event_new_key(gtk_widget_get_window(window), UInt32(GDK_KEY_a), 0)!
            defer { gdk_event_free(event) }
            XCTAssertNotEqual(gtk_widget_event(window, event), 0, "true tells GTK the event was handled")
            XCTAssertEqual(keys, [UInt32(GDK_KEY_a)], "the handler gets the event")
            XCTAssertEqual(reachedLater, 0, "and true stops the handlers after it")
            first.disconnect()
            gtk_widget_event(window, event)
            XCTAssertEqual(reachedLater, 1)
        }
    }

    func testASourceRunsUntilItAnswersFalseThenReleasesItsHandler() {
        onMain {
            var token: Token? = Token()
            weak let watched = token
            var runs = 0
            GSource.timeout(milliseconds: 1) { [token] in
                withExtendedLifetime(token) { runs += 1 }
                return runs < 3
            }
            token = nil
            pump(until: { runs == 3 }, "three runs of the timeout")
            pump(for: 0.05)
            XCTAssertEqual(runs, 3, "false removes the source")
            XCTAssertNil(watched, "and releases its handler")
        }
    }

    func testACancelledSourceNeverRunsAndReleasesItsHandler() {
        onMain {
            var token: Token? = Token()
            weak let watched = token
            var runs = 0
            let id = GSource.idle { [token] in
                withExtendedLifetime(token) { runs += 1 }
                return true
            }
            token = nil
            XCTAssertNotNil(watched)
            GSource.cancel(id)
            XCTAssertNil(watched, "cancelling releases the handler at once")
            pump(for: 0.05)
            XCTAssertEqual(runs, 0)
        }
    }
}
