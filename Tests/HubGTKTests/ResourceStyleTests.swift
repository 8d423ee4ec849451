import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Issue 39, goal 6: the framework's style sheets come from its GResource bundle, linked in, and
/// the GTK Inspector names their rules by resource path; an app's own bundle works the same way.
final class ResourceStyleTests: GtkTestCase, @unchecked Sendable {
    /// The folder of the resource sources (data/resources).
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/resources")

    /// The resource a widget's `property` comes from, as the GTK Inspector shows it (the file of the
    /// CSS section that set it), or nil when no style sheet set it.
    @MainActor
    private func origin(of property: String, in widget: Widget) -> String? {
        let context = gtk_widget_get_style_context(widget.gtkWidget)
        guard let section = gtk_style_context_get_section(context, property),
              let file = gtk_css_section_get_file(section),
              let uri = g_file_get_uri(file)
        else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    func testTheFrameworksStyleSheetsAreLoadedFromTheLinkedInBundle() throws {
        try onMain {
            FrameworkStyle.installIfNeeded()
            let sheet = try XCTUnwrap(FrameworkStyle.styleSheet)
            XCTAssertEqual(sheet.resourcePath, "/org/hubframework/HubGTK/style.css")
            XCTAssertEqual(sheet.installedPriority, .framework)
            // The linked-in bundle has what data/resources has (tools/resources.sh check, at run time).
            for path in ["HubGTK/style.css", "HubGTK/style-hc.css", "HubApp/style.css"] {
                let linked = try XCTUnwrap(ResourceBundle.data(at: "/org/hubframework/\(path)"), path)
                XCTAssertEqual(linked, try Data(contentsOf: Self.sources.appendingPathComponent(path)), path)
            }
        }
    }

    /// What the GTK Inspector shows for a rule: the resource it came from, not `<data>`. GTK keeps
    /// where each rule came from only when `GTK_CSS_DEBUG` is set before its first style sheet is
    /// read (the Inspector turns that on as it starts), so the test runs again in a test process of
    /// its own with it set.
    func testTheInspectorNamesTheFrameworksRulesByTheirResourcePath() throws {
        if try runsAgainInAChildProcess("HubGTKTests.ResourceStyleTests/testTheInspectorNamesTheFrameworksRulesByTheirResourcePath", with: "GTK_CSS_DEBUG") { return }
        try onMain {
            FrameworkStyle.installIfNeeded()
            let row = RowComponent()
            row.loadView()
            let view = try XCTUnwrap(row.view)
            let window = Window()
            window.add(view)
            window.showAll()
            defer { window.destroy() }
            XCTAssertEqual(origin(of: "padding-left", in: view), "resource:///org/hubframework/HubGTK/style.css")

            // An app's bundle: its style.css, and its style-hc.css in high contrast.
            let resources = try CompiledResources(prefix: "/org/example/Inspected", files: [
                "style.css": ".style-test-inspected { padding-left: 7px; }",
                "style-hc.css": ".style-test-inspected { padding-left: 9px; }",
            ])
            defer { resources.remove() }
            let bundle = try ResourceBundle(contentsOf: resources.url)
            bundle.register()
            defer { bundle.unregister() }
            let sheets = ResourceStyleSheets(folder: "/org/example/Inspected", priority: .application)
            XCTAssertTrue(try sheets.install())
            defer { sheets.uninstall() }
            view.addCSSClass("style-test-inspected")
            XCTAssertEqual(origin(of: "padding-left", in: view), "resource:///org/example/Inspected/style.css")
            hub_settings_set_string("gtk-theme-name", "HighContrast")
            defer { hub_settings_reset("gtk-theme-name") }
            XCTAssertEqual(origin(of: "padding-left", in: view), "resource:///org/example/Inspected/style-hc.css")
        }
    }

    /// An app's own bundle: compiled, registered, its `style.css` installed, its `style-hc.css` added
    /// in high contrast and taken away after, the Inspector naming both.
    func testAnAppsBundleBringsItsStyleSheetsAndTheirHighContrastVariant() throws {
        try onMain {
            let resources = try CompiledResources(prefix: "/org/example/Styled", files: [
                "style.css": ".style-test-box { padding-left: 7px; }",
                "style-hc.css": ".style-test-box { padding-left: 9px; }",
            ])
            defer { resources.remove() }
            let bundle = try ResourceBundle(contentsOf: resources.url)
            XCTAssertTrue(bundle.contains("/org/example/Styled/style.css"))
            XCTAssertFalse(ResourceBundle.exists("/org/example/Styled/style.css"), "not registered yet")
            bundle.register()
            defer { bundle.unregister() }
            XCTAssertTrue(ResourceBundle.exists("/org/example/Styled/style.css"))

            let sheets = ResourceStyleSheets(folder: "/org/example/Styled", priority: .application)
            XCTAssertTrue(try sheets.install())
            defer { sheets.uninstall() }
            XCTAssertNil(sheets.dark, "no style-dark.css")
            let box = Box(.vertical)
            box.addCSSClass("style-test-box")
            let window = Window()
            window.add(box)
            window.showAll()
            defer { window.destroy() }
            @MainActor func padding() -> Int16 { leftPadding(of: box.gtkWidget) }
            XCTAssertEqual(padding(), 7)

            hub_settings_set_string("gtk-theme-name", "HighContrast")
            defer { hub_settings_reset("gtk-theme-name") }
            XCTAssertEqual(padding(), 9, "style-hc.css in high contrast")
            hub_settings_reset("gtk-theme-name")
            XCTAssertEqual(padding(), 7, "and not after")
        }
    }

    func testBundlesAndStyleSheetsThatCannotBeReadSayWhy() throws {
        try onMain {
            let notABundle = FileManager.default.temporaryDirectory.appendingPathComponent("style-\(getpid())-not.gresource")
            try Data("not a bundle".utf8).write(to: notABundle)
            defer { try? FileManager.default.removeItem(at: notABundle) }
            XCTAssertThrowsError(try ResourceBundle(contentsOf: notABundle))
            XCTAssertThrowsError(try ResourceBundle(contentsOf: URL(fileURLWithPath: "/nonexistent.gresource")))
            XCTAssertThrowsError(try ResourceBundle(data: Data("GVariant but not really".utf8)))

            let resources = try CompiledResources(prefix: "/org/example/Broken", files: ["style.css": ".a {\n  padding: nonsense;\n}"])
            defer { resources.remove() }
            let bundle = try ResourceBundle(data: try Data(contentsOf: resources.url))
            bundle.register()
            defer { bundle.unregister() }
            XCTAssertThrowsError(try StyleSheet(resource: "/org/example/Broken/style.css")) { error in
                XCTAssertTrue(String(describing: error).hasPrefix("/org/example/Broken/style.css:2:"), "\(error)")
            }
            XCTAssertThrowsError(try ResourceStyleSheets(folder: "/org/example/Broken", priority: .application).install())
            XCTAssertThrowsError(try StyleSheet(resource: "/org/example/Missing/style.css"))
        }
    }
}
