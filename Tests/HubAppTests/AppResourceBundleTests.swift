import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// Issue 39, goal 6: an app adds its own resource bundle, and the shell installs the style sheets
/// under its resource base path when it starts up, following dark and light.
final class AppResourceBundleTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func rowPadding() throws -> Int16 {
        let row = RowComponent()
        row.loadView()
        return leftPadding(of: try XCTUnwrap(row.view).gtkWidget)
    }

    func testAnAppsBundleStylesItsViewsFromItsResourceBasePath() throws {
        try onMain {
            let resources = try CompiledResources(prefix: "/org/example/Atlas", files: [
                "style.css": ".hub-row { padding-left: 31px; }",
                "style-dark.css": ".hub-row { padding-left: 33px; }",
            ])
            defer { resources.remove() }
            let app = try AtlasApp.make()
            app.followsSystemStyle = false
            app.addResourceBundle(try ResourceBundle(contentsOf: resources.url))
            app.resourceBasePath = "/org/example/Atlas"
            defer {
                app.resourceStyleSheets?.uninstall()
                app.resourceBundles.forEach { $0.unregister() }
                app.resourceBasePath = nil
            }
            XCTAssertEqual(try rowPadding(), 18, "HubGTK's padding before the app starts up")
            app.startup()
            defer { app.close() }
            let sheets = try XCTUnwrap(app.resourceStyleSheets, "the app's style sheets, installed at startup")
            XCTAssertEqual(sheets.base?.resourcePath, "/org/example/Atlas/style.css")
            XCTAssertEqual(sheets.base?.installedPriority, .application)
            XCTAssertNil(sheets.highContrast)
            XCTAssertEqual(try rowPadding(), 31, "the app's style.css wins over HubGTK's")

            hub_settings_set_boolean("gtk-application-prefer-dark-theme", 1)
            defer { hub_settings_reset("gtk-application-prefer-dark-theme") }
            XCTAssertEqual(try rowPadding(), 33, "style-dark.css while GTK draws dark")
            hub_settings_set_boolean("gtk-application-prefer-dark-theme", 0)
            XCTAssertEqual(try rowPadding(), 31, "and style.css alone in light")
        }
    }

    /// An app without resources of its own gets none, and nothing fails.
    func testAnAppWithoutABundleHasNoStyleSheetsOfItsOwn() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.followsSystemStyle = false
            app.resourceBasePath = "/org/example/Nothing"
            defer { app.resourceBasePath = nil }
            app.startup()
            defer { app.close() }
            XCTAssertNil(app.resourceStyleSheets)
            XCTAssertEqual(try rowPadding(), 18)
        }
    }
}
