import Foundation
import HubGTKTestSupport
import XCTest
@testable import HubApp

/// `--manifest FILE.json` exists only for apps that turn it on (the viewer's process tests run it).
final class ManifestCommandLineTests: XCTestCase {
    private func commandLine(acceptsManifest: Bool, live: Bool = false) -> HubCommandLine {
        HubCommandLine(commandName: "shell", title: "Shell", version: "1.0", startURI: URL(string: "shell:start")!,
                       acceptsLiveEditingOptions: live, acceptsManifestOption: acceptsManifest)
    }

    func testTheOptionExistsOnlyWhenTheAppTurnsItOn() throws {
        for live in [false, true] {
            let options = try commandLine(acceptsManifest: true, live: live).parse(["--manifest", "app.json", "t:x"])
            XCTAssertEqual(options.manifestPath, "app.json")
            XCTAssertEqual(options.uris, ["t:x"])
            guard case .exit(0, let help) = commandLine(acceptsManifest: true, live: live).launch(arguments: ["--help"], columns: 200)
            else { return XCTFail("help") }
            XCTAssertTrue(help.contains("--manifest <FILE.json>"), help)

            guard case .exit(0, let plainHelp) = commandLine(acceptsManifest: false, live: live).launch(arguments: ["--help"], columns: 200)
            else { return XCTFail("help") }
            XCTAssertFalse(plainHelp.contains("manifest"), plainHelp)
            guard case .exit(let status, let message) = commandLine(acceptsManifest: false, live: live)
                .launch(arguments: ["--manifest", "app.json"], columns: 100)
            else { return XCTFail("--manifest should be refused") }
            XCTAssertEqual(status, HubCommandLine.usageErrorStatus)
            XCTAssertTrue(message.contains("Unknown option '--manifest'"), message)
        }
        XCTAssertNil(try commandLine(acceptsManifest: true).parse([]).manifestPath)
    }
}
