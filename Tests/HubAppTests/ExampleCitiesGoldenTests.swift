import Foundation
import HubGTKTestSupport
import XCTest

/// `Examples/Cities`, the getting-started guide as a package of its own that depends on this one by
/// path, rendered with its own `--screenshot` and compared with its golden image. `make test`
/// builds the example first and names its binary in `HUB_EXAMPLE_CITIES`; a plain `swift test`
/// skips this test.
final class ExampleCitiesGoldenTests: GtkTestCase, @unchecked Sendable {
    private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/example-cities.png")

    func testTheCitiesExampleMatchesItsGoldenImage() throws {
        guard let path = ProcessInfo.processInfo.environment["HUB_EXAMPLE_CITIES"] else {
            throw XCTSkip("HUB_EXAMPLE_CITIES is not set: `make test` builds Examples/Cities and sets it")
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: path), "the example is built at \(path)")
        let actual = NSTemporaryDirectory() + "example-cities-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: actual) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--screenshot", actual, "--size", "800x600", "cities:overview"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cities --screenshot")
        try onMain { try GoldenImage.assertMatches(actual, golden: Self.golden, what: "Examples/Cities") }
    }
}
