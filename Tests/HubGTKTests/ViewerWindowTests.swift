import CGtk
import Foundation
import HubGTK
import XCTest
@testable import HubViewer

final class ViewerWindowTests: GtkTestCase, @unchecked Sendable {
    func testViewerWindowOpensWithHeaderBarAndAddressEntry() throws {
        onMain {
            let app = ViewerApplication(unique: false)
            var error: UnsafeMutablePointer<GError>? = nil
            XCTAssertNotEqual(g_application_register(hub_g_application(app.application), nil, &error), 0)
            let window = app.activate()
            pump(until: { gtk_widget_get_mapped(window.window) != 0 }, "the window to be mapped")

            XCTAssertEqual(String(cString: g_application_get_application_id(hub_g_application(app.application))),
                           "org.hubframework.Viewer")
            XCTAssertEqual(gtk_window_get_titlebar(hub_window(window.window)), window.headerBar)
            XCTAssertEqual(gtk_header_bar_get_custom_title(hub_header_bar(window.headerBar)), window.addressEntry)
            XCTAssertNotEqual(gtk_widget_get_visible(window.addressEntry), 0)
            XCTAssertEqual(gtk_widget_get_sensitive(window.backButton), 0, "nothing to go back to yet")

            window.address = "hub-demo:root"
            XCTAssertEqual(window.address, "hub-demo:root")
            window.title = "Root"
            XCTAssertEqual(window.title, "Root")

            gtk_widget_destroy(window.window)
        }
    }
}
