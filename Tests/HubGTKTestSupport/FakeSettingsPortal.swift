import CGtk
import Foundation
import XCTest

/// `tools/fake-settings-portal.py` on the tests' session bus (the private one of `dbus-run-session`):
/// the desktop's settings portal, with the person's appearance choices the test gives it and
/// switches while the app runs (`org.freedesktop.appearance` `color-scheme`, `contrast`). Stop it at
/// the end of the test (``stop()``), so that later tests find no portal.
@MainActor
package final class FakeSettingsPortal {
    /// The script, in the package's `tools` folder.
    package static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/fake-settings-portal.py")

    private let process: ChildProcess

    /// Starts the portal and waits (pumping GTK's main loop, so that the app under test keeps
    /// running) until it owns its name on the bus.
    /// - Parameters:
    ///   - colorScheme: 0 no preference, 1 prefer dark, 2 prefer light.
    ///   - contrast: 0 normal, 1 high.
    ///   - version: 1 serves `Read` only (older desktops), 2 `ReadOne` too.
    ///   - hasAppearance: false leaves the `org.freedesktop.appearance` namespace out.
    package init(colorScheme: UInt32 = 0, contrast: UInt32 = 0, version: Int = 2, hasAppearance: Bool = true) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("python3 is not installed (make deps installs it)")
        }
        var arguments = [Self.script.path, "--color-scheme", String(colorScheme), "--contrast", String(contrast),
                         "--version", String(version)]
        if !hasAppearance { arguments.append("--no-appearance") }
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), arguments: arguments)
        let deadline = Date().addingTimeInterval(20)
        while !process.standardOutput.text.contains("ready") {
            guard process.isRunning, Date() < deadline else {
                process.kill()
                throw PortalError(message: "the fake settings portal did not start: \(process.standardError.text)")
            }
            while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
            usleep(5000)
        }
    }

    /// Sets `key` of `namespace` to `value`, as the person changing it in the desktop's settings:
    /// the portal stores it and emits `SettingChanged`. Returns once the portal has (a call from
    /// this process, answered by the portal's).
    package func set(_ key: String, _ value: UInt32, namespace: String = "org.freedesktop.appearance") throws {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw PortalError(message: "no session bus: \(Self.message(error))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var children: [OpaquePointer?] = [g_variant_new_string(namespace), g_variant_new_string(key),
                                          g_variant_new_variant(g_variant_new_uint32(value))]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) }
        let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                                "org.hubframework.FakeSettingsPortal", "Set", parameters, nil,
                                                G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        guard let reply else { throw PortalError(message: "Set failed: \(Self.message(error))") }
        g_variant_unref(reply)
    }

    /// Puts the appearance back to no preference and normal contrast, lets this process's
    /// followers hear it (every `SystemStyle` of the process heard the portal's changes, a test's or
    /// not, and a portal that leaves says nothing), then ends the portal.
    package func stop() {
        if process.isRunning {
            try? set("color-scheme", 0)
            try? set("contrast", 0)
            let deadline = Date().addingTimeInterval(0.2)
            while Date() < deadline {
                while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
                usleep(5000)
            }
        }
        process.kill()
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }

    /// Why the portal could not be started or told.
    package struct PortalError: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }
}
