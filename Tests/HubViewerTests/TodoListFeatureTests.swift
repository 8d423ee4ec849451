import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// Answers the todo list's question with prepared text instead of a dialog.
@MainActor
final class CannedTextPrompt: TextPrompt {
    var answers: [String?]
    private(set) var requests: [TextPromptRequest] = []
    private(set) var parents: [Widget?] = []

    init(_ answers: [String?]) { self.answers = answers }

    func askForText(_ request: TextPromptRequest, parent: Widget?, completion: @escaping @MainActor (String?) -> Void) {
        requests.append(request)
        parents.append(parent)
        let answer = answers.isEmpty ? nil : answers.removeFirst()
        // Answer later, as a person would.
        MainThread.async { completion(answer) }
    }
}

/// The todo list: the header bar's Add button, an asynchronous action asking for text and chaining
/// to `namespace:add-completed`, and a search bar filtering the items.
final class TodoListFeatureTests: GtkTestCase, @unchecked Sendable {
    override func tearDown() {
        MainActor.assumeIsolated { DemoEnvironment.shared.textPrompt = GtkTextPrompt() }
        super.tearDown()
    }

    /// The header bar's Add button.
    @MainActor
    private func addButton(_ app: HubApplication) throws -> WidgetPointer {
        let window = try XCTUnwrap(app.mainWindow)
        let buttons = Gtk.children(of: window.barItemsBox.gtkWidget)
        XCTAssertEqual(buttons.count, 1)
        let button = try XCTUnwrap(buttons.first)
        XCTAssertNotEqual(gtk_widget_get_visible(button), 0)
        XCTAssertNotEqual(gtk_widget_get_sensitive(button), 0)
        return button
    }

    @MainActor
    private func itemTitles(_ controller: ViewController) -> [String] {
        (controller.viewModel?.bodyComponentModels ?? []).filter { $0.identifier.hasPrefix("item-") }.compactMap(\.title)
    }

    func testAddingTwoItemsAndFilteringThem() throws {
        try onMain {
            let prompt = CannedTextPrompt(["First item", "Second thing", nil, "   "])
            DemoEnvironment.shared.textPrompt = prompt
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Todo List", in: app)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:todoList")
            XCTAssertEqual(app.mainWindow?.title, "Todo List")
            XCTAssertEqual(controller.navigationItem.rightItems.first?.actionIdentifier?.identifierString, "namespace:add")
            XCTAssertEqual(bodyTitles(controller), ["Nothing to do yet"])

            gtk_button_clicked(hub_button(try addButton(app)))
            pump(until: { self.itemTitles(controller) == ["First item"] }, "the first item")
            XCTAssertEqual(prompt.requests.first?.title, "Add an item")
            XCTAssertTrue(prompt.parents.first.flatMap { $0 } === controller.view, "asked over the view")
            // With an item there is a search bar to filter with, and no "nothing to do" row.
            let models = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            XCTAssertEqual(models.map(\.identifier), ["searchBar", "item-0"])
            XCTAssertEqual(models[0].customData?["placeholder"], "Filter your todo items")
            XCTAssertEqual(models[0].customData?["action"], "todo:filter")

            gtk_button_clicked(hub_button(try addButton(app)))
            pump(until: { self.itemTitles(controller) == ["First item", "Second thing"] }, "the second item")
            // Cancelled, and blank: nothing is added.
            gtk_button_clicked(hub_button(try addButton(app)))
            gtk_button_clicked(hub_button(try addButton(app)))
            pump(until: { prompt.requests.count == 4 && prompt.answers.isEmpty }, "both questions answered")
            pump(for: 0.1)
            XCTAssertEqual(itemTitles(controller), ["First item", "Second thing"])

            // The rows are on screen.
            for index in 1...2 {
                let row = try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? RowComponent)
                _ = row
                XCTAssertGreaterThan(gtk_widget_get_allocated_height(try visibleCell(atBodyIndex: index, in: controller)), 1)
            }

            // Filtering, case-insensitively, as the user types (every keystroke, without waiting).
            let searchBar = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? SearchBarComponent)
            let entry = try XCTUnwrap(searchBar.searchEntry?.gtkWidget)
            for text in ["F", "Fi", "Fir", "Firs", "First"] { gtk_entry_set_text(hub_entry(entry), text) }
            pump(until: { self.itemTitles(controller) == ["First item"] }, "only the first item")
            pump(for: 0.1)
            XCTAssertEqual(itemTitles(controller), ["First item"])
            XCTAssertEqual(Gtk.entryText(entry), "First", "the search bar keeps its text")
            gtk_entry_set_text(hub_entry(entry), "THING")
            pump(until: { self.itemTitles(controller) == ["Second thing"] }, "only the second item")
            gtk_entry_set_text(hub_entry(entry), "nothing like it")
            pump(until: { self.itemTitles(controller).isEmpty }, "no item")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), ["searchBar"])
            gtk_entry_set_text(hub_entry(entry), "")
            pump(until: { self.itemTitles(controller) == ["First item", "Second thing"] }, "every item again")
        }
    }

    func testTheAddDialogAsksForTheItemAndCanBeCancelled() throws {
        try onMain {
            let prompt = GtkTextPrompt()
            DemoEnvironment.shared.textPrompt = prompt
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Todo List", in: app)
            let window = try XCTUnwrap(app.mainWindow)

            gtk_button_clicked(hub_button(try addButton(app)))
            let dialog = try XCTUnwrap(prompt.presentation)
            pump(until: { gtk_widget_get_mapped(dialog.dialog.gtkWidget) != 0 }, "the dialog on screen")
            XCTAssertEqual(String(cString: gtk_window_get_title(hub_window(dialog.dialog.gtkWidget))), "Add an item")
            XCTAssertEqual(gtk_window_get_transient_for(hub_window(dialog.dialog.gtkWidget)), hub_window(window.window.gtkWidget))
            XCTAssertNotEqual(gtk_window_get_modal(hub_window(dialog.dialog.gtkWidget)), 0)
            XCTAssertEqual(gtk_window_get_focus(hub_window(dialog.dialog.gtkWidget)), dialog.entry.gtkWidget, "the entry has the focus")
            gtk_entry_set_text(hub_entry(dialog.entry.gtkWidget), "Water the plants")
            gtk_dialog_response(hub_dialog(dialog.dialog.gtkWidget), GTK_RESPONSE_ACCEPT.rawValue)
            XCTAssertNil(prompt.presentation, "the dialog is gone")
            pump(until: { self.itemTitles(controller) == ["Water the plants"] }, "the new item")

            // Cancel adds nothing.
            gtk_button_clicked(hub_button(try addButton(app)))
            let second = try XCTUnwrap(prompt.presentation)
            gtk_entry_set_text(hub_entry(second.entry.gtkWidget), "Not this")
            gtk_dialog_response(hub_dialog(second.dialog.gtkWidget), GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertNil(prompt.presentation)
            pump(for: 0.1)
            XCTAssertEqual(itemTitles(controller), ["Water the plants"])

            // Enter in the entry answers too (the dialog's default response).
            gtk_button_clicked(hub_button(try addButton(app)))
            let third = try XCTUnwrap(prompt.presentation)
            pump(until: { gtk_widget_get_mapped(third.dialog.gtkWidget) != 0 }, "the third dialog on screen")
            gtk_entry_set_text(hub_entry(third.entry.gtkWidget), "Call mum")
            gtk_widget_activate(third.entry.gtkWidget)
            pump(until: { self.itemTitles(controller) == ["Water the plants", "Call mum"] }, "the item added with Enter")
            XCTAssertNil(prompt.presentation)
        }
    }
}
