import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Notes when a GObject is finalized (GLib clears a weak pointer then).
@MainActor
private final class FinalizationProbe {
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    init(_ widget: Widget) {
        slot.initialize(to: UnsafeMutableRawPointer(widget.gtkWidget))
        g_object_add_weak_pointer(UnsafeMutablePointer(OpaquePointer(widget.gtkWidget)), slot)
    }

    isolated deinit {
        if let object = slot.pointee { g_object_remove_weak_pointer(UnsafeMutablePointer(OpaquePointer(object)), slot) }
        slot.deallocate()
    }

    var isFinalized: Bool { slot.pointee == nil }
}

/// Something a closure can capture, to see when the closure is released.
private final class Token {}

@MainActor
private func referenceCount(_ widget: Widget) -> UInt32 {
    UnsafeMutablePointer<GObject>(OpaquePointer(widget.gtkWidget)).pointee.ref_count
}

final class WidgetLayerTests: GtkTestCase, @unchecked Sendable {
    func testAWidgetOwnsExactlyOneNonFloatingReferenceAndFinalizesWithIt() throws {
        try onMain {
            var label: Label? = Label("hello")
            let probe = FinalizationProbe(try XCTUnwrap(label))
            XCTAssertEqual(g_object_is_floating(UnsafeMutableRawPointer(label!.gtkWidget)), 0, "the floating ref is sunk")
            XCTAssertEqual(referenceCount(label!), 1)
            XCTAssertTrue(Widget.wrapper(of: label!.gtkWidget) === label, "the GTK widget knows its Swift object")
            label = nil
            XCTAssertTrue(probe.isFinalized, "releasing the Swift object releases the GTK widget")
        }
    }

    func testAContainerKeepsItsChildrenAliveAndRemovingLetsThemGo() throws {
        try onMain {
            let box = HubGTK.Box(.vertical)
            var title: Label? = Label("title")
            let probe = FinalizationProbe(try XCTUnwrap(title))
            box.append(title!)
            XCTAssertTrue(title!.parent === box)
            XCTAssertEqual(box.children.count, 1)
            let child = title!
            title = nil
            XCTAssertFalse(probe.isFinalized, "the box keeps its child")
            XCTAssertEqual(Gtk.children(of: box.gtkWidget), [child.gtkWidget])
            box.remove(child)
            XCTAssertTrue(Gtk.children(of: box.gtkWidget).isEmpty)
            XCTAssertNil(child.parent)
            XCTAssertTrue(box.children.isEmpty)
        }
    }

    func testAddingToAnotherContainerMovesTheChild() {
        onMain {
            let first = HubGTK.Box(.horizontal)
            let second = HubGTK.Box(.horizontal)
            let label = Label("moving")
            first.append(label)
            second.append(label)
            XCTAssertTrue(first.children.isEmpty)
            XCTAssertTrue(Gtk.children(of: first.gtkWidget).isEmpty)
            XCTAssertTrue(label.parent === second)
            XCTAssertEqual(Gtk.children(of: second.gtkWidget), [label.gtkWidget])
        }
    }

    func testSignalHandlersAreReleasedWithTheWidget() {
        onMain {
            var button: Button? = Button(label: "Go")
            weak var weakToken: Token?
            var clicks = 0
            do {
                let token = Token()
                weakToken = token
                button!.onClicked = { _ = token; clicks += 1 }
            }
            button!.click()
            button!.click()
            XCTAssertEqual(clicks, 2)
            XCTAssertNotNil(weakToken, "the handler lives as long as the button")
            button = nil
            XCTAssertNil(weakToken, "the handler is released with the button")
        }
    }

    func testReplacingAHandlerKeepsOneConnection() {
        onMain {
            let button = Button(label: "Go")
            var log: [String] = []
            button.onClicked = { log.append("first") }
            button.onClicked = { log.append("second") }
            button.click()
            button.onClicked = nil
            button.click()
            XCTAssertEqual(log, ["second"])
        }
    }

    func testSettingEntryTextInCodeDoesNotReportAChangeButTypingDoes() {
        onMain {
            let entry = Entry()
            var changes: [String] = []
            entry.onChanged = { changes.append(entry.text) }
            entry.text = "set in code"
            XCTAssertEqual(changes, [])
            gtk_entry_set_text(hub_entry(entry.gtkWidget), "typed")  // as the user's typing does
            XCTAssertEqual(changes, ["typed"])
            entry.placeholder = "Search"
            XCTAssertEqual(entry.placeholder, "Search")
        }
    }

    func testAOneLineLabelGivesGTKOnlyWhatALineShows() {
        onMain {
            let label = Label()
            let gtkText = { String(cString: gtk_label_get_text(hub_label(label.gtkWidget))) }
            let long = String(repeating: "word ", count: 800)  // 4,000 bytes
            label.text = long
            XCTAssertEqual(gtkText().utf8.count, 4_000, "not ellipsized: the whole text")
            label.ellipsizes = .end
            XCTAssertLessThanOrEqual(gtkText().utf8.count, 1_024, "one line: cut once the label ellipsizes")
            XCTAssertEqual(label.text, long, "the text reads back as it was given")
            label.wrapsLines = true
            XCTAssertEqual(gtkText().utf8.count, 4_000, "wrapping again: the whole text")
            label.setMarkup("<b>bold</b>")
            XCTAssertEqual(label.text, "bold")
        }
    }

    func testLabelsBoundTheTextTheyHandToPango() {
        onMain {
            let label = Label()
            label.text = String(repeating: "x", count: 200_000)
            XCTAssertLessThanOrEqual(label.text.utf8.count, Label.maximumTextLength)
            XCTAssertTrue(label.text.hasSuffix("…"))
            // Cut at a character boundary, never inside a multi-byte character.
            label.text = String(repeating: "é", count: 20_000)
            XCTAssertTrue(label.text.dropLast().allSatisfy { $0 == "é" })
            label.text = "short"
            XCTAssertEqual(label.text, "short")
            XCTAssertEqual(Label.escapeMarkup("a < b & c"), "a &lt; b &amp; c")
        }
    }

    func testCommonPropertiesRoundTrip() {
        onMain {
            let label = Label("x")
            label.addCSSClass("one")
            XCTAssertTrue(label.hasCSSClass("one"))
            label.setCSSClass("one", false)
            XCTAssertFalse(label.hasCSSClass("one"))
            label.accessibleName = "Name"
            label.accessibleDescription = "Description"
            label.accessibleRole = .heading
            XCTAssertEqual(label.accessibleName, "Name")
            XCTAssertEqual(label.accessibleDescription, "Description")
            XCTAssertEqual(label.accessibleRole, .heading)
            label.tooltip = "Tip"
            XCTAssertEqual(label.tooltip, "Tip")
            label.tooltip = nil
            XCTAssertNil(label.tooltip)
            label.horizontalAlignment = .center
            label.verticalAlignment = .end
            XCTAssertEqual(label.horizontalAlignment, .center)
            XCTAssertEqual(label.verticalAlignment, .end)
            label.margins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
            XCTAssertEqual(label.margins, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            label.setSizeRequest(width: 30, height: 40)
            XCTAssertTrue(label.sizeRequest == (30, 40))
            label.isExcludedFromShowAll = true
            let box = HubGTK.Box(.horizontal)
            box.append(label)
            box.showAll()
            XCTAssertFalse(label.isVisible, "excluded from showAll")
            label.isVisible = true
            XCTAssertTrue(label.isVisible)
            label.isEnabled = false
            XCTAssertFalse(label.isEnabled)
        }
    }

    func testAOneShotTimerFiresOnceAndAReleasedTimerNever() {
        onMain {
            var fired = 0
            var timer: MainLoopTimer? = MainLoopTimer(after: 0.01) { fired += 1 }
            pump(until: { fired == 1 }, "the timer")
            XCTAssertFalse(timer!.isScheduled)
            pump(for: 0.05)
            XCTAssertEqual(fired, 1)
            timer = MainLoopTimer(after: 0.01) { fired += 100 }
            timer = nil
            pump(for: 0.05)
            XCTAssertEqual(fired, 1, "a released timer does not fire")
            var idle = false
            let onIdle = MainLoopTimer(whenIdle: { idle = true })
            pump(until: { idle }, "the idle callback")
            XCTAssertFalse(onIdle.isScheduled)
        }
    }

    func testADialogReportsItsResponseAndKeepsItsContent() {
        onMain {
            let window = Window()
            window.setDefaultSize(width: 300, height: 200)
            window.showAll()
            let dialog = Dialog(title: "Question", modalTo: window)
            dialog.addButton("_Cancel", response: .cancel)
            dialog.addButton("_OK", response: .accept)
            let entry = Entry()
            dialog.contentArea.append(entry)
            XCTAssertTrue(gtk_widget_is_ancestor(entry.gtkWidget, dialog.gtkWidget) != 0)
            XCTAssertEqual(gtk_window_get_transient_for(hub_window(dialog.gtkWidget)), hub_window(window.gtkWidget))
            XCTAssertTrue(entry.window === dialog, "a widget finds its window")
            var responses: [Dialog.Response] = []
            dialog.onResponse = { responses.append($0) }
            dialog.respond(.accept)
            dialog.respond(.cancel)
            XCTAssertEqual(responses, [.accept, .cancel])
            dialog.destroy()
            window.destroy()
        }
    }

    func testTheEntryCompletionListsItsSuggestions() {
        onMain {
            let entry = Entry()
            let completion = EntryCompletion()
            completion.suggestions = ["hub-demo:root", "cities:overview"]
            entry.completion = completion
            let model = gtk_entry_completion_get_model(gtk_entry_get_completion(hub_entry(entry.gtkWidget)))
            XCTAssertEqual(gtk_tree_model_iter_n_children(model, nil), 2)
            completion.suggestions = ["one"]
            XCTAssertEqual(gtk_tree_model_iter_n_children(model, nil), 1)
        }
    }

    func testKeyPressesArriveTyped() {
        onMain {
            let window = Window()
            let entry = Entry()
            window.add(entry)
            window.showAll()
            var keys: [KeyPress.Key] = []
            entry.onKeyPress { press in
                keys.append(press.key)
                return press.key == .escape
            }
            pump(until: { gtk_widget_get_mapped(entry.gtkWidget) != 0 }, "the entry on screen")
            press(key: GDK_KEY_Escape, to: entry.gtkWidget)
            press(key: GDK_KEY_a, to: entry.gtkWidget)
            XCTAssertEqual(keys, [.escape, .character("a")])
            window.destroy()
        }
    }
}
