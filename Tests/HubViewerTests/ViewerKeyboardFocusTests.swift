import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// Keys sent to the window, as the X server delivers them: GTK routes them to the focused widget,
/// so these tests see where the focus really is.
final class ViewerKeyboardFocusTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func pressInWindow(_ key: Int32, _ window: HubWindow) {
        press(key: key, to: window.window.gtkWidget)
    }

    func testHomeAndEndScrollAfterClickingARowInAMillionRows() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let window = try XCTUnwrap(app.mainWindow)
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:reallylonglist:million")
            let list = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { list.liveBodyComponentCount > 0 }, "a million rows")
            let cell = try XCTUnwrap(list.cellWidget(atBodyIndex: 1))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "row allocated")
            click(cell)
            pump(for: 0.05)
            let bottom = list.canvas.maximumOffset
            XCTAssertGreaterThan(bottom, 1_000_000)
            pressInWindow(GDK_KEY_End, window)
            pump(until: { list.contentOffset.y == bottom }, "End scrolls to the bottom")
            // The clicked row has scrolled away; the keys must still reach the view.
            pressInWindow(GDK_KEY_Home, window)
            pump(until: { list.contentOffset.y == 0 }, "Home scrolls to the top")
            pressInWindow(GDK_KEY_Page_Down, window)
            pump(until: { list.contentOffset.y > 0 }, "Page Down scrolls down")
            let afterPage = list.contentOffset.y
            pressInWindow(GDK_KEY_End, window)
            pump(until: { list.contentOffset.y == bottom }, "End scrolls to the bottom again")
            XCTAssertGreaterThan(bottom, afterPage)
        }
    }
}
