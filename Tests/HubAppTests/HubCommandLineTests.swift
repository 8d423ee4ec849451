import Foundation
import HubGTKTestSupport
import XCTest
@testable import HubApp

/// The command line of an app that is not the viewer: `--screenshot`, `--size`, URIs, `--help` and
/// `--version`, and the live-editing options only for an app with live editing.
final class HubCommandLineTests: XCTestCase {
    private let atlas = HubCommandLine(commandName: "atlas", title: "Atlas", version: "2.1",
                                       startURI: URL(string: "atlas:countries")!)

    /// The message of a launch that exits, or a failure when it runs.
    private func exit(_ commandLine: HubCommandLine, _ arguments: [String], file: StaticString = #filePath,
                      line: UInt = #line) -> (status: Int32, message: String)?
    {
        switch commandLine.launch(arguments: arguments, columns: 100) {
        case .exit(let status, let message):
            return (status, message)
        case .run:
            XCTFail("\(arguments) should not run the app", file: file, line: line)
            return nil
        }
    }

    func testOptionsOfAnAppWithoutLiveEditing() throws {
        let defaults = try atlas.parse([])
        XCTAssertEqual(defaults, HubCommandLine.Options())
        XCTAssertEqual(defaults.uris, [])
        XCTAssertNil(defaults.screenshotPath)
        XCTAssertEqual(defaults.width, 1024)
        XCTAssertEqual(defaults.height, 768)
        XCTAssertFalse(defaults.mentionsLiveService)

        let options = try atlas.parse(["atlas:country:peru", "--screenshot", "peru.png", "--size", "640x480", "more"])
        XCTAssertEqual(options.uris, ["atlas:country:peru", "more"])
        XCTAssertEqual(options.screenshotPath, "peru.png")
        XCTAssertEqual(options.width, 640)
        XCTAssertEqual(options.height, 480)
    }

    func testHelpAndVersionNameTheApp() throws {
        let (status, help) = try XCTUnwrap(exit(atlas, ["--help"]))
        XCTAssertEqual(status, 0)
        XCTAssertTrue(help.contains("OVERVIEW: Opens view URIs in Atlas."), help)
        XCTAssertTrue(help.contains("USAGE: atlas [--screenshot <FILE.png>] [--size <WxH>] [--log-impressions] [<URI> ...]"), help)
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("Without one, Atlas opens atlas:countries."), help)
        XCTAssertFalse(help.contains("--live-port"), "no live editing, no live options")
        XCTAssertFalse(help.contains("--no-live"))

        let (versionStatus, version) = try XCTUnwrap(exit(atlas, ["--version"]))
        XCTAssertEqual(versionStatus, 0)
        XCTAssertTrue(version.hasPrefix("atlas 2.1 (GTK 3."), version)
        XCTAssertEqual(version, atlas.versionText)
    }

    func testTheLiveOptionsExistOnlyWithLiveEditing() throws {
        for arguments in [["--live-port", "7800"], ["--no-live"]] {
            let (status, message) = try XCTUnwrap(exit(atlas, arguments))
            XCTAssertEqual(status, HubCommandLine.usageErrorStatus)
            XCTAssertTrue(message.contains("Unknown option '\(arguments[0])'"), message)
            XCTAssertTrue(message.contains("Usage: atlas [--screenshot <FILE.png>]"), message)
        }
        var live = atlas
        live.acceptsLiveEditingOptions = true
        let options = try live.parse(["--live-port", "7800", "atlas:countries"])
        XCTAssertEqual(options.livePort, 7800)
        XCTAssertTrue(options.mentionsLiveService)
        XCTAssertEqual(options.uris, ["atlas:countries"])
        let (_, help) = try XCTUnwrap(exit(live, ["--help"]))
        XCTAssertTrue(help.contains("USAGE: atlas [--screenshot <FILE.png>] [--size <WxH>] [--log-impressions] [--live-port <N>] "
                                        + "[--no-live] [<URI> ...]"), help)
    }

    func testBadArgumentsExitWithStatus2() throws {
        for arguments in [["--size", "huge"], ["--size", "50x50"], ["--screenshot"], ["--bogus"]] {
            let (status, message) = try XCTUnwrap(exit(atlas, arguments))
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertTrue(message.hasPrefix("Error: "), message)
        }
    }
}
