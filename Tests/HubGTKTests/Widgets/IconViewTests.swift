import CGtk
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

final class IconViewTests: GtkTestCase, @unchecked Sendable {
    /// The icon size the GtkImage draws `icon` at.
    @MainActor
    private func themeSize(of icon: IconView) -> GtkIconSize {
        var size: GtkIconSize = GTK_ICON_SIZE_INVALID
        gtk_image_get_icon_name(hub_image(icon.gtkWidget), nil, &size)
        return size
    }

    func testTheSizeGivenToTheInitializerIsApplied() {
        onMain {
            XCTAssertEqual(themeSize(of: IconView(iconName: "dialog-warning-symbolic", size: .dialog)),
                           GTK_ICON_SIZE_DIALOG)
            XCTAssertEqual(themeSize(of: IconView(iconName: "go-next-symbolic")), GTK_ICON_SIZE_BUTTON)
            let exact = IconView(iconName: "go-next-symbolic", size: .points(40))
            XCTAssertEqual(gtk_image_get_pixel_size(hub_image(exact.gtkWidget)), 40)
        }
    }

    func testChangingTheSizeRedrawsTheIconAtIt() {
        onMain {
            let icon = IconView(iconName: "go-next-symbolic")
            icon.size = .largeToolbar
            XCTAssertEqual(themeSize(of: icon), GTK_ICON_SIZE_LARGE_TOOLBAR)
            XCTAssertEqual(icon.iconName, "go-next-symbolic")
        }
    }
}
