import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// The default input components in a live view: what the person types goes to the view's state and
/// back to what depends on it, the field keeping its text, cursor and focus through each render; a
/// button selects its component and runs its target's actions; the keyboard reaches each control
/// (Tab, focusBodyComponent) and Enter and Space are the control's; the cursor survives a field
/// scrolled away and back.
final class ViewControllerInputComponentsTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func open(_ document: String, in harness: ViewControllerHarness, height: Int32 = 300) throws -> ViewController {
        try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
        let controller = try harness.open(height: height) { builder in
            XCTAssertEqual(try? builder.addJSON(data: Data(document.utf8)), [], "the document reads without a problem")
        }
        pump(until: { controller.liveBodyComponentCount > 0 && !controller.isLoading }, "the first render")
        pump(for: 0.2)  // the view settles at its width
        let window = try XCTUnwrap(harness.window)
        giveKeyboardFocus(to: window)
        return controller
    }

    @MainActor
    private func model(_ identifier: String, in controller: ViewController) -> ComponentModel? {
        controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }
    }

    @MainActor
    private func component<C>(_ identifier: String, in controller: ViewController, as type: C.Type) throws -> C {
        let index = try XCTUnwrap(controller.viewModel?.bodyComponentModels.firstIndex { $0.identifier == identifier })
        return try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? C, "\(identifier) is shown")
    }

    @MainActor
    private func focusWidget(_ harness: ViewControllerHarness) -> WidgetPointer? {
        harness.window.flatMap { gtk_window_get_focus(hub_window($0)) }
    }

    func testTypingIntoAnEntryChangesTheLabelThatReadsItsVariable() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": ""},
                 "body": [
                   {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"},
                    "input": {"variable": "name", "placeholder": "Your name"}},
                   {"id": "greeting", "component": {"id": "default:label"}, "text": {"title": "Hello, @{name}!"}}]}
                """#, in: harness)
            let window = try XCTUnwrap(harness.window)
            XCTAssertEqual(model("greeting", in: controller)?.title, "Hello, !")
            let field = try component("name", in: controller, as: EntryComponent.self)
            let entry = try XCTUnwrap(field.entry)
            XCTAssertEqual(entry.placeholder, "Your name")
            XCTAssertEqual(entry.accessibleName, "Name")
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            XCTAssertTrue(focusWidget(harness) == entry.gtkWidget, "focusing the component puts the cursor in its field")
            for key in [GDK_KEY_A, GDK_KEY_d, GDK_KEY_a] { pressInWindow(key: key, of: window) }
            pump(until: { self.model("greeting", in: controller)?.title == "Hello, Ada!" }, "the label follows the field")
            XCTAssertEqual(controller.state.value(of: "name"), .string("Ada"))
            XCTAssertEqual(entry.text, "Ada", "the field keeps what was typed through each render")
            XCTAssertEqual(entry.cursorPosition, 3)
            XCTAssertTrue(focusWidget(harness) == entry.gtkWidget, "and the focus")
            let label = try component("greeting", in: controller, as: LabelComponent.self)
            XCTAssertEqual((label.view as? Label)?.text, "Hello, Ada!", "the label on screen too")
            entry.cursorPosition = 1
            pressInWindow(key: GDK_KEY_n, of: window)
            pump(until: { self.model("greeting", in: controller)?.title == "Hello, Anda!" }, "typed in the middle")
            XCTAssertEqual(entry.cursorPosition, 2, "the cursor stays after the letter typed")
            XCTAssertTrue(controller.state.setValue(.string(""), for: "name"), "an action clears the field")
            pump(until: { entry.text.isEmpty }, "the field shows the state's change")
        }
    }

    func testEnterInAnEntryDoesNotSelectTheRowAndSpaceTurnsAFocusedSwitch() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": "", "on": false},
                 "body": [
                   {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"},
                    "input": {"variable": "name"}},
                   {"id": "on", "component": {"id": "default:switch"}, "text": {"title": "On"},
                    "input": {"variable": "on"}},
                   {"id": "after", "component": {"id": "default:label"}, "text": {"title": "@{on ? 'on' : 'off'}"}}]}
                """#, in: harness)
            let window = try XCTUnwrap(harness.window)
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            pressInWindow(key: GDK_KEY_Return, of: window)
            pump(for: 0.1)
            XCTAssertEqual(harness.delegate.selected, [], "Enter is the field's")
            pressInWindow(key: GDK_KEY_Tab, of: window)
            let toggle = try XCTUnwrap(try component("on", in: controller, as: SwitchComponent.self).toggle)
            XCTAssertTrue(focusWidget(harness) == toggle.gtkWidget, "Tab goes to the next component's control")
            XCTAssertEqual(controller.focusedBodyIndex, 1)
            pressInWindow(key: GDK_KEY_space, of: window)
            pump(until: { self.model("after", in: controller)?.title == "on" }, "Space turns the switch")
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(harness.delegate.selected, [], "and selects nothing")
            pressInWindow(key: GDK_KEY_ISO_Left_Tab, state: GDK_SHIFT_MASK.rawValue, of: window)
            XCTAssertEqual(controller.focusedBodyIndex, 0, "Shift+Tab goes back")
            XCTAssertTrue(focusWidget(harness) == (try component("name", in: controller, as: EntryComponent.self)).entry?.gtkWidget)
        }
    }

    func testTabGoesThroughEveryKindOfInputInOrder() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": "", "notes": "", "on": false, "agreed": false, "size": "A", "volume": 1, "guests": 1},
                 "body": [
                   {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"}, "input": {"variable": "name"}},
                   {"id": "notes", "component": {"id": "default:textArea"}, "text": {"title": "Notes"}, "input": {"variable": "notes"}},
                   {"id": "on", "component": {"id": "default:switch"}, "text": {"title": "On"}, "input": {"variable": "on"}},
                   {"id": "agreed", "component": {"id": "default:checkbox"}, "text": {"title": "Agreed"}, "input": {"variable": "agreed"}},
                   {"id": "size", "component": {"id": "default:dropdown"}, "text": {"title": "Size"},
                    "input": {"variable": "size", "options": ["A", "B"]}},
                   {"id": "volume", "component": {"id": "default:slider"}, "text": {"title": "Volume"}, "input": {"variable": "volume"}},
                   {"id": "guests", "component": {"id": "default:spinButton"}, "text": {"title": "Guests"}, "input": {"variable": "guests"}},
                   {"id": "send", "component": {"id": "default:button"}, "text": {"title": "Send"}}]}
                """#, in: harness, height: 900)
            let window = try XCTUnwrap(harness.window)
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            var visited: [Int?] = []
            for _ in 0..<8 {
                visited.append(controller.focusedBodyIndex)
                let focus = try XCTUnwrap(focusWidget(harness))
                let view = try XCTUnwrap(controller.liveComponent(atBodyIndex: controller.focusedBodyIndex ?? 0)?.view)
                XCTAssertTrue(gtk_widget_is_ancestor(focus, view.gtkWidget) != 0, "the focus is in a control, not on the cell")
                pressInWindow(key: GDK_KEY_Tab, of: window)
                pump(for: 0.05)
            }
            XCTAssertEqual(visited, Array(0..<8), "Tab goes from each input's control to the next")
        }
    }

    func testAButtonWaitsForItsFormAndPressingItRunsItsActions() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"email": "", "sent": false},
                 "body": [
                   {"id": "email", "component": {"id": "default:entry"}, "text": {"title": "Email"},
                    "input": {"variable": "email", "form": "signup",
                              "validators": [{"pattern": "[^@\\s]+@[^@\\s]+", "message": "Enter an email address"}]}},
                   {"id": "send", "component": {"id": "default:button"}, "text": {"title": "Sign up"},
                    "target": {"actions": [{"type": "submit", "form": "signup",
                                            "then": [{"type": "set", "variable": "sent", "value": true}]}]}}]}
                """#, in: harness)
            let send = try component("send", in: controller, as: ButtonComponent.self)
            let button = try XCTUnwrap(send.button)
            XCTAssertEqual(button.label, "Sign up")
            XCTAssertFalse(button.isEnabled, "insensitive while the form is invalid")
            let entry = try XCTUnwrap(try component("email", in: controller, as: EntryComponent.self).entry)
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "a@b")  // the person types it
            pump(until: { button.isEnabled }, "a valid form enables its button")
            XCTAssertEqual(harness.delegate.selected, [])
            button.click()
            pump(until: { controller.state.value(of: "sent") == .boolean(true) }, "the submit's then ran")
            XCTAssertEqual(harness.delegate.selected, ["send"], "pressing the button selects its component")
        }
    }

    func testLeavingAnEntryShowsItsMessage() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": "", "other": ""},
                 "body": [
                   {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"},
                    "input": {"variable": "name", "validators": [{"required": true, "message": "Enter your name"}]}},
                   {"id": "other", "component": {"id": "default:entry"}, "text": {"title": "Other"},
                    "input": {"variable": "other"}}]}
                """#, in: harness)
            let window = try XCTUnwrap(harness.window)
            let field = try component("name", in: controller, as: EntryComponent.self)
            let before = controller.frame(ofBodyComponentAt: 0).height
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            pressInWindow(key: GDK_KEY_Tab, of: window)
            pump(until: { self.model("name", in: controller)?.input?.message == "Enter your name" }, "the message once left")
            pump(until: { field.entry?.accessibleDescription == "Enter your name" }, "the field described by it")
            XCTAssertGreaterThan(controller.frame(ofBodyComponentAt: 0).height, before, "the field grew to show it")
            let other = try XCTUnwrap(try component("other", in: controller, as: EntryComponent.self).entry)
            XCTAssertTrue(focusWidget(harness) == other.gtkWidget, "the focus went on to the next field")
            XCTAssertEqual(controller.focusedBodyIndex, 1)
        }
    }

    func testTheCursorSurvivesTheFieldScrollingAwayAndBack() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let fields = (0..<30).map {
                #"{"id": "f\#($0)", "component": {"id": "default:entry"}, "text": {"title": "Field \#($0)"}, "input": {"variable": "v\#($0)"}}"#
            }
            let state = (0..<30).map { #""v\#($0)": "value \#($0)""# }
            let controller = try open(#"{"state": {\#(state.joined(separator: ", "))}, "body": [\#(fields.joined(separator: ", "))]}"#,
                                      in: harness)
            let first = try XCTUnwrap(try component("f0", in: controller, as: EntryComponent.self).entry)
            first.cursorPosition = 3
            let bottom = controller.frame(ofBodyComponentAt: 29).maxY
            controller.scroll(to: Point(x: 0, y: bottom))
            pump(until: { controller.liveComponent(atBodyIndex: 0) == nil }, "the first field recycled")
            pump(until: { controller.liveComponent(atBodyIndex: 29) != nil }, "the last field shown")
            XCTAssertNotEqual(first.text, "value 0", "its field shows another one now")
            controller.scroll(to: .zero)
            pump(until: { controller.liveComponent(atBodyIndex: 0) != nil }, "the first field back")
            let again = try XCTUnwrap(try component("f0", in: controller, as: EntryComponent.self).entry)
            XCTAssertEqual(again.text, "value 0")
            XCTAssertEqual(again.cursorPosition, 3, "the cursor where it was")
        }
    }

    /// Tells `window` it has the keyboard focus of the display, as the X server does when the user
    /// switches to it: GTK moves the focus out of a button, and sends focus-out events, only within
    /// the window that has it.
    @MainActor
    private func giveKeyboardFocus(to window: WidgetPointer) {
        let event = hub_event_new_focus(gtk_widget_get_window(window), 1)!
        defer { gdk_event_free(event) }
        gtk_widget_send_focus_change(window, event)
    }
}
