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
