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

    func testAnEntryAndATextViewReportLeavingTheFocus() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let entry = Entry()
            let textView = TextView()
            let button = Button(label: "OK")
            for widget in [entry, textView, button] as [Widget] { box.append(widget) }
            window.add(box)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            giveKeyboardFocus(to: window)
            var left: [String] = []
            entry.onFocusOut = { left.append("entry") }
            textView.onFocusOut = { left.append("text view") }
            entry.grabFocus()
            XCTAssertTrue(entry.hasFocus)
            textView.grabFocus()
            XCTAssertEqual(left, ["entry"])
            button.grabFocus()
            XCTAssertEqual(left, ["entry", "text view"])
        }
    }

    // MARK: TextView

    func testATextViewsTextSetInCodeIsNotReportedButTheUsersChangeIs() {
        onMain {
            let textView = TextView()
            var reported: [String] = []
            textView.onChanged = { reported.append(textView.text) }
            textView.text = "first line\nsecond"
            XCTAssertEqual(textView.text, "first line\nsecond")
            XCTAssertEqual(reported, [], "a text set in code is not reported")
            let buffer = gtk_text_view_get_buffer(hub_text_view(textView.gtkWidget))
            gtk_text_buffer_insert_interactive_at_cursor(buffer, "!", -1, 1)  // as a key press does
            XCTAssertEqual(reported, ["first line\nsecond!"], "the user's change is reported once")
            textView.cursorPosition = 5
            textView.text = "first line\nsecond!"
            XCTAssertEqual(textView.cursorPosition, 5, "setting the text it has keeps the cursor")
            XCTAssertEqual(reported.count, 1)
        }
    }

    func testATextViewsMaximumLengthCutsTypedPastedAndSetText() {
        onMain {
            let textView = TextView()
            var reported: [String] = []
            textView.onChanged = { reported.append(textView.text) }
            textView.maximumLength = 6
            textView.text = "ab"
            let buffer = gtk_text_view_get_buffer(hub_text_view(textView.gtkWidget))
            gtk_text_buffer_insert_interactive_at_cursor(buffer, "c€\néfgh", -1, 1)  // a paste
            XCTAssertEqual(textView.text, "abc€\né", "only the characters that fit are inserted")
            XCTAssertEqual(reported, ["abc€\né"], "and reported once")
            XCTAssertEqual(textView.cursorPosition, 6, "the cursor after them, as after any insertion")
            gtk_text_buffer_insert_interactive_at_cursor(buffer, "x", -1, 1)
            XCTAssertEqual(textView.text, "abc€\né", "a full field takes nothing")
            XCTAssertEqual(reported.count, 1, "and nothing changed")
            var start = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_insert(buffer, &start, "0", -1)
            XCTAssertEqual(textView.text, "abc€\né", "not at the start either")
            textView.text = "0123456789"
            XCTAssertEqual(textView.text, "012345", "a text set in code is cut")
            textView.maximumLength = nil
            gtk_text_buffer_insert_interactive_at_cursor(buffer, "6789", -1, 1)
            XCTAssertEqual(textView.text.count, 10, "no limit")
            textView.maximumLength = -3
            XCTAssertEqual(textView.maximumLength, 1)
        }
    }

    func testATextViewKeepsItsTextWhenItsWindowIsDestroyedAndReleasesItWithTheWidget() throws {
        try onMain {
            let window = Window()
            var textView: TextView? = TextView()
            textView!.text = "kept"
            textView!.onChanged = {}
            window.add(textView!)
            let buffer = gtk_text_view_get_buffer(hub_text_view(textView!.gtkWidget))!
            let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
            defer { slot.deallocate() }
            slot.initialize(to: UnsafeMutableRawPointer(buffer))
            g_object_add_weak_pointer(UnsafeMutablePointer(OpaquePointer(buffer)), slot)
            window.destroy()  // GTK lets the view's buffer go
            XCTAssertNotNil(slot.pointee, "the buffer outlives the destroyed view while the Swift object lives")
            XCTAssertEqual(try XCTUnwrap(textView).text, "kept")
            window.remove(textView!)
            textView = nil
            XCTAssertNil(slot.pointee, "and goes with it")
        }
    }

    func testATextViewsCursorPositionRoundTrips() {
        onMain {
            let textView = TextView()
            textView.text = "añ\nb€c"
            textView.cursorPosition = 4
            XCTAssertEqual(textView.cursorPosition, 4, "counted in characters, the newline one of them")
            textView.cursorPosition = 99
            XCTAssertEqual(textView.cursorPosition, 6)
            textView.cursorPosition = -1
            XCTAssertEqual(textView.cursorPosition, 0)
        }
    }

    func testATextViewIsAtLeastItsMinimumLinesHighAndWraps() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 300, height: 100)
            let box = Box(.vertical)
            let empty = TextView()
            let filled = TextView()
            for textView in [empty, filled] {  // space around the text, which the minimum height includes
                gtk_text_view_set_top_margin(hub_text_view(textView.gtkWidget), 10)
                gtk_text_view_set_bottom_margin(hub_text_view(textView.gtkWidget), 10)
            }
            empty.minimumLines = 3
            filled.minimumLines = 1
            filled.text = "one\ntwo\nthree"
            box.append(empty)
            box.append(filled)
            window.add(box)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            pump(for: 0.3)  // GTK lays text out in idle callbacks
            XCTAssertEqual(gtk_text_view_get_wrap_mode(hub_text_view(empty.gtkWidget)), GTK_WRAP_WORD_CHAR)
            XCTAssertGreaterThanOrEqual(empty.allocatedSize.height, filled.allocatedSize.height,
                                        "three empty lines are as high as three lines of text")
            XCTAssertLessThan(empty.allocatedSize.height, filled.allocatedSize.height * 1.25,
                              "and not a line more")
            let threeLines = empty.sizeRequest.height
            empty.setSizeRequest(width: 120, height: -1)
            empty.minimumLines = 6
            XCTAssertEqual(empty.sizeRequest.width, 120, "the width requested stays")
            XCTAssertGreaterThan(empty.sizeRequest.height, threeLines)
            empty.minimumLines = 0
            XCTAssertEqual(empty.minimumLines, 1)
            empty.minimumLines = 1_000_000
            XCTAssertEqual(empty.minimumLines, TextView.largestMinimumLines)
        }
    }

    func testATextViewHoldsABoundedTextAndWrapsALongRunAnywhereWithoutStalling() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 300, height: 300)
            let scrolled = ScrolledWindow()
            scrolled.setScrollBarPolicy(horizontal: .never, vertical: .automatic)
            let textView = TextView()
            scrolled.add(textView)
            window.add(scrolled)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            let view = hub_text_view(textView.gtkWidget)
            textView.text = String(repeating: "word ", count: 200)
            XCTAssertEqual(gtk_text_view_get_wrap_mode(view), GTK_WRAP_WORD_CHAR, "words wrap at word boundaries")
            let start = ProcessInfo.processInfo.systemUptime
            textView.text = String(repeating: "x", count: 1_000_000)  // what a document's variable may hold
            XCTAssertEqual(textView.text.utf8.count, TextView.largestMaximumLength, "the text is bounded")
            XCTAssertEqual(gtk_text_view_get_wrap_mode(view), GTK_WRAP_CHAR, "a run too long wraps anywhere")
            let stall = pumpMeasuringStalls(until: { ProcessInfo.processInfo.systemUptime - start > 0.5 })
            XCTAssertLessThan(stall, Self.mainLoopStallBound, "laid out without holding the main loop")
            let buffer = gtk_text_view_get_buffer(view)
            var from = GtkTextIter()
            var to = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &from, Int32(TextView.longestWordWrappedRun / 2))
            gtk_text_buffer_get_end_iter(buffer, &to)
            gtk_text_buffer_delete_interactive(buffer, &from, &to, 1)
            XCTAssertEqual(gtk_text_view_get_wrap_mode(view), GTK_WRAP_WORD_CHAR, "a user's change is looked at too")
            gtk_text_buffer_insert_interactive_at_cursor(buffer, String(repeating: "y", count: 200), -1, 1)
            XCTAssertEqual(gtk_text_view_get_wrap_mode(view), GTK_WRAP_CHAR)
        }
    }

    // MARK: Switch and CheckButton

    func testASwitchsStateSetInCodeIsNotReportedButTheUsersChangeIs() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let toggle = Switch()
            window.add(toggle)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            var reported: [Bool] = []
            toggle.onToggled = { reported.append($0) }
            toggle.isOn = true
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(reported, [], "a state set in code is not reported")
            gtk_widget_activate(toggle.gtkWidget)  // Space or Enter on the focused switch
            pump(until: { !toggle.isOn }, "the switch's animation to its end")
            XCTAssertEqual(reported, [false], "the user's change is reported once, with the new state")
            gtk_switch_set_active(hub_switch(toggle.gtkWidget), 1)  // a click, an assistive technology
            XCTAssertEqual(reported, [false, true])
        }
    }

    func testACheckButtonsStateSetInCodeIsNotReportedButTheUsersChangeIs() {
        onMain {
            let check = CheckButton(label: "I _agree")
            var reported: [Bool] = []
            check.onToggled = { reported.append($0) }
            check.isChecked = true
            XCTAssertTrue(check.isChecked)
            XCTAssertEqual(reported, [], "a state set in code is not reported")
            gtk_button_clicked(hub_button(check.gtkWidget))  // a click on the box or its label
            XCTAssertFalse(check.isChecked)
            XCTAssertEqual(reported, [false], "the user's change is reported once, with the new state")
            gtk_toggle_button_set_active(hub_toggle_button(check.gtkWidget), 1)
            XCTAssertEqual(reported, [false, true])
            XCTAssertEqual(check.label, "I _agree", "an underscore is shown, not a mnemonic")
            XCTAssertEqual(String(cString: atk_object_get_name(gtk_widget_get_accessible(check.gtkWidget))), "I _agree",
                           "the label names the box")
            check.label = String(repeating: "long ", count: 2_000)
            XCTAssertLessThanOrEqual(check.label.utf8.count, Label.maximumTextLength, "a label is bounded")
        }
    }

    // MARK: Dropdown

    func testADropdownsOptionsAndSelection() {
        onMain {
            let dropdown = Dropdown()
            var reported: [Int?] = []
            dropdown.onChanged = { reported.append($0) }
            dropdown.options = ["Small", "Medium", "Large"]
            XCTAssertEqual(dropdown.options, ["Small", "Medium", "Large"])
            XCTAssertNil(dropdown.selectedIndex)
            dropdown.selectedIndex = 2
            XCTAssertEqual(dropdown.selectedIndex, 2)
            XCTAssertEqual(activeText(dropdown), "Large")
            XCTAssertEqual(reported, [], "a selection made in code is not reported")
            gtk_combo_box_set_active(hub_combo_box(dropdown.gtkWidget), 0)  // the user's choice in the list
            XCTAssertEqual(reported, [0], "the user's choice is reported once, with its index")
            dropdown.selectedIndex = 7
            XCTAssertNil(dropdown.selectedIndex, "an index outside the options selects none")
            dropdown.selectedIndex = 1
            dropdown.selectedIndex = -5
            XCTAssertNil(dropdown.selectedIndex, "a negative one too")
            dropdown.selectedIndex = 1
            dropdown.options = ["A", "B"]
            XCTAssertNil(dropdown.selectedIndex, "new options: nothing selected")
            XCTAssertEqual(activeText(dropdown), nil)
            XCTAssertEqual(reported, [0], "and none of this was the user's")
            dropdown.selectedIndex = 1
            XCTAssertEqual(activeText(dropdown), "B", "the options shown are the new ones")
            dropdown.options = [String(repeating: "x", count: 10_000)]
            XCTAssertLessThanOrEqual(dropdown.options[0].utf8.count, Label.maximumTextLength, "an option is bounded")
        }
    }

    // MARK: Slider and SpinButton

    func testASlidersValueSetInCodeIsNotReportedButTheUsersChangeIsOnTheStepsGrid() {
        onMain {
            let slider = Slider(minimum: 0, maximum: 100, step: 5)
            var reported: [Double] = []
            slider.onValueChanged = { reported.append($0) }
            slider.value = 40
            XCTAssertEqual(slider.value, 40)
            XCTAssertEqual(reported, [], "a value set in code is not reported")
            gtk_range_set_value(hub_range(slider.gtkWidget), 62)  // a drag
            XCTAssertEqual(slider.value, 60, "the user's value is put on the step's grid")
            XCTAssertEqual(reported, [60], "and reported once")
            gtk_range_set_value(hub_range(slider.gtkWidget), 61)
            XCTAssertEqual(reported, [60], "a drag within a step reports nothing")
            slider.value = 33
            XCTAssertEqual(slider.value, 35, "a value set in code is put on the grid")
            slider.value = .nan
            XCTAssertEqual(slider.value, 35, "a value that is not a number is ignored")
            slider.value = 1_000
            XCTAssertEqual(slider.value, 100, "and one outside the range is moved into it")
            XCTAssertEqual(reported, [60])
        }
    }

    func testASlidersRangeStepAndDigits() {
        onMain {
            let slider = Slider(minimum: 0, maximum: 1, step: 0.1)
            slider.digits = 1
            var reported: [Double] = []
            slider.onValueChanged = { reported.append($0) }
            gtk_range_set_value(hub_range(slider.gtkWidget), 0.31)
            XCTAssertEqual(reported, [0.3], "on the grid and rounded to the digits shown, not 0.30000000000000004")
            slider.maximum = 0.2
            XCTAssertEqual(slider.value, 0.2, "a smaller range moves the value into it")
            XCTAssertEqual(reported, [0.3], "without reporting it")
            slider.minimum = 5
            XCTAssertEqual(slider.minimum, 5)
            XCTAssertEqual(slider.maximum, 5, "a minimum above the maximum raises it")
            slider.maximum = -5
            XCTAssertEqual(slider.minimum, -5, "a maximum below the minimum lowers it")
            slider.maximum = .infinity
            XCTAssertEqual(slider.maximum, -5, "a number that is not finite is ignored")
            slider.step = 0
            XCTAssertEqual(slider.step, 0.1, "so is a step that is not positive")
            slider.digits = 99
            XCTAssertEqual(slider.digits, 10)
            let odd = Slider(minimum: 0, maximum: 10, step: 4)
            odd.value = 10
            XCTAssertEqual(odd.value, 8, "the grid's last point within the range")
            let huge = Slider(minimum: -1e300, maximum: 1e300, step: 1e-300)
            huge.value = 12.5
            XCTAssertEqual(huge.value, 12.5, accuracy: 0.5, "more steps than a double counts: the value as given")
        }
    }

    func testASpinButtonsValueSetInCodeIsNotReportedButTheUsersChangeIs() {
        onMain {
            let spin = SpinButton(minimum: 0, maximum: 12, step: 3)
            var reported: [Double] = []
            spin.onValueChanged = { reported.append($0) }
            XCTAssertEqual(spin.value, 0)
            spin.value = 6
            XCTAssertEqual(spin.value, 6)
            XCTAssertEqual(reported, [], "a value set in code is not reported")
            gtk_spin_button_spin(hub_spin_button(spin.gtkWidget), GTK_SPIN_STEP_FORWARD, 0)  // its + button, or Up
            XCTAssertEqual(reported, [9], "the user's change is reported once, with the new value")
            gtk_entry_set_text(hub_entry(spin.gtkWidget), "4")  // typed…
            gtk_spin_button_update(hub_spin_button(spin.gtkWidget))  // …and Enter
            XCTAssertEqual(spin.value, 3, "a number typed is put on the step's grid")
            XCTAssertEqual(reported, [9, 3])
            spin.step = 0.5
            spin.digits = 1
            gtk_spin_button_spin(hub_spin_button(spin.gtkWidget), GTK_SPIN_STEP_BACKWARD, 0)
            XCTAssertEqual(reported, [9, 3, 2.5])
            spin.maximum = 2
            XCTAssertEqual(spin.value, 2, "a smaller range moves the value into it")
            XCTAssertEqual(reported.count, 3, "without reporting it")
            XCTAssertEqual(gtk_spin_button_get_numeric(hub_spin_button(spin.gtkWidget)), 1, "digits only")
        }
    }

    // MARK: Every input

    func testEveryInputIsNamedAndDescribedToAssistiveTechnologies() {
        onMain {
            let inputs: [(Widget, AtkRole)] = [
                (Entry(), ATK_ROLE_TEXT), (TextView(), ATK_ROLE_TEXT), (Switch(), ATK_ROLE_TOGGLE_BUTTON),
                (CheckButton(label: "Box"), ATK_ROLE_CHECK_BOX), (Dropdown(), ATK_ROLE_COMBO_BOX),
                (Slider(), ATK_ROLE_SLIDER), (SpinButton(), ATK_ROLE_SPIN_BUTTON),
            ]
            for (index, (input, role)) in inputs.enumerated() {
                input.accessibleName = "Field \(index)"
                input.accessibleDescription = "What field \(index) is for"
                let accessible = gtk_widget_get_accessible(input.gtkWidget)
                XCTAssertEqual(atk_object_get_name(accessible).map { String(cString: $0) }, "Field \(index)")
                XCTAssertEqual(atk_object_get_description(accessible).map { String(cString: $0) },
                               "What field \(index) is for")
                XCTAssertEqual(atk_object_get_role(accessible), role, "\(type(of: input))")
            }
        }
    }

    func testAnInsensitiveInputOrButtonSaysSoToAssistiveTechnologies() {
        onMain {
            let widgets: [Widget] = [Button(label: "Submit"), Entry(), Switch(), Slider(), Dropdown()]
            for widget in widgets {
                XCTAssertTrue(accessibleStates(widget).contains(ATK_STATE_ENABLED), "\(type(of: widget))")
                widget.isEnabled = false
                let states = accessibleStates(widget)
                XCTAssertFalse(states.contains(ATK_STATE_ENABLED), "\(type(of: widget)) is reported disabled")
                XCTAssertFalse(states.contains(ATK_STATE_SENSITIVE), "\(type(of: widget))")
                widget.isEnabled = true
                XCTAssertTrue(accessibleStates(widget).contains(ATK_STATE_ENABLED))
            }
        }
    }

    func testTabMovesThroughEveryInputInOrder() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let dropdown = Dropdown()
            dropdown.options = ["One", "Two"]
            let inputs: [Widget] = [
                Entry(), TextView(), Switch(), CheckButton(label: "Box"), dropdown, Slider(), SpinButton(),
                Button(label: "Submit"),
            ]
            for input in inputs { box.append(input) }
            window.add(box)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            // GTK moves the focus out of a button only while the button has it, which it has only
            // while its window has the display's.
            giveKeyboardFocus(to: window)
            inputs[0].grabFocus()
            var visited: [Int] = []
            for _ in inputs.indices {
                guard let focus = gtk_window_get_focus(hub_window(window.gtkWidget)) else { break }
                visited.append(inputs.firstIndex { focus == $0.gtkWidget || gtk_widget_is_ancestor(focus, $0.gtkWidget) != 0 } ?? -1)
                pressInWindow(key: GDK_KEY_Tab, of: window.gtkWidget)
            }
            XCTAssertEqual(visited, Array(inputs.indices), "Tab goes from each input to the next (a text view's too)")
        }
    }

    func testInputsAreMirroredRightToLeft() {
        onMain {
            let saved = Widget.defaultTextDirection
            defer { Widget.defaultTextDirection = saved }
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                Widget.defaultTextDirection = direction
                let window = Window()
                defer { window.destroy() }
                window.setDefaultSize(width: 400, height: 100)
                let box = Box(.vertical)
                let slider = Slider(minimum: 0, maximum: 100)
                let inputs: [Widget] = [slider, Entry(), TextView(), Switch(), CheckButton(label: "Box"), Dropdown(),
                                        SpinButton()]
                for input in inputs { box.append(input) }
                window.add(box)
                window.showAll()
                pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
                pump(for: 0.1)
                for input in inputs {
                    XCTAssertEqual(input.textDirection, direction, "\(type(of: input))")
                }
                var start: Int32 = 0
                var end: Int32 = 0
                gtk_range_get_slider_range(hub_range(slider.gtkWidget), &start, &end)
                let middle = Int32(slider.allocatedSize.width / 2)
                if direction == .rightToLeft {
                    XCTAssertGreaterThan(start, middle, "right to left, the minimum is at the right")
                } else {
                    XCTAssertLessThan(end, middle, "left to right, the minimum is at the left")
                }
            }
        }
    }

    func testEveryInputIsReleasedWithItsLastReference() {
        onMain {
            weak var released: Widget?
            for make in inputMakers {
                do {
                    let input = make()
                    released = input
                }
                XCTAssertNil(released, "nothing the widget connected keeps it alive")
            }
        }
    }

    func testATextViewOffersTabToItsAncestorsFirst() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let outer = Box(.vertical)
            let inner = Box(.vertical)
            let textView = TextView()
            let after = Entry()
            inner.append(textView)
            outer.append(inner)
            outer.append(after)
            window.add(outer)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            var offered: [String] = []
            // Whether the ancestor takes Tab, changed below (a box: the handler outlives this scope).
            final class Takes { var value = true }
            let takes = Takes()
            inner.onKeyPress { press in
                offered.append(press.isBackwardTab ? "Shift+Tab" : "\(press.key)")
                return takes.value
            }
            textView.grabFocus()
            pressInWindow(key: GDK_KEY_Tab, of: window.gtkWidget)
            XCTAssertEqual(offered, ["tab"], "the ancestor that moves the focus itself gets Tab")
            XCTAssertTrue(textView.isFocus, "and the text view leaves the focus to it")
            pressInWindow(key: GDK_KEY_Tab, state: GDK_CONTROL_MASK.rawValue, of: window.gtkWidget)
            XCTAssertEqual(offered, ["tab"], "Ctrl+Tab is GTK's, as in any text view")
            textView.grabFocus()
            takes.value = false
            pressInWindow(key: GDK_KEY_Tab, of: window.gtkWidget)
            XCTAssertEqual(offered.count, 2)
            XCTAssertTrue(after.isFocus, "no ancestor took it: GTK moves the focus along its chain")
        }
    }

    func testActivatingTheFocusedDescendantTurnsASwitchAndPressesAButton() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let toggle = Switch()
            let button = Button(label: "Send")
            var pressed = 0
            button.onClicked = { pressed += 1 }
            box.append(toggle)
            box.append(button)
            window.add(box)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            gtk_window_set_focus(hub_window(window.gtkWidget), nil)
            XCTAssertFalse(box.activateFocusedDescendant(), "nothing inside has the focus")
            toggle.grabFocus()
            XCTAssertFalse(toggle.activateFocusedDescendant(), "the focus on the widget itself is not inside it")
            XCTAssertTrue(box.activateFocusedDescendant())
            pump(until: { toggle.isOn }, "the switch turned, as Space turns it")
            button.grabFocus()
            XCTAssertTrue(box.activateFocusedDescendant())
            pump(until: { pressed == 1 }, "the button pressed (GTK shows it pressed for a moment first)")
            let slider = Slider()
            box.append(slider)
            slider.show()
            slider.grabFocus()
            XCTAssertFalse(box.activateFocusedDescendant(), "a slider has no activation")
        }
    }

    func testTheNaturalHeightOfWrappingTextGrowsAsTheWidthShrinks() {
        onMain {
            let box = Box(.vertical)
            let label = Label(String(repeating: "word ", count: 40))
            label.wrapsLines = true
            box.append(label)
            box.append(Entry())
            box.showAll()
            let wide = box.naturalHeight(forWidth: 2_000)
            let narrow = box.naturalHeight(forWidth: 200)
            XCTAssertGreaterThan(wide, box.children[1].naturalSize.height, "the text and the entry")
            XCTAssertGreaterThan(narrow, wide, "more lines at a narrower width")
            XCTAssertEqual(box.naturalHeight(forWidth: -5), box.naturalHeight(forWidth: 0), "no width below 0")
            box.hide()
            XCTAssertEqual(box.naturalHeight(forWidth: 200), 0, "a hidden widget takes no room")
        }
    }

    func testAnOverlayPassesInputThroughAHint() {
        onMain {
            let overlay = Overlay()
            overlay.add(TextView())
            let hint = Label("Type here")
            let badge = Label("3")
            overlay.addOverlay(hint, passesInputThrough: true)
            overlay.addOverlay(badge)
            XCTAssertEqual(gtk_overlay_get_overlay_pass_through(hub_overlay(overlay.gtkWidget), hint.gtkWidget), 1)
            XCTAssertEqual(gtk_overlay_get_overlay_pass_through(hub_overlay(overlay.gtkWidget), badge.gtkWidget), 0)
        }
    }

    // MARK: Helpers

    @MainActor
    private var inputMakers: [@MainActor () -> Widget] {
        [
            { let entry = Entry(); entry.onChanged = {}; entry.onFocusOut = {}; return entry },
            { let view = TextView(); view.onChanged = {}; view.onFocusOut = {}; view.maximumLength = 3; return view },
            { let toggle = Switch(); toggle.onToggled = { _ in }; return toggle },
            { let check = CheckButton(label: "x"); check.onToggled = { _ in }; return check },
            { let dropdown = Dropdown(); dropdown.onChanged = { _ in }; return dropdown },
            { let slider = Slider(); slider.onValueChanged = { _ in }; return slider },
            { let spin = SpinButton(); spin.onValueChanged = { _ in }; return spin },
        ]
    }

    @MainActor
    private func activeText(_ dropdown: Dropdown) -> String? {
        guard let text = gtk_combo_box_text_get_active_text(hub_combo_box_text(dropdown.gtkWidget)) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    @MainActor
    private func accessibleStates(_ widget: Widget) -> Set<UInt32> {
        let set = atk_object_ref_state_set(gtk_widget_get_accessible(widget.gtkWidget))
        defer { g_object_unref(UnsafeMutableRawPointer(set)) }
        var states: Set<UInt32> = []
        for state in [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE] where atk_state_set_contains_state(set, state) != 0 {
            states.insert(state.rawValue)
        }
        return states
    }

    /// Tells `window` it has the keyboard focus of the display, as the X server does when the user
    /// switches to it: GTK sends focus-out events only within the window that has it.
    @MainActor
    private func giveKeyboardFocus(to window: Window) {
        let event = hub_event_new_focus(gtk_widget_get_window(window.gtkWidget), 1)!
        defer { gdk_event_free(event) }
        gtk_widget_send_focus_change(window.gtkWidget, event)
    }
}

extension Set where Element == UInt32 {
    fileprivate func contains(_ state: AtkStateType) -> Bool { contains(state.rawValue) }
}
