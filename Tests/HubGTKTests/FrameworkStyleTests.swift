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

    /// The icon GTK's style gives `spinner` now: the value of `-gtk-icon-source` as the GTK
    /// Inspector prints it. GTK prints only the properties a style sheet set, and knows which only
    /// with `GTK_CSS_DEBUG` set before its first style sheet is read (see ResourceStyleTests).
    @MainActor
    private func iconSource(of spinner: Spinner) -> String? {
        let context = gtk_widget_get_style_context(spinner.gtkWidget)
        // Asking for a property brings the style up to date with the state (the print alone does not).
        var color = GdkRGBA()
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        guard let printed = gtk_style_context_to_string(context, GTK_STYLE_CONTEXT_PRINT_SHOW_STYLE) else { return nil }
        defer { g_free(printed) }
        let line = String(cString: printed).split(separator: "\n").first { $0.contains("-gtk-icon-source:") }
        return line.map { String($0.drop { $0 != ":" }.dropFirst().prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }
    }

    /// HubGTK's `spinner:not(:checked)` gives a spinner that does not turn no icon, so that drawing
    /// the header bar's idle spinner does not load the theme's SVG icon and its loader
    /// (docs/benchmarks.md, "No spinner for a view that loads in a moment"). A spinner that turns
    /// must keep the theme's icon, or it would turn and draw nothing: in the normal theme and in
    /// high contrast, since every spinner of an app has this style sheet. Runs again in a test
    /// process of its own with `GTK_CSS_DEBUG` set (`iconSource(of:)`).
    func testOnlyATurningSpinnerHasAnIcon() throws {
        if try runsAgainInAChildProcess("HubGTKTests.FrameworkStyleTests/testOnlyATurningSpinnerHasAnIcon", with: "GTK_CSS_DEBUG") { return }
        try onMain {
            FrameworkStyle.installIfNeeded()
            let spinner = Spinner()
            let window = Window()
            window.add(spinner)
            window.showAll()
            defer { window.destroy() }
            for theme in ["Adwaita", "HighContrast"] {
                hub_settings_set_string("gtk-theme-name", theme)
                defer { hub_settings_reset("gtk-theme-name") }
                spinner.isSpinning = false
                XCTAssertEqual(iconSource(of: spinner), "none", "\(theme): a spinner that does not turn has no icon")
                spinner.isSpinning = true
                let turning = iconSource(of: spinner)
                XCTAssertEqual(turning?.contains("process-working-symbolic"), true,
                               "\(theme): a spinner that turns has the theme's icon, not \(turning ?? "nothing")")
            }
        }
    }
}
