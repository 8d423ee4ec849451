import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// Find in every app's window: Ctrl+F (`win.find`) opens the Find bar with the cursor in its field,
/// typing finds the first match from where the person is and says "1 of 11"; Enter and Shift+Enter
/// go to the next and previous match, wrapping around; no match says "No results"; Escape closes
/// the bar, takes the mark off and gives the keyboard focus to the match; another page is searched
/// anew; the shortcuts window lists the keys.
final class FindBarTests: GtkTestCase, @unchecked Sendable {
    private static let places = URL(string: "atlas:places")!

    /// The Atlas app with `atlas:places`: "Place 1" … "Place 300", each with the subtitle "A place".
    @MainActor
    private func makeApp() throws -> HubApplication {
        let app = try AtlasApp.make()
        let list = BlockContentOperation { context in
            context.viewModelBuilder.navigationBarTitle = "Places"
            for number in 1...300 {
                let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "place-\(number)")
                row.title = "Place \(number)"
                row.subtitle = "A place"
            }
        }
        try app.hub.featureRegistry.registerFeature(
            identifier: "places", viewURIPredicate: ViewURIPredicate(viewURI: Self.places), title: "Places",
            contentOperationFactories: [BlockContentOperationFactory { _ in [list] }])
        return app
    }

    /// Types `text` into the field as a person does: the field's text changes, and it says so.
    @MainActor
    private func type(_ text: String, into bar: FindBar) {
        gtk_entry_set_text(hub_entry(bar.entry.gtkWidget), text)
    }

    /// Presses `key` in the bar's field, as the X server delivers a key press to it: with the
    /// hardware keycode, by which GTK matches the field's key bindings (Enter activates it, Escape
    /// stops the search). Sent to the field itself, not routed through its window.
    @MainActor
    private func press(_ key: Int32, state: UInt32 = 0, in bar: FindBar) {
        pressWithKeycode(key: key, state: state, to: bar.entry.gtkWidget)
    }

    @MainActor
    private func openPlaces(_ app: HubApplication) -> (HubWindow, ViewController) {
        app.startup()
        let window = app.activate()
        XCTAssertTrue(app.navigator.open(Self.places))
        let controller = app.navigator.currentPage!.viewController
        pump(until: { window.window.isMapped && controller.liveBodyComponentCount > 0 && !controller.isLoading },
             "the places on screen")
        return (window, controller)
    }

    func testControlFTypingEnterShiftEnterAndEscape() throws {
        try onMain {
            let app = try makeApp()
            defer { app.close() }
            let (window, controller) = openPlaces(app)
            let bar = window.findBar
            XCTAssertFalse(bar.isOpen, "hidden until asked for")
            XCTAssertEqual(app.application.accelerators(forAction: "win.find"), ["<Primary>f"])

            pressInWindow(key: GDK_KEY_f, state: GDK_CONTROL_MASK.rawValue, of: window.window.gtkWidget)
            XCTAssertTrue(bar.isOpen, "Ctrl+F opened the bar")
            pump(until: { bar.entry.hasFocus && bar.entry.isMapped }, "the bar on screen, the cursor in its field")
            XCTAssertEqual(bar.entry.accessibleName, "Find in View")

            // "place 1": Place 1, 10–19, 100–199 (and 21, 31…, 91, 201, 210–219, 221…): counted here.
            let expected = (1...300).filter { String($0).contains("1") }
            type("place 1", into: bar)
            pump(until: { bar.status == "1 of \(expected.count)" }, "the count")
            XCTAssertEqual(controller.revealedComponentIndexPath, [0], "the first match, Place 1")
            XCTAssertEqual(bar.entry.accessibleDescription, bar.status, "read after the field's name")

            // Enter: the next; Shift+Enter: the previous; both wrap around.
            press(GDK_KEY_Return, in: bar)
            XCTAssertEqual(bar.status, "2 of \(expected.count)")
            XCTAssertEqual(controller.revealedComponentIndexPath, [expected[1] - 1])
            press(GDK_KEY_Return, state: GDK_SHIFT_MASK.rawValue, in: bar)
            press(GDK_KEY_Return, state: GDK_SHIFT_MASK.rawValue, in: bar)
            XCTAssertEqual(bar.status, "\(expected.count) of \(expected.count)", "before the first, the last")
            XCTAssertEqual(controller.revealedComponentIndexPath, [expected.last! - 1])
            pump(until: { controller.cellView(atBodyIndex: expected.last! - 1)?.isMapped == true }, "the last match on screen")
            XCTAssertTrue(controller.cellView(atBodyIndex: expected.last! - 1)!.hasCSSClass("hub-find-match"))
            press(GDK_KEY_Return, in: bar)
            XCTAssertEqual(bar.status, "1 of \(expected.count)", "after the last, the first")
            bar.nextButton.click()
            XCTAssertEqual(bar.status, "2 of \(expected.count)", "the Next button")

            // A longer query goes on from the match shown: "place 11" after Place 10 finds Place 11.
            type("place 11", into: bar)
            pump(until: { bar.status.hasSuffix(" of 12") }, "the narrower count")  // 11, 110–119, 211
            XCTAssertEqual(bar.status, "1 of 12")
            XCTAssertEqual(controller.revealedComponentIndexPath, [10])

            type("place 1000", into: bar)
            pump(until: { bar.status == "No results" }, "no match")
            XCTAssertNil(controller.revealedComponentIndexPath)
            press(GDK_KEY_Return, in: bar)
            XCTAssertEqual(bar.status, "No results", "Enter with no match does nothing")

            type("PLACE 299", into: bar)
            pump(until: { bar.status == "1 of 1" }, "one match")
            pump(until: { controller.cellView(atBodyIndex: 298)?.isMapped == true }, "Place 299 on screen")

            // Escape: the bar closes, the mark goes, the keyboard focus is on the match.
            press(GDK_KEY_Escape, in: bar)
            XCTAssertFalse(bar.isOpen, "Escape closed the bar")
            XCTAssertFalse(controller.isFindingComponents)
            XCTAssertNil(controller.revealedComponentIndexPath)
            XCTAssertEqual(controller.focusedBodyIndex, 298, "the focus on the match, which a screen reader announces")
            XCTAssertFalse(controller.cellView(atBodyIndex: 298)!.hasCSSClass("hub-find-match"))
            XCTAssertEqual(bar.status, "")
        }
    }

    func testTheActionOpensTheBarAndAnotherPageIsSearchedAnew() throws {
        try onMain {
            let app = try makeApp()
            defer { app.close() }
            let (window, controller) = openPlaces(app)
            let bar = window.findBar
            // win.find, as org.gtk.Actions runs it.
            window.window.activateAction("find")
            XCTAssertTrue(bar.isOpen)
            type("japan", into: bar)
            pump(until: { bar.status == "No results" }, "nothing in the places")

            // Another page, the bar still open: its view is searched for the same words.
            XCTAssertTrue(app.navigator.open(AtlasApp.countries))
            let countries = app.navigator.currentPage!.viewController
            XCTAssertFalse(controller.isFindingComponents, "the page left is no longer searched")
            pump(until: { bar.status == "1 of 1" }, "Japan among the countries")
            XCTAssertEqual(countries.revealedComponentIndexPath, [1])

            // Ctrl+F again selects the words, to be typed over; an empty field finds nothing.
            window.window.activateAction("find")
            type("", into: bar)
            pump(until: { bar.status.isEmpty }, "no status without words")
            XCTAssertNil(countries.revealedComponentIndexPath)
        }
    }

    func testTheShortcutsWindowListsFind() throws {
        try onMain {
            let app = try makeApp()
            app.startup()
            let window = app.activate()
            defer { app.close() }
            window.window.activateAction("show-help-overlay")
            let shortcuts = try XCTUnwrap(app.appWindows.appWindow(of: window)?.openShortcutsWindow).shortcuts
            XCTAssertTrue(shortcuts.contains(ShortcutsWindow.Shortcut(title: "Find in the view", accelerators: ["<Primary>f"])),
                          "\(shortcuts)")
            XCTAssertTrue(shortcuts.contains { $0.title == "Go to the previous match" && $0.accelerators.contains("<Shift>Return") })
        }
    }

    func testTheStatus() {
        XCTAssertEqual(FindStatus.text(match: nil, count: 0, hasQuery: false), "")
        XCTAssertEqual(FindStatus.text(match: nil, count: 0, hasQuery: true), "No results")
        XCTAssertEqual(FindStatus.text(match: 2, count: 1204, hasQuery: true), "3 of \(LocalizedFormat.number(1204))")
        XCTAssertEqual(FindStatus.text(match: nil, count: 5, hasQuery: true), "1 of 5")
    }
}
