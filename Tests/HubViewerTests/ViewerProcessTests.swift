import Foundation
import HubGTKTestSupport
import XCTest

/// Runs the real `hub-viewer` executable: single-instance behaviour and `--screenshot`.
final class ViewerProcessTests: XCTestCase {
    /// The built viewer, found where the other process tests find theirs ("" when it is not built).
    private var viewerPath: String { ChildProcess.executable("hub-viewer")?.path ?? "" }

    private func run(_ path: String, _ arguments: [String], wait: Bool = true) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if wait { process.waitUntilExit() }
        return process
    }

    /// Runs the viewer to its end with its output captured (outputs are small: help, a message).
    private func runCapturing(_ arguments: [String], in directory: URL? = nil) throws
        -> (status: Int32, output: String, error: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viewerPath)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    /// Waits until a window with exactly this name exists (xdotool asks the X server).
    private func windowExists(named name: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let search = try? run("/usr/bin/xdotool", ["search", "--name", "^\(name)$"]),
                search.terminationStatus == 0
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    private func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
            FileManager.default.isExecutableFile(atPath: viewerPath)
        else { throw XCTSkip("needs the viewer binary, a display, a session bus and xdotool (make test)") }
    }

    func testASecondLaunchOpensItsURIInTheRunningWindow() throws {
        try requireDisplay()
        let first = try run(viewerPath, ["hub-demo:root"], wait: false)
        defer { if first.isRunning { first.terminate(); first.waitUntilExit() } }
        XCTAssertTrue(windowExists(named: "Hub Framework Demo", timeout: 20), "the viewer opened its root view")
        let second = try run(viewerPath, ["hub-demo:reallylonglist"])
        XCTAssertEqual(second.terminationStatus, 0, "the second launch hands the URI over and exits")
        XCTAssertTrue(windowExists(named: "Really Long List", timeout: 10), "the running window shows it")
        XCTAssertTrue(first.isRunning)
    }

    func testHelpVersionAndBadArgumentsAreAnsweredWithoutAViewer() throws {
        guard FileManager.default.isExecutableFile(atPath: viewerPath) else { throw XCTSkip("needs the viewer binary") }
        let help = try runCapturing(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: hub-viewer"), help.output)
        XCTAssertTrue(help.output.contains("--screenshot <FILE.png>"), help.output)
        let version = try runCapturing(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("hub-viewer "), version.output)
        let bad = try runCapturing(["--size", "huge", "hub-demo:root"])
        XCTAssertEqual(bad.status, 2, "bad options are refused with a usage message")
        XCTAssertTrue(bad.error.contains("Error: The value 'huge' is invalid for '--size <WxH>'"), bad.error)
        XCTAssertTrue(bad.error.contains("Usage: hub-viewer"), bad.error)
        XCTAssertEqual(bad.output, "")
    }

    func testABadManifestIsALocatedMessageAndStatusOne() throws {
        guard FileManager.default.isExecutableFile(atPath: viewerPath) else { throw XCTSkip("needs the viewer binary") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-viewer-manifest-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"title\": \"Shop\",\n  \"start\": \"shop:home\",\n  \"features\": [}".utf8)
            .write(to: folder.appendingPathComponent("syntax.json"))
        try Data(#"{"title": "Shop", "start": "shop:home", "features": [{"uri": "shop:home", "endpoint": "ftp://x.example/a"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("schema.json"))

        let syntax = try runCapturing(["--manifest", "syntax.json", "--screenshot", "never.png"], in: folder)
        XCTAssertEqual(syntax.status, 1)
        XCTAssertEqual(syntax.error, "hub-viewer: syntax.json:3:16: invalid JSON: expected a value, found '}'\n")
        XCTAssertEqual(syntax.output, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.png").path))

        let schema = try runCapturing(["--manifest", "schema.json"], in: folder)
        XCTAssertEqual(schema.status, 1, "no window opens for a bad manifest")
        XCTAssertEqual(schema.error, "hub-viewer: schema.json: features[0].endpoint: \"ftp://x.example/a\" is not an http:, "
                       + "https: or file: URL or a relative path\n")

        let missing = try runCapturing(["--manifest", "missing.json"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "hub-viewer: missing.json: cannot read the manifest: there is no such file\n")
    }

    func testAManifestAppIsScreenshotted() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-viewer-manifest-app-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("views"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"title": "Files", "start": "files:home", "features": [{"uri": "files:home", "endpoint": "views/home.json"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("app.json"))
        try Data(#"{"title": "From a file", "body": [{"id": "a", "text": {"title": "A row"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("views/home.json"))
        let shot = try runCapturing(["--manifest", "app.json", "--screenshot", "shot.png", "--size", "400x300"], in: folder)
        XCTAssertEqual(shot.status, 0, shot.error)
        let png = try Data(contentsOf: folder.appendingPathComponent("shot.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testTheRunningViewerOpensAForwardedPathFromTheLaunchFolderAndAnswersHelpLocally() throws {
        try requireDisplay()
        let first = try run(viewerPath, ["--no-live"], wait: false)
        defer { if first.isRunning { first.terminate(); first.waitUntilExit() } }
        XCTAssertTrue(windowExists(named: "Hub Framework Demo", timeout: 20), "no URI opens the root view")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-viewer-launch-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"title": "Opened From Its Folder", "body": [{"id": "a", "text": {"title": "A row"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("view.json"))
        let second = try runCapturing(["--live-port", "7801", "view.json"], in: folder)
        XCTAssertEqual(second.status, 0, second.error)
        XCTAssertTrue(windowExists(named: "Opened From Its Folder", timeout: 10),
                      "the running viewer resolved view.json in the second launch's folder")
        XCTAssertTrue(second.error.contains("keeps its live-editing service"), "told that --live-port did nothing: \(second.error)")

        let help = try runCapturing(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: hub-viewer"), "help is printed by the launched process")
        let bad = try runCapturing(["--bogus"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.error.contains("Unknown option '--bogus'"), bad.error)
        XCTAssertTrue(windowExists(named: "Opened From Its Folder", timeout: 1), "neither reached the running viewer")
        XCTAssertTrue(first.isRunning)
    }

    func testScreenshotWritesAPNGAndFailsForUnknownURIs() throws {
        try requireDisplay()
        let path = NSTemporaryDirectory() + "hub-viewer-shot-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ok = try run(viewerPath, ["--screenshot", path, "--size", "640x480", "hub-demo:root"])
        XCTAssertEqual(ok.terminationStatus, 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
        let bad = try run(viewerPath, ["--screenshot", path + ".bad.png", "nosuch:view"])
        XCTAssertNotEqual(bad.terminationStatus, 0)
        let usage = try run(viewerPath, ["--size", "huge"])
        XCTAssertEqual(usage.terminationStatus, 2, "bad options are refused with a usage message")
    }

    // Issue 28: a plain path, absolute or relative to the working directory, names a file with
    // --screenshot as it does without it.
    func testScreenshotTakesPlainPaths() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-shot-paths-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"title": "Plain path", "body": [{"id": "a", "text": {"title": "From a path"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("view.json"))
        for argument in [folder.appendingPathComponent("view.json").path, "view.json", "./view.json"] {
            let shot = try runCapturing(["--screenshot", "shot.png", "--size", "400x300", argument], in: folder)
            XCTAssertEqual(shot.status, 0, "\(argument): \(shot.error)")
            let data = try Data(contentsOf: folder.appendingPathComponent("shot.png"))
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(argument): a PNG file")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("shot.png"))
        }
        let missing = try runCapturing(["--screenshot", "never.png", "missing.json"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.error.contains("missing.json"), missing.error)
        // A URI stays as written: the host of a file: URI is not dropped on the way (GIO would read
        // file://otherhost/path as the local /path).
        let remote = try runCapturing(["--screenshot", "never.png", "file://otherhost" + folder.path + "/view.json"],
                                      in: folder)
        XCTAssertEqual(remote.status, 1)
        XCTAssertTrue(remote.error.contains("names a file on another computer (otherhost)"), remote.error)
    }
}

/// The viewer remembers its window between runs: real launches with GSettings' keyfile backend in
/// a temporary XDG_CONFIG_HOME (the schema comes from GSETTINGS_SCHEMA_DIR, which `make test`
/// sets), the window resized and closed with xdotool in between. A `--screenshot` run leaves the
/// remembered window alone.
final class ViewerSettingsProcessTests: XCTestCase {
    private func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The viewer's visible window, once it shows.
    private func viewerWindow(timeout: Double = 15) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = try xdotool(["search", "--onlyvisible", "--name", "Hub Framework Demo"])
                .split(separator: "\n").first.map(String.init)
            if let found { return found }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw XCTSkip("the viewer's window did not show")
    }

    /// Starts the viewer on its root view, lets `body` act on its window, then closes it with Ctrl+W.
    private func session(_ viewer: URL, _ environment: [String: String?],
                         _ body: (String) throws -> Void) throws -> ChildProcess
    {
        let child = try ChildProcess(viewer, arguments: ["--no-live", "hub-demo:root"], environment: environment)
        let window = try viewerWindow()
        try body(window)
        _ = try xdotool(["windowfocus", "--sync", window])
        _ = try xdotool(["key", "ctrl+w"])
        child.waitUntilDone()
        return child
    }

    private func keyfile(_ config: URL) throws -> String {
        try String(contentsOf: config.appendingPathComponent("glib-2.0/settings/keyfile"), encoding: .utf8)
    }

    func testTheWindowSizeIsRememberedAcrossLaunches() throws {
        let viewer = try XCTUnwrap(ChildProcess.executable("hub-viewer"))
        guard ProcessInfo.processInfo.environment["GSETTINGS_SCHEMA_DIR"] != nil,
              ProcessInfo.processInfo.environment["DISPLAY"] != nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
        else { throw XCTSkip("needs make test's display, compiled schema and xdotool") }
        let config = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hub-settings-\(getpid())")
        defer { try? FileManager.default.removeItem(at: config) }
        let environment: [String: String?] = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path,
                                              "HUB_LOG_LEVEL": "debug"]

        let first = try session(viewer, environment) { window in
            _ = try xdotool(["windowsize", "--sync", window, "900", "640"])
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTAssertEqual(first.exitStatus, 0, first.standardError.text)
        XCTAssertTrue(first.standardError.text.contains("restored window 1024x768"),
                      "the first run finds the schema's defaults: \(first.standardError.text)")
        let saved = try keyfile(config)
        XCTAssertTrue(saved.contains("[org/hubframework/Viewer]"), saved)
        let width = try XCTUnwrap(saved.split(separator: "\n").first { $0.hasPrefix("window-width=") }, saved)
        XCTAssertNotEqual(width, "window-width=1024", "the resized window was saved: \(saved)")

        // A picture neither reads nor overwrites what the user's session left.
        let shot = config.appendingPathComponent("shot.png").path
        let screenshot = try ChildProcess(viewer, arguments: ["--screenshot", shot, "--size", "640x480", "hub-demo:root"],
                                          environment: environment)
        screenshot.waitUntilDone()
        XCTAssertEqual(screenshot.exitStatus, 0, screenshot.standardError.text)
        XCTAssertEqual(try keyfile(config), saved, "a --screenshot run leaves the settings alone")

        let second = try session(viewer, environment) { _ in }
        XCTAssertEqual(second.exitStatus, 0, second.standardError.text)
        let size = String(width.dropFirst("window-width=".count))
        XCTAssertTrue(second.standardError.text.contains("restored window \(size)x"),
                      "the second run opens at the size the first one closed with: \(second.standardError.text)")
    }
}
