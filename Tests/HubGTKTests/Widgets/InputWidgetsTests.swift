import CGtk
import Foundation
@testable import GtkKit
import HubFramework
import HubGTKTestSupport
import XCTest

/// The input widgets of GtkKit (Entry, TextView, Switch, CheckButton, Dropdown, Slider, SpinButton):
/// a value set in code never calls the widget's change closure, a change made the way the user's
/// is (through the GTK call or signal that a key, a click or a drag ends in) calls it once with the
/// new value; lengths, ranges and steps hold; and each widget is named to assistive technologies,
/// in the Tab order, and mirrored right to left.
final class InputWidgetsTests: GtkTestCase, @unchecked Sendable {
    // MARK: Entry

    func testAnEntrysTextSetInCodeIsNotReportedButTheUsersChangeIs() {
        onMain {
            let entry = Entry()
            var reported: [String] = []
            entry.onChanged = { reported.append(entry.text) }
            entry.text = "abc"
            XCTAssertEqual(reported, [], "a text set in code is not reported")
            var position: Int32 = 3
            gtk_editable_insert_text(hub_editable(entry.gtkWidget), "d", -1, &position)  // as a key press does
            XCTAssertEqual(reported, ["abcd"], "the user's change is reported once, with the new text")
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "xyz")  // as an input method's commit
            XCTAssertEqual(reported, ["abcd", "xyz"])
        }
    }

    func testSettingAnEntrysOwnTextAgainKeepsTheCursor() {
        onMain {
            let entry = Entry()
            entry.text = "hello"
            entry.cursorPosition = 2
            entry.text = "hello"
            XCTAssertEqual(entry.cursorPosition, 2, "the text did not change, nor did the cursor")
            entry.text = "help"
            XCTAssertEqual(entry.text, "help")
        }
    }

    func testAnEntrysCursorPositionRoundTripsInCharacters() {
        onMain {
            let entry = Entry()
            entry.text = "añb€c"
            entry.cursorPosition = 3
            XCTAssertEqual(entry.cursorPosition, 3, "counted in characters, not bytes")
            XCTAssertEqual(gtk_editable_get_position(hub_editable(entry.gtkWidget)), 3)
            entry.cursorPosition = 99
            XCTAssertEqual(entry.cursorPosition, 5, "beyond the end: at the end")
            entry.cursorPosition = -4
            XCTAssertEqual(entry.cursorPosition, 0, "below 0: at the start")
        }
    }

    func testAnEntrysMaximumLengthCutsTypedPastedAndSetText() {
        onMain {
            let entry = Entry()
            var reported: [String] = []
            entry.onChanged = { reported.append(entry.text) }
            entry.maximumLength = 5
            XCTAssertEqual(entry.maximumLength, 5)
            entry.text = "ab"
            var position: Int32 = 2
            gtk_editable_insert_text(hub_editable(entry.gtkWidget), "cdéfgh", -1, &position)  // a paste
            XCTAssertEqual(entry.text, "abcdé", "only the characters that fit are inserted")
            XCTAssertEqual(reported, ["abcdé"])
            entry.text = "0123456789"
            XCTAssertEqual(entry.text, "01234", "a text set in code is cut too")
            entry.maximumLength = 3
            XCTAssertEqual(entry.text, "012", "a lower limit cuts the text")
            XCTAssertEqual(reported, ["abcdé"], "without reporting a change the user did not make")
            entry.maximumLength = nil
            XCTAssertNil(entry.maximumLength)
            XCTAssertEqual(gtk_entry_get_max_length(hub_entry(entry.gtkWidget)), 0, "GTK's 'no limit'")
            entry.maximumLength = 1_000_000
            XCTAssertEqual(entry.maximumLength, Entry.largestMaximumLength)
            entry.maximumLength = 0
            XCTAssertEqual(entry.maximumLength, 1, "a limit of no character is not GTK's 'no limit'")
        }
    }

    func testAPasswordEntryHidesItsTextAndSaysSoToAssistiveTechnologies() {
        onMain {
            let entry = Entry()
            entry.purpose = .password
            XCTAssertTrue(entry.isTextVisible)
            entry.isTextVisible = false
            XCTAssertFalse(entry.isTextVisible)
            XCTAssertEqual(gtk_entry_get_visibility(hub_entry(entry.gtkWidget)), 0)
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_PASSWORD)
            XCTAssertEqual(atk_object_get_role(gtk_widget_get_accessible(entry.gtkWidget)), ATK_ROLE_PASSWORD_TEXT)
            entry.purpose = .number
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_NUMBER)
            entry.purpose = .email
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_EMAIL)
        }
    }

    func testAnEntryReportsLeavingTheFocus() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let entry = Entry()
            let button = Button(label: "OK")
            for widget in [entry, button] as [Widget] { box.append(widget) }
            window.add(box)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            giveKeyboardFocus(to: window)
            var left: [String] = []
            entry.onFocusOut = { left.append("entry") }
            entry.grabFocus()
            XCTAssertTrue(entry.hasFocus)
            button.grabFocus()
            XCTAssertEqual(left, ["entry"])
        }
    }

    // MARK: Helpers

    /// Tells `window` it has the keyboard focus of the display, as the X server does when the user
    /// switches to it: GTK sends focus-out events only within the window that has it.
    @MainActor
    private func giveKeyboardFocus(to window: Window) {
        let event = hub_event_new_focus(gtk_widget_get_window(window.gtkWidget), 1)!
        defer { gdk_event_free(event) }
        gtk_widget_send_focus_change(window.gtkWidget, event)
    }
}
