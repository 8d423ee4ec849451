import CGtk
import Foundation
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

final class ViewerWindowTests: GtkTestCase, @unchecked Sendable {
    func testViewerWindowOpensWithHeaderBarAndAddressEntry() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let window = app.activate()
            pump(until: { gtk_widget_get_mapped(window.window.gtkWidget) != 0 }, "the window to be mapped")

            XCTAssertEqual(Viewer.applicationID, "org.hubframework.Viewer")
            XCTAssertEqual(gtk_window_get_titlebar(hub_window(window.window.gtkWidget)), window.headerBar.gtkWidget)
            XCTAssertEqual(gtk_header_bar_get_custom_title(hub_header_bar(window.headerBar.gtkWidget)),
                           gtk_widget_get_parent(try XCTUnwrap(window.addressEntry).gtkWidget), "the address entry is in the title area")
            XCTAssertNotEqual(gtk_widget_get_visible(try XCTUnwrap(window.addressEntry).gtkWidget), 0)
            app.navigator.open("hub-demo:root")
            XCTAssertEqual(gtk_widget_get_sensitive(window.backButton.gtkWidget), 0, "nothing to go back to yet")

            window.address = "hub-demo:root"
            XCTAssertEqual(window.address, "hub-demo:root")
            window.title = "Root"
            XCTAssertEqual(window.title, "Root")

            app.navigator.tearDown()
        }
    }
}
