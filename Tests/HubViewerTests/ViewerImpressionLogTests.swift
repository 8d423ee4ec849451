import Foundation
import HubGTKTestSupport
import XCTest

/// `hub-viewer --log-impressions` (and the `log-impressions` setting) print one line per impression
/// on standard error: the real binary, on a view document with `logging` data.
final class ViewerImpressionLogTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            ChildProcess.executable("hub-viewer") != nil
        else { throw XCTSkip("needs the viewer binary, a display and a session bus (make test)") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-impressions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Three short rows fit in the window; the middle one has no logging and is never reported.
        try Data("""
            {"title": "Bakery", "body": [
              {"id": "croissant", "component": {"id": "default:row"}, "text": {"title": "Croissant"},
               "logging": {"item": "croissant", "position": 1}},
              {"id": "plain", "component": {"id": "default:row"}, "text": {"title": "No logging"}},
              {"id": "two words", "component": {"id": "default:row"}, "text": {"title": "Baguette"},
               "logging": {"item": "baguette", "impression": {"durationMilliseconds": 200}}}
            ]}
            """.utf8).write(to: documentURL)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        try super.tearDownWithError()
    }

    private var documentURL: URL { directory.appendingPathComponent("bakery.json") }

    /// The impression lines the viewer printed, with the time (`after=…ms`) left out: it varies.
    private func impressionLines(_ child: ChildProcess) -> [String] {
        child.standardError.lines.filter { $0.hasPrefix("impression ") }.map {
            $0.replacingOccurrences(of: #" after=[0-9]+ms"#, with: " after=…", options: .regularExpression)
        }
    }

    /// Runs the viewer on the document until it printed `count` impression lines (or 20 s passed),
    /// then a second more to catch any line too many.
    private func run(_ arguments: [String], environment: [String: String?] = [:], expecting count: Int) throws
        -> [String]
    {
        let viewer = try XCTUnwrap(ChildProcess.executable("hub-viewer"))
        let child = try ChildProcess(viewer, arguments: ["--no-live"] + arguments + [documentURL.path],
                                     environment: environment)
        defer { child.kill() }
        let deadline = Date().addingTimeInterval(20)
        if count == 0 {
            // Nothing to wait for but the view: its title on the window, then the rows' 800 ms.
            while child.isRunning, !windowShowsTheDocument(), Date() < deadline { usleep(50_000) }
        }
        while child.isRunning, impressionLines(child).count < count, Date() < deadline { usleep(20_000) }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(child.isRunning, "the viewer keeps running: \(child.standardError.text)")
        return impressionLines(child)
    }

    /// Whether a window titled with the document's title exists (xdotool asks the X server); after
    /// 5 s without xdotool.
    private func windowShowsTheDocument() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Thread.sleep(forTimeInterval: 5)
            return true
        }
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        search.arguments = ["search", "--onlyvisible", "--name", "^Bakery$"]
        search.standardOutput = FileHandle.nullDevice
        search.standardError = FileHandle.nullDevice
        guard (try? search.run()) != nil else { return false }
        search.waitUntilExit()
        return search.terminationStatus == 0
    }

    private var expected: [String] {
        let view = documentURL.absoluteString
        return [
            #"impression body[2] id="two words" logging={"impression":{"durationMilliseconds":200},"item":"baguette"} "#
                + "visible=100% after=… view=\(view)",
            #"impression body[0] id=croissant logging={"item":"croissant","position":1} visible=100% after=… "#
                + "view=\(view)",
        ]
    }

    func testLogImpressionsPrintsALinePerImpression() throws {
        XCTAssertEqual(try run(["--log-impressions"], expecting: 2), expected,
                       "the 200 ms row first, then the 800 ms one; the row without logging never")
    }

    func testTheSettingTurnsTheLogOnAndNothingIsPrintedWithoutEither() throws {
        XCTAssertEqual(try run([], expecting: 0), [], "no flag, no setting: no lines")
        let config = directory.appendingPathComponent("config")
        let settings = config.appendingPathComponent("glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("[org/hubframework/Viewer]\nlog-impressions=true\n".utf8).write(to: settings.appendingPathComponent("keyfile"))
        guard ProcessInfo.processInfo.environment["GSETTINGS_SCHEMA_DIR"] != nil else {
            throw XCTSkip("needs make test's compiled schema")
        }
        XCTAssertEqual(try run([], environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path],
                               expecting: 2), expected)
    }
}
