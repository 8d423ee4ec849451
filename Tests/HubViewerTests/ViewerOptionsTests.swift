import Foundation
import HubFramework
import HubGTKTestSupport
import HubViewer
import XCTest
@testable import HubApp

/// `hub-viewer`'s command line, parsed without running anything (the process tests run the real
/// binary).
final class ViewerOptionsTests: XCTestCase {
    /// The command line of the shell as `hub-viewer` builds it: with live editing.
    private static let viewer = HubCommandLine(commandName: "hub-viewer", title: Viewer.title, version: Viewer.version,
                                               startURI: Viewer.startURI, acceptsLiveEditingOptions: true)

    /// The message of a launch that exits, or a failure when it runs.
    private func exit(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line)
        -> (status: Int32, message: String)?
    {
        switch Self.viewer.launch(arguments: arguments, columns: 100) {
        case .exit(let status, let message):
            return (status, message)
        case .run:
            XCTFail("\(arguments) should not run the viewer", file: file, line: line)
            return nil
        }
    }

    func testOptionsKeepTheirDefaultsAndMeanings() throws {
        let defaults = try Self.viewer.parse([])
        XCTAssertEqual(defaults.uris, [])
        XCTAssertNil(defaults.screenshotPath)
        XCTAssertEqual(defaults.width, 1024)
        XCTAssertEqual(defaults.height, 768)
        XCTAssertEqual(defaults.livePort, LiveProtocol.defaultPort)
        XCTAssertTrue(defaults.liveEnabled)
        XCTAssertFalse(defaults.mentionsLiveService)

        let options = try Self.viewer.parse(["--screenshot", "/tmp/shot.png", "--size", "640X480",
                                                    "hub-demo:root", "--live-port", "7800", "file:///tmp/view.json"])
        XCTAssertEqual(options.screenshotPath, "/tmp/shot.png")
        XCTAssertEqual(options.width, 640)
        XCTAssertEqual(options.height, 480)
        XCTAssertEqual(options.livePort, 7800)
        XCTAssertEqual(options.uris, ["hub-demo:root", "file:///tmp/view.json"], "URIs in order, around the options")
        XCTAssertTrue(options.mentionsLiveService)

        let off = try Self.viewer.parse(["--no-live", "live:"])
        XCTAssertFalse(off.liveEnabled)
        XCTAssertTrue(off.mentionsLiveService)
        XCTAssertEqual(off.uris, ["live:"])
        guard case .run(let launched) = Self.viewer.launch(arguments: ["cities:overview"]) else {
            return XCTFail("a URI runs the viewer")
        }
        XCTAssertEqual(launched.uris, ["cities:overview"])
    }

    func testHelpDescribesEveryOptionAndExitsWithZero() throws {
        for flag in ["--help", "-h"] {
            let (status, help) = try XCTUnwrap(exit([flag]))
            XCTAssertEqual(status, 0, flag)
            XCTAssertTrue(help.contains("USAGE: hub-viewer"), help)
            for option in ["--screenshot <FILE.png>", "--size <WxH>", "--live-port <N>", "--no-live", "<URI>",
                           "--version", "--help"]
            {
                XCTAssertTrue(help.contains(option), "\(option) in\n\(help)")
            }
            // Help wraps its text; the defaults are read with the line breaks taken out.
            let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(words.contains("(default: 1024x768)"), help)
            XCTAssertTrue(words.contains("(default: \(LiveProtocol.defaultPort))"), help)
        }
    }

    func testVersionNamesTheViewerAndGTK() throws {
        let (status, version) = try XCTUnwrap(exit(["--version"]))
        XCTAssertEqual(status, 0)
        XCTAssertTrue(version.hasPrefix("hub-viewer \(Viewer.version) (GTK 3."), version)
    }

    func testBadArgumentsExitWithStatus2SayingWhatWasWrongAndTheUsage() throws {
        let cases: [([String], String)] = [
            (["--size", "huge"], "'huge'"),
            (["--size", "99x500"], "'99x500'"),
            (["--size", "640x480x2"], "'640x480x2'"),
            (["--size"], "--size"),
            (["--screenshot"], "--screenshot"),
            (["--live-port", "0"], "--live-port must be between 1 and 65535"),
            (["--live-port", "70000"], "'70000'"),
            (["--live-port", "seven"], "'seven'"),
            (["--bogus", "hub-demo:root"], "'--bogus'"),
        ]
        for (arguments, detail) in cases {
            let (status, message) = try XCTUnwrap(exit(arguments))
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertEqual(status, HubCommandLine.usageErrorStatus)
            XCTAssertTrue(message.hasPrefix("Error: "), "\(arguments): \(message)")
            XCTAssertTrue(message.contains(detail), "\(arguments): \(message)")
            XCTAssertTrue(message.contains("Usage: hub-viewer [--screenshot <FILE.png>]"), "\(arguments): \(message)")
        }
    }

    func testLogImpressionsIsAFlagOffByDefaultForEveryApp() throws {
        XCTAssertFalse(try Self.viewer.parse([]).logsImpressions)
        let options = try Self.viewer.parse(["hub-demo:root", "--log-impressions", "--no-live"])
        XCTAssertTrue(options.logsImpressions)
        XCTAssertEqual(options.uris, ["hub-demo:root"])
        XCTAssertFalse(options.liveEnabled)
        let plain = HubCommandLine(commandName: "cities", title: "Cities", version: "1.0",
                                   startURI: URL(string: "cities:overview")!)
        XCTAssertTrue(try plain.parse(["--log-impressions"]).logsImpressions, "an app without live editing has it too")
        let (_, help) = try XCTUnwrap(exit(["--help"]))
        XCTAssertTrue(help.contains("--log-impressions"), help)
    }
}
