import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// Keys sent to the window (`pressInWindow`), which GTK routes to its focus widget, so these tests
/// see where the focus really is.
final class ViewerKeyboardFocusTests: GtkTestCase, @unchecked Sendable {
    func testHomeAndEndScrollAfterClickingARowInAMillionRows() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:reallylonglist:million")
            let list = try XCTUnwrap(app.navigator.currentPage?.viewController)
            // Built off the main thread, then laid out a chunk per main-loop turn: End goes to the
            // bottom of the whole list once it is laid out.
            pump(until: { list.liveBodyComponentCount > 0 }, timeout: 60, "a million rows")
            pump(until: { list.layout?.count == 1_000_000 }, timeout: 60, "the whole layout")
            let cell = try XCTUnwrap(list.cellWidget(atBodyIndex: 1))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "row allocated")
            click(cell)
            pump(for: 0.05)
            let bottom = list.canvas.maximumOffset
            XCTAssertGreaterThan(bottom, 1_000_000)
            pressInWindow(key: GDK_KEY_End, of: window.window.gtkWidget)
            pump(until: { list.contentOffset.y == bottom }, "End scrolls to the bottom")
            // The clicked row has scrolled away; the keys must still reach the view.
            pressInWindow(key: GDK_KEY_Home, of: window.window.gtkWidget)
            pump(until: { list.contentOffset.y == 0 }, "Home scrolls to the top")
            pressInWindow(key: GDK_KEY_Page_Down, of: window.window.gtkWidget)
            pump(until: { list.contentOffset.y > 0 }, "Page Down scrolls down")
            let afterPage = list.contentOffset.y
            pressInWindow(key: GDK_KEY_End, of: window.window.gtkWidget)
            pump(until: { list.contentOffset.y == bottom }, "End scrolls to the bottom again")
            XCTAssertGreaterThan(bottom, afterPage)
        }
    }
}
