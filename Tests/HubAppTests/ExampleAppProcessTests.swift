import Foundation
import HubGTKTestSupport
import XCTest

/// Runs `cities-example` (Examples/cities-example), an app built on the shell that is not the
/// viewer: the shell's command line, `--screenshot` included, works for any app.
final class ExampleAppProcessTests: XCTestCase {
    private func example(_ arguments: [String]) throws -> ChildProcess {
        guard let binary = ChildProcess.executable("cities-example") else {
            throw XCTSkip("cities-example is not built next to the tests; run `swift build --build-tests` first")
        }
        let child = try ChildProcess(binary, arguments: arguments)
        child.waitUntilDone()
        return child
    }

    private func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs a display (make test runs the tests under Xvfb)")
        }
    }

    func testScreenshotWritesThePNGOfTheStartViewOrFails() throws {
        try requireDisplay()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cities-example-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: path) }
        let shot = try example(["--screenshot", path.path, "--size", "640x480"])
        XCTAssertEqual(shot.exitStatus, 0, shot.standardError.text)
        let png = try Data(contentsOf: path)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
        // IHDR: width and height, big-endian, at bytes 16–23: the window, at least the size asked for.
        let width = png[16..<20].reduce(0) { ($0 << 8) | Int($1) }
        let height = png[20..<24].reduce(0) { ($0 << 8) | Int($1) }
        XCTAssertGreaterThanOrEqual(width, 640)
        XCTAssertGreaterThanOrEqual(height, 480)

        let bad = try example(["--screenshot", path.path + ".bad.png", "nosuch:view"])
        XCTAssertEqual(bad.exitStatus, 1)
        XCTAssertEqual(bad.standardError.text, "cities-example: nosuch:view did not load\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path.path + ".bad.png"))
    }

    func testHelpVersionAndRefusedLiveOptions() throws {
        let help = try example(["--help"])
        XCTAssertEqual(help.exitStatus, 0)
        XCTAssertTrue(help.standardOutput.text.contains("USAGE: cities-example [--screenshot <FILE.png>] [--size <WxH>] "
                                                            + "[--log-impressions] [<URI> ...]"), help.standardOutput.text)
        XCTAssertTrue(help.standardOutput.text.contains("Opens view URIs in Cities."), help.standardOutput.text)
        XCTAssertFalse(help.standardOutput.text.contains("--live-port"), "live editing is opt-in")

        let version = try example(["--version"])
        XCTAssertEqual(version.exitStatus, 0)
        XCTAssertTrue(version.standardOutput.text.hasPrefix("cities-example 1.0 (GTK 3."), version.standardOutput.text)

        let live = try example(["--no-live"])
        XCTAssertEqual(live.exitStatus, 2)
        XCTAssertTrue(live.standardError.text.contains("Unknown option '--no-live'"), live.standardError.text)
        XCTAssertEqual(live.standardOutput.text, "")
    }
}

/// `cities-example` on the session bus: its actions are `GAction`s that `org.gtk.Actions` clients
/// run (as `gdbus call` does), a new window is exported with its own `win.*` actions, and the app
/// ends when its last window closes.
final class ExampleAppActionsOnTheBusTests: XCTestCase {
    private let busName = "org.example.Cities"
    private let path = "/org/example/Cities"

    /// Runs `gdbus ARGUMENTS`; its standard output, or nil when it failed.
    @discardableResult
    private func gdbus(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Runs the action `action` of the object at `objectPath` through `org.gtk.Actions.Activate`.
    private func activate(_ action: String, at objectPath: String) -> Bool {
        gdbus(["call", "--session", "--dest", busName, "--object-path", objectPath,
               "--method", "org.gtk.Actions.Activate", action, "[]", "{}"]) != nil
    }

    /// The actions the object at `objectPath` exports (`org.gtk.Actions.List`), nil when there is none.
    private func actions(at objectPath: String) -> String? {
        gdbus(["call", "--session", "--dest", busName, "--object-path", objectPath, "--method", "org.gtk.Actions.List"])
    }

    /// Polls `condition` every 0.1 s for up to `timeout` seconds.
    private func wait(_ timeout: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    func testNewWindowAndCloseRunOverDBusAndClosingTheLastWindowEndsTheApp() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus")
        else { throw XCTSkip("needs a display, a session bus and gdbus (make test)") }
        guard let binary = ChildProcess.executable("cities-example") else {
            throw XCTSkip("cities-example is not built next to the tests; run `swift build --build-tests` first")
        }
        let app = try ChildProcess(binary, arguments: [])
        defer { app.kill() }
        XCTAssertTrue(wait { actions(at: "\(path)/window/1") != nil }, "the first window's actions on the bus")
        let appActions = try XCTUnwrap(actions(at: path))
        for action in ["new-window", "about", "quit"] {
            XCTAssertTrue(appActions.contains("'\(action)'"), "app.\(action) in \(appActions)")
        }
        XCTAssertFalse(appActions.contains("'open'"), "the example does not open files: \(appActions)")
        let windowActions = try XCTUnwrap(actions(at: "\(path)/window/1"))
        for action in ["back", "forward", "reload", "close", "show-help-overlay", "show-primary-menu"] {
            XCTAssertTrue(windowActions.contains("'\(action)'"), "win.\(action) in \(windowActions)")
        }

        XCTAssertTrue(activate("new-window", at: path))
        XCTAssertTrue(wait { actions(at: "\(path)/window/2") != nil }, "a second window, exported with its actions")
        XCTAssertTrue(activate("close", at: "\(path)/window/1"))
        XCTAssertTrue(wait { actions(at: "\(path)/window/1") == nil }, "the first window closed")
        XCTAssertTrue(app.isRunning, "one window is still open")
        XCTAssertTrue(activate("close", at: "\(path)/window/2"))
        app.waitUntilDone(timeout: 20)
        XCTAssertEqual(app.exitStatus, 0, "closing the last window ended the app: \(app.standardError.text)")
    }
}
