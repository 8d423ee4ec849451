import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// What an app with `settingsSchemaID` remembers, in-process with the memory backend `make test`
/// uses, on the viewer's schema (compiled into GSETTINGS_SCHEMA_DIR by the Makefile).
final class HubApplicationSettingsTests: GtkTestCase, @unchecked Sendable {
    private static let schemaID = "org.hubframework.Viewer"

    func testTheAddressHistoryIsMostRecentFirstDeduplicatedAndBounded() {
        var history: [String] = []
        history = AddressHistory.adding("a:1", to: history)
        history = AddressHistory.adding("b:2", to: history)
        history = AddressHistory.adding("a:1", to: history)
        XCTAssertEqual(history, ["a:1", "b:2"], "a URI opened again moves to the front, once")
        XCTAssertEqual(AddressHistory.adding("  ", to: history), history, "blank text is not remembered")
        for index in 0..<150 { history = AddressHistory.adding("n:\(index)", to: history) }
        XCTAssertEqual(history.count, AddressHistory.limit)
        XCTAssertEqual(history.first, "n:149")
        XCTAssertEqual(history.last, "n:50", "the oldest are dropped")
    }

    func testAnAppRemembersAndClearsItsAddressHistory() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.settingsSchemaID = Self.schemaID
            let settings = try XCTUnwrap(app.settings, "the schema is compiled by make test")
            defer { settings.reset("address-history") }
            XCTAssertEqual(app.addressHistory, [])
            for uri in ["atlas:a", "atlas:b", "atlas:a"] { app.rememberAddress(uri) }
            XCTAssertEqual(app.addressHistory, ["atlas:a", "atlas:b"])
            XCTAssertEqual(settings.strings(forKey: "address-history"), ["atlas:a", "atlas:b"], "stored in the settings")
            for index in 0..<120 { app.rememberAddress("atlas:\(index)") }
            XCTAssertEqual(app.addressHistory.count, 100)
            XCTAssertEqual(app.addressHistory.first, "atlas:119")
            app.clearAddressHistory()
            XCTAssertEqual(app.addressHistory, [])

            // The app.clear-history action does the same.
            app.rememberAddress("atlas:c")
            app.startup()
            g_action_group_activate_action(OpaquePointer(app.application.gtkApplication), "clear-history", nil)
            XCTAssertEqual(app.addressHistory, [])
        }
    }

    func testWithoutAnInstalledSchemaNothingIsRemembered() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.settingsSchemaID = "org.hubframework.NotInstalled"
            XCTAssertNil(app.settings)
            app.rememberAddress("atlas:a")
            XCTAssertEqual(app.addressHistory, [])
            XCTAssertNil(app.liveSettingFromSettings())
        }
    }

    func testLiveEditingComesFromTheSettingsUnlessTheCommandLineSays() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.isLiveEditingEnabled = true
            app.settingsSchemaID = Self.schemaID
            let settings = try XCTUnwrap(app.settings)
            defer {
                settings.reset("live-editing-port")
                settings.reset("live-editing-enabled")
                app.isLiveEditingEnabled = false
            }
            XCTAssertEqual(app.liveSettingFromSettings(), .port(7777), "the schema's defaults: as without settings")
            settings.setUInt16(8123, forKey: "live-editing-port")
            _ = app.handleLocally(["atlas"])
            XCTAssertEqual(app.liveSetting, .port(8123))
            _ = app.handleLocally(["atlas", "--live-port", "9001"])
            XCTAssertEqual(app.liveSetting, .port(9001), "--live-port wins")
            settings.setBool(false, forKey: "live-editing-enabled")
            _ = app.handleLocally(["atlas"])
            XCTAssertEqual(app.liveSetting, .disabled)
            _ = app.handleLocally(["atlas", "--live-port", "9002"])
            XCTAssertEqual(app.liveSetting, .port(9002), "a port on the command line turns it on")
        }
    }

    func testTheAddressBarAndTheWindowAreRemembered() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.showsAddressBar = true
            app.settingsSchemaID = Self.schemaID
            let settings = try XCTUnwrap(app.settings)
            defer {
                for key in ["address-history", "window-width", "window-height", "window-maximized"] { settings.reset(key) }
            }
            settings.setInt32(900, forKey: "window-width")
            settings.setInt32(650, forKey: "window-height")
            app.startup()
            let window = app.activate()
            pump(until: { window.window.isMapped }, "the window on screen")
            pump(until: { window.window.size == (900, 650) }, "the remembered size")

            // A URI opened from the address bar is remembered and offered first.
            let uri = AtlasApp.countryURI(AtlasApp.names[1]).absoluteString
            window.address = uri
            gtk_widget_activate(try XCTUnwrap(window.addressEntry).gtkWidget)
            XCTAssertEqual(app.addressHistory, [uri])
            XCTAssertEqual(window.addressEntry?.completion?.suggestions.first, uri)
            window.address = "nosuch:view"
            gtk_widget_activate(try XCTUnwrap(window.addressEntry).gtkWidget)
            XCTAssertEqual(app.addressHistory, [uri], "a URI no feature shows (a typo) is not offered again")

            // Closing saves the size the user left.
            window.window.resize(width: 820, height: 610)
            pump(until: { window.window.size == (820, 610) }, "the new size")
            app.close()
            XCTAssertEqual(settings.int32(forKey: "window-width"), 820)
            XCTAssertEqual(settings.int32(forKey: "window-height"), 610)
            XCTAssertFalse(settings.bool(forKey: "window-maximized"))
        }
    }
}
