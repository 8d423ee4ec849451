import Foundation
import HubGTK
import HubGTKTestSupport
import XCTest

/// The typed GSettings wrapper over the viewer's schema (data/org.hubframework.Viewer.gschema.xml),
/// which `make test` compiles into the folder GSETTINGS_SCHEMA_DIR names, with the memory backend.
final class SettingsTests: GtkTestCase, @unchecked Sendable {
    private static let viewerSchema = "org.hubframework.Viewer"

    @MainActor
    private func viewerSettings() throws -> Settings {
        guard let settings = Settings(schemaID: Self.viewerSchema) else {
            throw XCTSkip("the schema is not compiled into GSETTINGS_SCHEMA_DIR (run the tests with make test)")
        }
        return settings
    }

    func testAnUnknownSchemaGivesNilInsteadOfAborting() {
        onMain { XCTAssertNil(Settings(schemaID: "org.hubframework.NoSuchSchema")) }
    }

    func testValuesRoundTripWithTheirTypes() throws { try onMain { try roundTrip() } }

    @MainActor
    private func roundTrip() throws {
        let settings = try viewerSettings()
        defer {
            for key in ["window-width", "window-maximized", "address-history", "live-editing-port"] {
                settings.reset(key)
            }
        }
        XCTAssertEqual(settings.int32(forKey: "window-width"), 1024, "the schema's default")
        XCTAssertTrue(settings.setInt32(640, forKey: "window-width"))
        XCTAssertEqual(settings.int32(forKey: "window-width"), 640)

        XCTAssertFalse(settings.bool(forKey: "window-maximized"))
        settings.setBool(true, forKey: "window-maximized")
        XCTAssertTrue(settings.bool(forKey: "window-maximized"))

        XCTAssertEqual(settings.uint16(forKey: "live-editing-port"), 7777)
        XCTAssertTrue(settings.setUInt16(8123, forKey: "live-editing-port"))
        XCTAssertEqual(settings.uint16(forKey: "live-editing-port"), 8123)
        XCTAssertFalse(settings.setUInt16(80, forKey: "live-editing-port"), "below the schema's range")
        XCTAssertEqual(settings.uint16(forKey: "live-editing-port"), 8123)

        XCTAssertEqual(settings.strings(forKey: "address-history"), [])
        settings.setStrings(["a:1", "b:ü"], forKey: "address-history")
        XCTAssertEqual(settings.strings(forKey: "address-history"), ["a:1", "b:ü"])
        XCTAssertEqual(Settings(schemaID: Self.viewerSchema)?.strings(forKey: "address-history"), ["a:1", "b:ü"],
                       "another Settings object on the same schema sees the value")

        XCTAssertTrue(settings.hasKey("window-height"))
        XCTAssertFalse(settings.hasKey("no-such-key"))
    }

    func testChangesAreNotified() throws {
        try onMain {
            let settings = try viewerSettings()
            let other = try XCTUnwrap(Settings(schemaID: Self.viewerSchema))
            defer { settings.reset("window-height") }
            var changed: [String] = []
            settings.onChange { changed.append($0) }
            other.setInt32(555, forKey: "window-height")
            pump(until: { changed.contains("window-height") }, "the change notification")
            XCTAssertEqual(settings.int32(forKey: "window-height"), 555)
        }
    }
}
