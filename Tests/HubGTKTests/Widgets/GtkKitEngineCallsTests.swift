import CGtk
import Foundation
@testable import GtkKit
import HubFramework
import HubGTKTestSupport
import XCTest

/// The typed calls GtkKit gives the engine in place of raw GTK: widget states, the activatable
/// cell, pointer events read from GDK, off-screen drawing.
final class GtkKitEngineCallsTests: GtkTestCase, @unchecked Sendable {
    func testStatesSetOnlyActiveAndSelectedAndLeaveGTKsOwnFlags() {
        onMain {
            let label = Label("x")
            let direction = gtk_widget_get_state_flags(label.gtkWidget).rawValue
                & (GTK_STATE_FLAG_DIR_LTR.rawValue | GTK_STATE_FLAG_DIR_RTL.rawValue)
            XCTAssertNotEqual(direction, 0, "GTK keeps the text direction among the state flags")
            label.states = .active
            XCTAssertEqual(label.states, .active)
            XCTAssertNotEqual(gtk_widget_get_state_flags(label.gtkWidget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue, 0)
            label.states = .selected
            XCTAssertEqual(label.states, .selected, "setting a state clears the other managed one")
            label.states = []
            XCTAssertEqual(label.states, [])
            XCTAssertEqual(gtk_widget_get_state_flags(label.gtkWidget).rawValue
                               & (GTK_STATE_FLAG_DIR_LTR.rawValue | GTK_STATE_FLAG_DIR_RTL.rawValue),
                           direction, "GTK's own flags stay")
        }
    }

    func testAnActivatableCellHoldsOneChildAndGivesItUpToAnotherCell() {
        onMain {
            let first = ActivatableCell()
            let second = ActivatableCell()
            let label = Label("row")
            first.child = label
            XCTAssertTrue(first.child === label)
            XCTAssertEqual(gtk_widget_get_parent(label.gtkWidget), first.gtkWidget)
            XCTAssertTrue(label.isVisible, "the cell shows its child")
            first.child = label  // again: nothing moves, GTK is not asked to add it twice
            XCTAssertEqual(Gtk.children(of: first.gtkWidget).count, 1)
            second.child = label
            XCTAssertEqual(gtk_widget_get_parent(label.gtkWidget), second.gtkWidget)
            XCTAssertNil(first.child, "a widget sits in one cell")
            XCTAssertTrue(Gtk.children(of: first.gtkWidget).isEmpty)
            second.child = nil
            XCTAssertNil(gtk_widget_get_parent(label.gtkWidget))
            XCTAssertTrue(first.canFocus && second.canFocus, "cells take the keyboard focus")
        }
    }

    func testAnActivatableCellReportsActivationAndCarriesItsIdentifier() {
        onMain {
            let cell = ActivatableCell()
            var activations = 0
            cell.onActivate { activations += 1 }
            XCTAssertNotEqual(gtk_widget_activate(cell.gtkWidget), 0, "the cell has an activate signal")
            XCTAssertEqual(activations, 1)
            cell.accessibleIdentifier = "row-7"
            XCTAssertEqual(cell.accessibleIdentifier, "row-7")
            let stored = g_object_get_data(UnsafeMutablePointer(OpaquePointer(cell.gtkWidget)), HUB_CELL_ID_KEY)
            XCTAssertEqual(stored.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }, "row-7",
                           "what the cell's accessible reports as its id")
        }
    }

    func testPointerEventsAreReadFromGDKEvents() {
        onMain {
            func event(_ type: GdkEventType, button: UInt32 = 0, x: Double, y: Double) -> PointerEvent? {
                let raw = gdk_event_new(type)!
                defer { gdk_event_free(raw) }
                if type == GDK_MOTION_NOTIFY {
                    hub_event_motion(raw)!.pointee.x_root = x
                    hub_event_motion(raw)!.pointee.y_root = y
                } else {
                    hub_event_button(raw)!.pointee.button = button
                    hub_event_button(raw)!.pointee.x_root = x
                    hub_event_button(raw)!.pointee.y_root = y
                }
                return PointerEvent(raw)
            }
            XCTAssertEqual(event(GDK_BUTTON_PRESS, button: 1, x: 10, y: 20),
                           PointerEvent(kind: .press, button: 1, rootLocation: Point(x: 10, y: 20)))
            XCTAssertEqual(event(GDK_2BUTTON_PRESS, button: 1, x: 1, y: 2)?.kind, .doublePress)
            XCTAssertEqual(event(GDK_3BUTTON_PRESS, button: 1, x: 1, y: 2)?.kind, .triplePress)
            XCTAssertEqual(event(GDK_BUTTON_RELEASE, button: 3, x: 5, y: 6),
                           PointerEvent(kind: .release, button: 3, rootLocation: Point(x: 5, y: 6)))
            XCTAssertEqual(event(GDK_MOTION_NOTIFY, x: 7.5, y: 8.5),
                           PointerEvent(kind: .motion, button: 0, rootLocation: Point(x: 7.5, y: 8.5)))
            XCTAssertNil(event(GDK_FOCUS_CHANGE, x: 0, y: 0), "not a pointer event")
            XCTAssertEqual(event(GDK_BUTTON_PRESS, button: 1, x: 0, y: 0)?.isFromTouchscreen, false,
                           "an event without a source device is not a touch")
        }
    }

    func testAnImageCanvasDrawsGradientsAndCircles() {
        onMain {
            let image = ImageCanvas.draw(size: Size(width: 40, height: 20)) { canvas in
                canvas.fillLinearGradient(from: .zero, to: Point(x: 40, y: 0), start: Color(red: 1, green: 0, blue: 0),
                                          end: Color(red: 0, green: 0, blue: 1))
                canvas.fillCircle(center: Point(x: 20, y: 10), radius: 3, color: Color(red: 0, green: 1, blue: 0))
            }
            XCTAssertEqual(image.pixelSize, Size(width: 40, height: 20))
            let empty = ImageCanvas.draw(size: .zero) { _ in }
            XCTAssertEqual(empty.pixelSize, Size(width: 1, height: 1), "at least one pixel")
        }
    }

    func testRenderingOffscreenDrawsAWidgetAtTheSizeAsked() throws {
        try onMain {
            let label = Label("Off screen")
            let image = try XCTUnwrap(label.renderOffscreen(size: Size(width: 120, height: 30)))
            XCTAssertEqual(image.pixelSize, Size(width: 120, height: 30))
            XCTAssertNil(Label("empty").renderOffscreen(size: Size(width: 0, height: 30)), "nothing to draw")
        }
    }
}
