import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Renders views with the real `hub-viewer --screenshot` and compares them with the golden images
/// in `Tests/HubViewerTests/Golden/`, with `GoldenImage`'s tolerance for anti-aliasing. After an intended visual
/// change, regenerate them with `HUB_UPDATE_GOLDEN=1 make test` and look at the new PNGs.
final class GoldenScreenshotTests: GtkTestCase, @unchecked Sendable {
    private static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    private func render(_ uri: String, to path: String, scale: Int = 1) throws {
        guard let viewer = ChildProcess.executable("hub-viewer") else {
            throw XCTSkip("the hub-viewer binary is not built")
        }
        let process = Process()
        process.executableURL = viewer
        process.arguments = ["--screenshot", path, "--size", "800x600", uri]
        if scale != 1 {
            // GDK_SCALE is how a HiDPI desktop tells GTK to draw every point with scale² pixels.
            var environment = ProcessInfo.processInfo.environment
            environment["GDK_SCALE"] = String(scale)
            process.environment = environment
        }
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hub-viewer --screenshot \(uri)")
    }

    @MainActor
    private func compare(_ uri: String, golden name: String, scale: Int = 1) throws {
        let actual = NSTemporaryDirectory() + "golden-\(getpid())-\(name)"
        defer { try? FileManager.default.removeItem(atPath: actual) }
        try render(uri, to: actual, scale: scale)
        try GoldenImage.assertMatches(actual, golden: Self.goldenDirectory.appendingPathComponent(name), what: uri)
    }

    func testRootViewMatchesItsGoldenImage() throws {
        try onMain { try compare("hub-demo:root", golden: "root.png") }
    }

    func testCitiesViewMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities.png") }
    }

    /// On a HiDPI screen the screenshot has device pixels (1,620×1,312 for the 810×656-point
    /// window), with text and pictures drawn at that resolution rather than scaled up.
    func testCitiesViewAtTwiceTheScaleMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities@2x.png", scale: 2) }
    }
}
