import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// HubGTK's own stylesheet: installed by the framework, below application CSS, and enough on its
/// own to style the default components.
final class FrameworkStyleTests: GtkTestCase, @unchecked Sendable {
    /// The left padding GTK computes for a new row component's widget now.
    @MainActor
    private func rowPadding() throws -> Int16 {
        let row = RowComponent()
        row.loadView()
        return leftPadding(of: try XCTUnwrap(row.view).gtkWidget)
    }

    func testHubGTKInstallsItsStylesheetBetweenTheThemeAndTheApplication() throws {
        try onMain {
            // A default component installs it when it loads its view (GtkKit, which set GTK up in
            // GtkTestCase's setUp, does not know HubGTK's stylesheet).
            RowComponent().loadView()
            let sheet = try XCTUnwrap(FrameworkStyle.styleSheet, "installed by a default component's loadView()")
            XCTAssertEqual(sheet.installedPriority, .framework)
            XCTAssertGreaterThan(StyleSheet.Priority.framework, .theme)
            XCTAssertGreaterThan(StyleSheet.Priority.framework, .settings)
            XCTAssertLessThan(StyleSheet.Priority.framework, .application)
            FrameworkStyle.installIfNeeded()
            XCTAssertTrue(FrameworkStyle.styleSheet === sheet, "installed once")
        }
    }

    func testDefaultComponentsAreStyledWithoutAnyApplicationStylesheet() throws {
        try onMain {
            let sheet = try XCTUnwrap(FrameworkStyle.styleSheet)
            XCTAssertEqual(try rowPadding(), 18, "hub-gtk.css gives rows their padding")
            // The rule is HubGTK's, not the viewer's (which other tests in this process load).
            sheet.uninstall()
            defer { sheet.install(priority: .framework) }
            XCTAssertEqual(try rowPadding(), 0, "without HubGTK's stylesheet a row has no padding")
        }
    }

    func testApplicationCSSOverridesHubGTKs() throws {
        try onMain {
            XCTAssertEqual(try rowPadding(), 18)
            let application = try StyleSheet(css: ".hub-row { padding: 0 4px; }")
            application.install()
            defer { application.uninstall() }
            XCTAssertEqual(application.installedPriority, .application)
            XCTAssertEqual(try rowPadding(), 4, "the application's rule wins over HubGTK's")
        }
    }

    func testStylesheetsParseOrSayWhyNot() throws {
        try onMain {
            XCTAssertThrowsError(try StyleSheet(css: ".hub-row { padding: nonsense; }")) { error in
                XCTAssertFalse(String(describing: error).isEmpty)
            }
            XCTAssertThrowsError(try StyleSheet(contentsOf: URL(fileURLWithPath: "/nonexistent/style.css")))
            FrameworkResources.registerIfNeeded()
            XCTAssertNoThrow(try StyleSheet(resource: "/org/hubframework/HubGTK/style.css"), "HubGTK's stylesheet")
            XCTAssertNoThrow(try StyleSheet(resource: "/org/hubframework/HubGTK/style-hc.css"), "its high-contrast rules")
            XCTAssertNoThrow(try StyleSheet(resource: "/org/hubframework/HubApp/style.css"), "HubApp's stylesheet")
            XCTAssertThrowsError(try StyleSheet(resource: "/org/hubframework/HubGTK/nonexistent.css"))
        }
    }
}
