import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// What a document reads as `env`: the window's width class as the window is resized, the view's
/// direction, and the colour scheme GTK draws in, each change re-rendering what reads it.
final class ViewControllerEnvironmentTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func title(_ controller: ViewController) -> String? {
        controller.viewModel?.bodyComponentModels.first?.title
    }

    func testTheWidthClassFollowsTheWindowAndTheSchemeFollowsTheTheme() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let document = #"""
                {"body": [{"id": "env", "component": {"id": "test:row"},
                           "text": {"title": "@{env.widthClass} @{env.direction} @{env.colorScheme}"}},
                          {"id": "wide", "component": {"id": "test:row"}, "text": {"title": "Side panel"},
                           "visible": "@{env.widthClass != 'compact'}"}]}
                """#
            let controller = try harness.open(width: 400) { XCTAssertEqual(try? $0.addJSON(data: Data(document.utf8)), []) }
            pump(until: { self.title(controller) == "compact ltr light" }, "a narrow window")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 1, "the side panel waits for room")

            gtk_window_resize(hub_window(harness.window!), 1000, 300)
            pump(until: { self.title(controller) == "wide ltr light" }, "a wide window")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 2, "room for the side panel")
            gtk_window_resize(hub_window(harness.window!), 700, 300)
            pump(until: { self.title(controller) == "medium ltr light" }, "a medium window")

            Self.setPrefersDarkTheme(true)
            defer { Self.setPrefersDarkTheme(false) }
            pump(until: { self.title(controller) == "medium ltr dark" }, "the dark style")
        }
    }

    /// What the app sets to follow a dark style (GTK 3 draws dark only when asked).
    @MainActor
    private static func setPrefersDarkTheme(_ dark: Bool) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN, a macro Swift does not import
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer<GObject>(OpaquePointer(gtk_settings_get_default())),
                              "gtk-application-prefer-dark-theme", &value)
        g_value_unset(&value)
    }

    func testADocumentsOwnDirectionIsItsEnvironments() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let document = #"{"direction": "rtl", "body": [{"component": {"id": "test:row"}, "text": {"title": "@{env.direction}"}}]}"#
            let controller = try harness.open { XCTAssertEqual(try? $0.addJSON(data: Data(document.utf8)), []) }
            pump(until: { self.title(controller) == "rtl" }, "the document's direction")
        }
    }
}
