import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit

/// GtkKit's `Builder`: a `.ui` definition read from the registered resources hands out its objects
/// by id as the GtkKit type asked for, or nothing; a missing or broken definition is an error.
final class BuilderTests: GtkTestCase, @unchecked Sendable {
    private static let definition = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <menu id="menu">
            <section id="section">
              <item><attribute name="label">First</attribute><attribute name="action">app.first</attribute></item>
              <item><attribute name="label">Second</attribute><attribute name="action">app.second</attribute></item>
            </section>
          </menu>
          <object class="GtkBox" id="box">
            <child><object class="GtkButton" id="button"><property name="label">Press</property></object></child>
          </object>
          <object class="GtkShortcutsWindow" id="shortcuts"/>
          <object class="GtkShortcutsSection" id="shortcuts-section">
            <property name="visible">True</property>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="visible">True</property>
                <property name="title">Kept</property>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="visible">True</property>
                    <property name="title">With keys</property>
                    <property name="action-name">app.builder-test-keys</property>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="visible">True</property>
                    <property name="title">Fixed</property>
                    <property name="accelerator">Escape</property>
                  </object>
                </child>
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="visible">True</property>
                <property name="title">Emptied</property>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="visible">True</property>
                    <property name="title">Without keys</property>
                    <property name="action-name">app.builder-test-none</property>
                  </object>
                </child>
              </object>
            </child>
          </object>
        </interface>
        """

    func testObjectsAreHandedOutByIdAsTheirTypeOrNotAtAll() throws {
        try onMain {
            let resources = try CompiledResources(prefix: "/org/example/Built", files: ["test.ui": Self.definition])
            defer { resources.remove() }
            let bundle = try ResourceBundle(contentsOf: resources.url)
            bundle.register()
            defer { bundle.unregister() }
            let definition = try Builder(resource: "/org/example/Built/test.ui")

            let button = try XCTUnwrap(definition.button("button"))
            XCTAssertEqual(button.label, "Press")
            XCTAssertTrue(definition.button("button") === button, "one Swift object for one widget")
            XCTAssertNil(definition.label("button"), "a button is no label")
            XCTAssertNil(definition.menuButton("button"), "nor a menu button")
            XCTAssertNil(definition.button("nothing"))
            let box = try XCTUnwrap(definition.box("box"))
            XCTAssertEqual(gtk_widget_get_parent(button.gtkWidget), box.gtkWidget)

            let menu = try XCTUnwrap(definition.menu("menu"))
            let section = try XCTUnwrap(definition.menu("section"))
            section.removeItems(action: "app.first")
            section.append("Third", action: "app.third")
            XCTAssertEqual(menu.items.map(\.label), ["Second", "Third"], "the section is the menu's, live")
            XCTAssertNil(definition.menu("box"))
        }
    }

    /// Runs `body` on the main thread with the test definition registered and `app.builder-test-keys`
    /// given Ctrl+K (its sibling action, `app.builder-test-none`, has no keys).
    private func withTheDefinition(_ body: @MainActor (Application) throws -> Void) throws {
        try onMain {
            let resources = try CompiledResources(prefix: "/org/example/Built", files: ["test.ui": Self.definition])
            defer { resources.remove() }
            let bundle = try ResourceBundle(contentsOf: resources.url)
            bundle.register()
            defer { bundle.unregister() }
            let application = SharedApplication.application
            application.setAccelerators(["<Control>k"], forAction: "app.builder-test-keys")
            defer { application.setAccelerators([], forAction: "app.builder-test-keys") }
            try body(application)
        }
    }

    func testAShortcutsWindowShowsTheKeysOfItsActionsAndLeavesOutThoseWithout() throws {
        try withTheDefinition { application in
            let definition = try Builder(resource: "/org/example/Built/test.ui")
            XCTAssertNil(definition.shortcutsWindow("shortcuts", section: "nothing", keysOf: application))
            let added = ShortcutsWindow.Group(title: "Added", shortcuts: [.init(title: "Added", accelerators: ["F1"])])
            let window = try XCTUnwrap(definition.shortcutsWindow("shortcuts", section: "shortcuts-section",
                                                                  keysOf: application, appending: [added]))
            defer { window.destroy() }
            XCTAssertNil(definition.shortcutsWindow("shortcuts", section: "shortcuts-section", keysOf: application),
                         "the section is in a window already")
            XCTAssertEqual(window.shortcuts, [
                .init(title: "With keys", accelerators: ["<Primary>k"]),
                .init(title: "Fixed", accelerators: ["Escape"]),
                .init(title: "Added", accelerators: ["F1"]),
            ])
            let groups = hub_descendants_of_type(window.gtkWidget, gtk_shortcuts_group_get_type())!
            defer { g_ptr_array_unref(groups) }
            XCTAssertEqual(groups.pointee.len, 2, "the group left without shortcuts is gone")
            // GTK's search (the window's magnifier) finds the keys filled in and the groups appended:
            // it copies the shortcuts as the section goes into the window.
            let searchable = hub_descendants_of_type(window.gtkWidget, gtk_shortcuts_shortcut_get_type())!
            defer { g_ptr_array_unref(searchable) }
            XCTAssertEqual(searchable.pointee.len, 6, "the three shortcuts and their three copies for searching")
        }
    }

    /// A shortcuts window closed and gone leaves nothing that a later style change trips over. GTK 3
    /// leaves the window's own parts alive when it is destroyed, and their style referred to the freed
    /// window: adding a style sheet then made GTK log `gtk_widget_get_scale_factor: assertion
    /// 'GTK_IS_WIDGET (widget)' failed`. Run with `G_DEBUG=fatal-criticals`, so such a line ends the test.
    func testAClosedShortcutsWindowLeavesNothingAStyleChangeReads() throws {
        if try runsAgainInAChildProcess(
            "HubGTKTests.BuilderTests/testAClosedShortcutsWindowLeavesNothingAStyleChangeReads",
            with: "G_DEBUG", value: "fatal-criticals")
        {
            return
        }
        try withTheDefinition { application in
            // One made in code and one from a definition, each shown, closed, and let go.
            do {
                let made = ShortcutsWindow(groups: [.init(title: "Made", shortcuts: [.init(title: "Help", accelerators: ["F1"])])])
                let defined = try XCTUnwrap(try Builder(resource: "/org/example/Built/test.ui")
                    .shortcutsWindow("shortcuts", section: "shortcuts-section", keysOf: application))
                for window in [made, defined] {
                    window.present()
                    pump(until: { window.isMapped }, "the shortcuts window on screen")
                    window.close()
                    pump(until: { !window.isMapped }, "the shortcuts window closed")
                    window.destroy()
                }
            }
            _ = GtkRuntime.iterate(until: { false }, timeout: 0.1)
            let sheet = try StyleSheet(css: "label { margin: 1px; }")
            sheet.install()
            _ = GtkRuntime.iterate(until: { false }, timeout: 0.1)
            sheet.uninstall()
        }
    }

    func testAMissingOrBrokenDefinitionIsAnError() throws {
        try onMain {
            XCTAssertThrowsError(try Builder(resource: "/org/example/Built/none.ui")) { error in
                XCTAssertTrue("\(error)".contains("none.ui"), "\(error)")
            }
            let resources = try CompiledResources(prefix: "/org/example/Broken", files: [
                "broken.ui": "<interface><object class=\"GtkButton\" id=\"b\"></interface>",
            ])
            defer { resources.remove() }
            let bundle = try ResourceBundle(contentsOf: resources.url)
            bundle.register()
            defer { bundle.unregister() }
            XCTAssertThrowsError(try Builder(resource: "/org/example/Broken/broken.ui")) { error in
                XCTAssertTrue("\(error)".contains("broken.ui"), "the message names the file: \(error)")
            }
        }
    }
}
