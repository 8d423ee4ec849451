import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// What an input component hears: the values the person chose, the times they left the input or
/// pressed the button.
@MainActor
final class RecordingInputDelegate: ComponentInputDelegate {
    var changes: [ExpressionValue] = []
    var left = 0
    var activated = 0

    func component(_ component: any ComponentWithInput, didChangeInputValue value: ExpressionValue) {
        changes.append(value)
    }

    func componentDidLeaveInput(_ component: any ComponentWithInput) { left += 1 }
    func componentWasActivated(_ component: any ComponentWithInput) { activated += 1 }
}

/// A document's inputs with a view's state applied, as the view configures its components with.
@MainActor
final class InputDocument {
    let source: ViewModel
    let state = ViewState()

    init(_ json: String) throws {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        XCTAssertEqual(problems, [], "the document reads without a problem")
        source = builder.build()
        state.adopt(source.stateDeclarations, components: source.componentStateDeclarations)
    }

    /// The model `identifier` with the state as it is now.
    func model(_ identifier: String) -> ComponentModel {
        let shown = ViewStateEvaluator(limits: .default).evaluate(source, with: state.snapshot()).viewModel
        return shown.bodyComponentModels.first { $0.identifier == identifier }!
    }

    /// The model `identifier` once the person has left its input: its message shows.
    func modelAfterLeaving(_ identifier: String) -> ComponentModel {
        state.inputWasLeft(model(identifier))
        return model(identifier)
    }
}

/// The default input components (`default:entry`, `textArea`, `switch`, `checkbox`, `dropdown`,
/// `slider`, `spinButton`, `button`): configuring shows the model's input (value, placeholder,
/// options, message) and reports nothing; a change the person makes reports a value of the
/// variable's type; a configure that is behind what the person typed leaves it alone; each control
/// is named after the title and described by the message.
final class DefaultInputComponentsTests: GtkTestCase, @unchecked Sendable {
    private static let document = #"""
        {"state": {"name": "Ada", "age": 36, "height": 1.5, "email": "", "secret": "", "notes": "Line one",
                   "on": true, "agreed": false, "size": "Medium", "sizeIndex": 1, "volume": 40, "ratio": 0.5,
                   "guests": 2, "valid": false},
         "body": [
           {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"},
            "input": {"variable": "name", "placeholder": "Your name", "maximumLength": 20,
                      "validators": [{"minimumLength": 5, "message": "At least five letters"}]}},
           {"id": "age", "component": {"id": "default:entry"}, "text": {"title": "Age"},
            "input": {"variable": "age", "purpose": "number"}},
           {"id": "height", "component": {"id": "default:entry"}, "text": {"title": "Height"},
            "input": {"variable": "height", "purpose": "number"}},
           {"id": "email", "component": {"id": "default:entry"}, "text": {"title": "Email"},
            "input": {"variable": "email", "purpose": "email", "placeholder": "name@example.org"}},
           {"id": "secret", "component": {"id": "default:entry"},
            "input": {"variable": "secret", "purpose": "password", "placeholder": "Password"}},
           {"id": "notes", "component": {"id": "default:textArea"}, "text": {"title": "Notes"},
            "input": {"variable": "notes", "placeholder": "Anything else?",
                      "validators": [{"maximumLength": 3, "message": "Three letters at most"}]}},
           {"id": "on", "component": {"id": "default:switch"}, "text": {"title": "Notifications"},
            "input": {"variable": "on", "validators": [{"required": true, "message": "Keep them on"}]}},
           {"id": "agreed", "component": {"id": "default:checkbox"}, "text": {"title": "I agree"},
            "input": {"variable": "agreed", "validators": [{"required": true, "message": "Agree to go on"}]}},
           {"id": "size", "component": {"id": "default:dropdown"}, "text": {"title": "Size"},
            "input": {"variable": "size", "options": ["Small", "Medium", "Large"]}},
           {"id": "sizeIndex", "component": {"id": "default:dropdown"}, "text": {"title": "Size by number"},
            "input": {"variable": "sizeIndex", "options": ["Small", "Medium", "Large"]}},
           {"id": "volume", "component": {"id": "default:slider"}, "text": {"title": "Volume"},
            "input": {"variable": "volume", "minimum": 0, "maximum": 100, "step": 5}},
           {"id": "ratio", "component": {"id": "default:slider"}, "text": {"title": "Ratio"},
            "input": {"variable": "ratio", "minimum": 0, "maximum": 1, "step": 0.05}},
           {"id": "guests", "component": {"id": "default:spinButton"}, "text": {"title": "Guests"},
            "input": {"variable": "guests", "minimum": 1, "maximum": 12, "step": 1}},
           {"id": "send", "component": {"id": "default:button"}, "text": {"title": "Send"},
            "input": {"variable": "valid"}}]}
        """#

    @MainActor
    private func make<C: ComponentWithInput>(_ component: C) -> (C, RecordingInputDelegate) {
        let delegate = RecordingInputDelegate()
        component.inputDelegate = delegate
        component.loadView()
        return (component, delegate)
    }

    private static let container = Size(width: 600, height: 800)

    // MARK: default:entry

    func testAnEntryShowsItsInputAndReportsTheTextTyped() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(EntryComponent())
            let entry = try XCTUnwrap(component.entry)
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "Ada")
            XCTAssertEqual(entry.placeholder, "Your name")
            XCTAssertEqual(entry.maximumLength, 20)
            XCTAssertTrue(entry.isTextVisible)
            XCTAssertEqual(entry.accessibleName, "Name", "the control is named after the title")
            XCTAssertEqual(delegate.changes, [], "configuring reports nothing")
            var position: Int32 = 3
            gtk_editable_insert_text(hub_editable(entry.gtkWidget), "m", -1, &position)  // as a key press does
            XCTAssertEqual(delegate.changes, [.string("Adam")], "the person's text is reported")
        }
    }

    func testAnEntryShowsItsMessageInTheErrorColourAndDescribesItsControlWithIt() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, _) = make(EntryComponent())
            let model = document.model("name")
            XCTAssertNil(model.input?.message, "no message before the person leaves the field")
            component.configureView(with: model, containerViewSize: Self.container)
            let field = try XCTUnwrap(component.view as? Box)
            let message = try XCTUnwrap(labels(in: field).first { $0.hasCSSClass("hub-input-message") })
            XCTAssertFalse(message.isVisible, "no message, nothing shown")
            let withMessage = document.modelAfterLeaving("name")
            XCTAssertEqual(withMessage.input?.message, "At least five letters")
            component.configureView(with: withMessage, containerViewSize: Self.container)
            XCTAssertTrue(message.isVisible)
            XCTAssertEqual(message.text, "At least five letters")
            XCTAssertTrue(message.hasCSSClass("error"), "in the theme's error colour")
            let red = colour(of: message)
            XCTAssertGreaterThan(red.red, red.green + 0.3, "the theme's error colour is a red: \(red)")
            XCTAssertEqual(component.entry?.accessibleDescription, "At least five letters")
            XCTAssertTrue(component.entry?.hasCSSClass("error") == true, "the field is marked too")
            let taller = component.preferredViewSize(forDisplaying: withMessage, containerViewSize: Self.container)
            let shorter = component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container)
            XCTAssertGreaterThan(taller.height, shorter.height, "the message takes room")
            XCTAssertEqual(shorter.width, Self.container.width)
        }
    }

    func testANumberEntryReportsNumbersAndWaitsForOne() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(EntryComponent())
            let entry = try XCTUnwrap(component.entry)
            component.configureView(with: document.model("age"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "36")
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_NUMBER)
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "-")  // as the person types it
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "-4")
            XCTAssertEqual(delegate.changes, [.integer(-4)], "an integer, once the text is one")

            component.configureView(with: document.model("height"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "1.5")
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "1.75")
            XCTAssertEqual(delegate.changes.last, .number(1.75))
        }
    }

    func testAnEmailAndAPasswordEntry() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, _) = make(EntryComponent())
            let entry = try XCTUnwrap(component.entry)
            component.configureView(with: document.model("email"), containerViewSize: Self.container)
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_EMAIL)
            XCTAssertTrue(entry.isTextVisible)
            component.configureView(with: document.model("secret"), containerViewSize: Self.container)
            XCTAssertFalse(entry.isTextVisible, "a password is not shown")
            XCTAssertEqual(gtk_entry_get_input_purpose(hub_entry(entry.gtkWidget)), GTK_INPUT_PURPOSE_PASSWORD)
            XCTAssertEqual(entry.accessibleName, "Password", "without a title, the placeholder names the field")
            component.configureView(with: document.model("email"), containerViewSize: Self.container)
            XCTAssertTrue(entry.isTextVisible, "recycled for another field, the text shows again")
        }
    }

    func testAConfigureBehindWhatThePersonTypedLeavesTheTextAndTheCursor() throws {
        try onMain {
            let document = try InputDocument(#"""
                {"state": {"name": "a"}, "body": [
                  {"id": "name", "component": {"id": "default:entry"}, "input": {"variable": "name"}}]}
                """#)
            let (component, delegate) = make(EntryComponent())
            let entry = try XCTUnwrap(component.entry)
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            // The person types "b" and "c"; the view's state takes each, but the view re-renders
            // behind them: the first configure carries "ab" while the field shows "abc".
            var position: Int32 = 1
            gtk_editable_insert_text(hub_editable(entry.gtkWidget), "b", -1, &position)
            gtk_editable_insert_text(hub_editable(entry.gtkWidget), "c", -1, &position)
            XCTAssertEqual(delegate.changes, [.string("ab"), .string("abc")])
            entry.cursorPosition = 3
            document.state.setValue(.string("ab"), for: "name")
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "abc", "an older value does not take the keystroke back")
            XCTAssertEqual(entry.cursorPosition, 3, "nor move the cursor")
            document.state.setValue(.string("abc"), for: "name")
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "abc")
            XCTAssertEqual(entry.cursorPosition, 3)
            // A value the person did not type (an action cleared the field) is shown.
            document.state.setValue(.string(""), for: "name")
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "", "the state's own change is shown")
            document.state.setValue(.string("ab"), for: "name")
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.text, "ab", "a value typed long ago is the state's own now")
            XCTAssertEqual(delegate.changes.count, 2, "and none of it was reported")
        }
    }

    func testTheCursorKeepsItsPlaceWhenTheSameValueIsConfiguredAgainOrRestored() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, _) = make(EntryComponent())
            let entry = try XCTUnwrap(component.entry)
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            entry.cursorPosition = 1
            component.prepareViewForReuse()
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            XCTAssertEqual(entry.cursorPosition, 1, "configured again with the same value")
            let saved = try XCTUnwrap(component.currentUIState())
            component.prepareViewForReuse()
            component.configureView(with: document.model("email"), containerViewSize: Self.container)
            component.prepareViewForReuse()
            component.configureView(with: document.model("name"), containerViewSize: Self.container)
            component.restoreUIState(saved)
            XCTAssertEqual(entry.text, "Ada")
            XCTAssertEqual(entry.cursorPosition, 1, "recycled for another field and back")
        }
    }

    // MARK: default:textArea

    func testATextAreaShowsItsInputAndReportsTheTextTyped() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(TextAreaComponent())
            let textView = try XCTUnwrap(component.textView)
            let placeholder = try XCTUnwrap(component.placeholderLabel)
            component.configureView(with: document.model("notes"), containerViewSize: Self.container)
            XCTAssertEqual(textView.text, "Line one")
            XCTAssertEqual(placeholder.text, "Anything else?")
            XCTAssertFalse(placeholder.isVisible, "the placeholder shows only in an empty field")
            XCTAssertEqual(textView.accessibleName, "Notes")
            XCTAssertEqual(delegate.changes, [])
            let buffer = gtk_text_view_get_buffer(hub_text_view(textView.gtkWidget))
            gtk_text_buffer_set_text(buffer, "", -1)  // the person deletes it all
            XCTAssertTrue(placeholder.isVisible)
            gtk_text_buffer_insert_interactive_at_cursor(buffer, "One\nTwo", -1, 1)
            XCTAssertFalse(placeholder.isVisible)
            XCTAssertEqual(delegate.changes, [.string(""), .string("One\nTwo")])
            let message = document.modelAfterLeaving("notes")
            component.configureView(with: message, containerViewSize: Self.container)
            XCTAssertEqual(textView.accessibleDescription, "Three letters at most")
            let empty = component.preferredViewSize(forDisplaying: document.model("notes"), containerViewSize: Self.container)
            document.state.setValue(.string(String(repeating: "line\n", count: 12)), for: "notes")
            let long = component.preferredViewSize(forDisplaying: document.model("notes"), containerViewSize: Self.container)
            XCTAssertEqual(long.height, empty.height, "a longer text scrolls inside: the field keeps its size")
            XCTAssertGreaterThan(empty.height, 4 * 15, "four lines high")
        }
    }

    // MARK: default:switch and default:checkbox

    func testASwitchShowsItsValueAndReportsTheTurn() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(SwitchComponent())
            let toggle = try XCTUnwrap(component.toggle)
            component.configureView(with: document.model("on"), containerViewSize: Self.container)
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(toggle.accessibleName, "Notifications")
            XCTAssertEqual(delegate.changes, [])
            gtk_switch_set_active(hub_switch(toggle.gtkWidget), 0)  // a click, Space
            XCTAssertEqual(delegate.changes, [.boolean(false)])
            XCTAssertEqual(delegate.left, 1, "a switch turned is a choice made: its message may show")
            document.state.setValue(.boolean(false), for: "on")
            let message = document.modelAfterLeaving("on")
            component.configureView(with: message, containerViewSize: Self.container)
            XCTAssertEqual(toggle.accessibleDescription, "Keep them on")
            XCTAssertEqual(delegate.changes.count, 1)
        }
    }

    func testACheckboxShowsItsTitleAndValueAndReportsTheClick() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(CheckboxComponent())
            let check = try XCTUnwrap(component.checkButton)
            component.configureView(with: document.model("agreed"), containerViewSize: Self.container)
            XCTAssertFalse(check.isChecked)
            XCTAssertEqual(check.label, "I agree")
            XCTAssertEqual(check.accessibleName, "I agree")
            gtk_button_clicked(hub_button(check.gtkWidget))
            XCTAssertEqual(delegate.changes, [.boolean(true)])
            component.configureView(with: document.modelAfterLeaving("agreed"), containerViewSize: Self.container)
            XCTAssertEqual(check.accessibleDescription, "Agree to go on")
            XCTAssertEqual(delegate.changes.count, 1, "configuring reports nothing")
        }
    }

    // MARK: default:dropdown

    func testADropdownShowsItsOptionsAndReportsTheChoiceAsTextOrIndex() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(DropdownComponent())
            let dropdown = try XCTUnwrap(component.dropdown)
            component.configureView(with: document.model("size"), containerViewSize: Self.container)
            XCTAssertEqual(dropdown.options, ["Small", "Medium", "Large"])
            XCTAssertEqual(dropdown.selectedIndex, 1)
            XCTAssertEqual(dropdown.accessibleName, "Size")
            XCTAssertEqual(delegate.changes, [])
            gtk_combo_box_set_active(hub_combo_box(dropdown.gtkWidget), 2)  // the person's choice
            XCTAssertEqual(delegate.changes, [.string("Large")], "a string variable takes the option's text")
            component.configureView(with: document.model("sizeIndex"), containerViewSize: Self.container)
            XCTAssertEqual(dropdown.selectedIndex, 1)
            gtk_combo_box_set_active(hub_combo_box(dropdown.gtkWidget), 0)
            XCTAssertEqual(delegate.changes.last, .integer(0), "an integer variable takes its index")
            XCTAssertEqual(delegate.changes.count, 2)
        }
    }

    // MARK: default:slider and default:spinButton

    func testASliderShowsItsRangeAndValueAndReportsIntegersOrNumbers() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(SliderComponent())
            let slider = try XCTUnwrap(component.slider)
            component.configureView(with: document.model("volume"), containerViewSize: Self.container)
            XCTAssertEqual(slider.minimum, 0)
            XCTAssertEqual(slider.maximum, 100)
            XCTAssertEqual(slider.step, 5)
            XCTAssertEqual(slider.value, 40)
            XCTAssertEqual(component.valueLabel?.text, "40")
            XCTAssertEqual(slider.accessibleName, "Volume")
            XCTAssertEqual(delegate.changes, [])
            gtk_range_set_value(hub_range(slider.gtkWidget), 62)  // a drag
            XCTAssertEqual(delegate.changes, [.integer(60)], "an integer variable takes an integer")
            XCTAssertEqual(component.valueLabel?.text, "60")
            component.configureView(with: document.model("ratio"), containerViewSize: Self.container)
            XCTAssertEqual(slider.maximum, 1)
            XCTAssertEqual(slider.value, 0.5)
            XCTAssertEqual(component.valueLabel?.text, "0.50", "as many decimals as the step")
            gtk_range_set_value(hub_range(slider.gtkWidget), 0.71)
            XCTAssertEqual(delegate.changes.last, .number(0.7))
            XCTAssertEqual(delegate.changes.count, 2)
        }
    }

    func testASpinButtonShowsItsRangeAndValueAndReportsTheStep() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(SpinButtonComponent())
            let spin = try XCTUnwrap(component.spinButton)
            component.configureView(with: document.model("guests"), containerViewSize: Self.container)
            XCTAssertEqual(spin.minimum, 1)
            XCTAssertEqual(spin.maximum, 12)
            XCTAssertEqual(spin.value, 2)
            XCTAssertEqual(spin.accessibleName, "Guests")
            XCTAssertEqual(delegate.changes, [])
            gtk_spin_button_spin(hub_spin_button(spin.gtkWidget), GTK_SPIN_STEP_FORWARD, 0)  // its + button
            XCTAssertEqual(delegate.changes, [.integer(3)])
        }
    }

    func testASliderDraggedAheadOfTheStateStaysWhereThePersonPutIt() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let (component, delegate) = make(SliderComponent())
            let slider = try XCTUnwrap(component.slider)
            component.configureView(with: document.model("volume"), containerViewSize: Self.container)
            gtk_range_set_value(hub_range(slider.gtkWidget), 50)
            gtk_range_set_value(hub_range(slider.gtkWidget), 60)
            XCTAssertEqual(delegate.changes, [.integer(50), .integer(60)])
            document.state.setValue(.integer(50), for: "volume")
            component.configureView(with: document.model("volume"), containerViewSize: Self.container)
            XCTAssertEqual(slider.value, 60, "a render behind the drag does not pull the slider back")
        }
    }

    // MARK: default:button

    func testAButtonShowsTheTitleFollowsIsEnabledAndReportsThePress() throws {
        try onMain {
            let harness = try InputDocument(#"""
                {"state": {"email": ""}, "body": [
                  {"id": "email", "component": {"id": "default:entry"},
                   "input": {"variable": "email", "form": "f", "validators": [{"required": true, "message": "Enter it"}]}},
                  {"id": "send", "component": {"id": "default:button"}, "text": {"title": "Send_it"},
                   "target": {"actions": [{"type": "submit", "form": "f"}]}}]}
                """#)
            let (component, delegate) = make(ButtonComponent())
            let button = try XCTUnwrap(component.button)
            let disabled = harness.model("send")
            XCTAssertFalse(disabled.isEnabled)
            component.configureView(with: disabled, containerViewSize: Self.container)
            XCTAssertEqual(button.label, "Send_it", "an underscore is shown, not a mnemonic")
            XCTAssertEqual(button.accessibleName, "Send_it")
            XCTAssertFalse(button.isEnabled, "insensitive while its form is invalid")
            harness.state.setValue(.string("a@b"), for: "email")
            component.configureView(with: harness.model("send"), containerViewSize: Self.container)
            XCTAssertTrue(button.isEnabled)
            XCTAssertEqual(delegate.activated, 0)
            button.click()
            XCTAssertEqual(delegate.activated, 1, "pressing it selects the component")
            XCTAssertEqual(delegate.changes, [])
        }
    }

    // MARK: Every input

    func testEveryInputMeasuresItsFieldAndFocusesItsControl() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let cases: [(any ComponentWithInput, String)] = [
                (EntryComponent(), "name"), (TextAreaComponent(), "notes"), (SwitchComponent(), "on"),
                (CheckboxComponent(), "agreed"), (DropdownComponent(), "size"), (SliderComponent(), "volume"),
                (SpinButtonComponent(), "guests"), (ButtonComponent(), "send"),
            ]
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            window.add(box)
            for (component, identifier) in cases {
                component.loadView()
                let model = document.model(identifier)
                component.configureView(with: model, containerViewSize: Self.container)
                let size = component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container)
                XCTAssertEqual(size.width, Self.container.width, identifier)
                XCTAssertGreaterThan(size.height, 30, identifier)
                XCTAssertLessThan(size.height, 200, identifier)
                XCTAssertEqual(component.layoutTraits, [.fullWidth, .stackable, .readableWidth])
                box.append(try XCTUnwrap(component.view))
            }
            window.showAll()
            pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
            for (component, identifier) in cases {
                XCTAssertTrue(component.focusInput(), identifier)
                let focus = try XCTUnwrap(gtk_window_get_focus(hub_window(window.gtkWidget)), identifier)
                XCTAssertTrue(gtk_widget_is_ancestor(focus, component.view!.gtkWidget) != 0, "\(identifier) has the focus")
                XCTAssertFalse(focus == component.view!.gtkWidget, identifier)
            }
        }
    }

    func testAFieldIsMeasuredAgainWhenAStylesheetChangesIt() throws {
        try onMain {
            let document = try InputDocument(Self.document)
            let component = EntryComponent()
            let model = document.model("name")
            let before = component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container)
            XCTAssertEqual(component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container), before)
            let sheet = try StyleSheet(css: ".hub-input { padding: 40px 18px; }")
            XCTAssertTrue(sheet.install(priority: .application))
            let restyled = component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container)
            sheet.uninstall()
            XCTAssertEqual(restyled.height, before.height + 2 * (40 - 9), "an app's stylesheet gives the field room")
            XCTAssertEqual(component.preferredViewSize(forDisplaying: model, containerViewSize: Self.container), before)
            let narrow = Size(width: 120, height: 800)
            let longTitle = try InputDocument(#"""
                {"state": {"a": ""}, "body": [{"id": "a", "component": {"id": "default:entry"},
                  "text": {"title": "A title long enough to wrap onto several lines in a narrow window"}, "input": {"variable": "a"}}]}
                """#).model("a")
            XCTAssertGreaterThan(component.preferredViewSize(forDisplaying: longTitle, containerViewSize: narrow).height,
                                 component.preferredViewSize(forDisplaying: longTitle, containerViewSize: Self.container).height,
                                 "a title wraps at the field's width")
        }
    }

    func testTheFieldsAreMirroredRightToLeft() throws {
        try onMain {
            let saved = Widget.defaultTextDirection
            defer { Widget.defaultTextDirection = saved }
            let document = try InputDocument(Self.document)
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                Widget.defaultTextDirection = direction
                let window = Window()
                defer { window.destroy() }
                window.setDefaultSize(width: 500, height: 200)
                let box = Box(.vertical)
                window.add(box)
                let (switchComponent, _) = make(SwitchComponent())
                let (entryComponent, _) = make(EntryComponent())
                switchComponent.configureView(with: document.model("on"), containerViewSize: Self.container)
                entryComponent.configureView(with: document.model("name"), containerViewSize: Self.container)
                box.append(try XCTUnwrap(switchComponent.view))
                box.append(try XCTUnwrap(entryComponent.view))
                window.showAll()
                pump(until: { gtk_widget_get_mapped(window.gtkWidget) != 0 }, "the window on screen")
                pump(for: 0.1)
                let toggle = try XCTUnwrap(switchComponent.toggle)
                let title = try XCTUnwrap(labels(in: try XCTUnwrap(switchComponent.view as? Box)).first { $0.text == "Notifications" })
                let toggleX = try XCTUnwrap(toggle.convert(Point(x: 0, y: 0), to: box)).x
                let titleX = try XCTUnwrap(title.convert(Point(x: 0, y: 0), to: box)).x
                let entryTitle = try XCTUnwrap(labels(in: try XCTUnwrap(entryComponent.view as? Box)).first { $0.text == "Name" })
                let entryTitleX = try XCTUnwrap(entryTitle.convert(Point(x: 0, y: 0), to: box)).x
                let middle = box.allocatedSize.width / 2
                XCTAssertEqual(toggle.textDirection, direction)
                if direction == .rightToLeft {
                    XCTAssertLessThan(toggleX, titleX, "right to left, the switch is at the left")
                    XCTAssertGreaterThan(entryTitleX + entryTitle.allocatedSize.width, middle, "and titles start at the right")
                } else {
                    XCTAssertGreaterThan(toggleX, titleX, "left to right, the switch is at the right")
                    XCTAssertLessThan(entryTitleX, middle)
                }
            }
        }
    }

    // MARK: Helpers

    /// The labels in `container`'s tree.
    @MainActor
    private func labels(in container: Container) -> [Label] {
        container.children.flatMap { child -> [Label] in
            if let label = child as? Label { return [label] }
            if let inner = child as? Container { return labels(in: inner) }
            return []
        }
    }

    /// The colour `label`'s text is drawn in.
    @MainActor
    private func colour(of label: Label) -> (red: Double, green: Double, blue: Double) {
        var rgba = GdkRGBA()
        let context = gtk_widget_get_style_context(label.gtkWidget)
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &rgba)
        return (rgba.red, rgba.green, rgba.blue)
    }
}
