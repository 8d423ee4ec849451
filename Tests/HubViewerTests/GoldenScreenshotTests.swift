import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Renders views with the real `hub-viewer --screenshot` and compares them with the golden images
/// in `Tests/HubViewerTests/Golden/`, with a tolerance for anti-aliasing. After an intended visual
/// change, regenerate them with `HUB_UPDATE_GOLDEN=1 make test` and look at the new PNGs.
final class GoldenScreenshotTests: GtkTestCase, @unchecked Sendable {
    private static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")
    /// A pixel differs when any channel differs by more than this.
    private static let channelTolerance = 24
    /// At most this share of pixels may differ.
    private static let pixelTolerance = 0.01

    private func render(_ uri: String, to path: String) throws {
        guard let viewer = ChildProcess.executable("hub-viewer") else {
            throw XCTSkip("the hub-viewer binary is not built")
        }
        let process = Process()
        process.executableURL = viewer
        process.arguments = ["--screenshot", path, "--size", "800x600", uri]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hub-viewer --screenshot \(uri)")
    }

    @MainActor
    private func pixels(_ path: String) throws -> (width: Int, height: Int, rows: [[UInt8]]) {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            throw XCTSkip("cannot read \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let base = gdk_pixbuf_get_pixels(pixbuf)!
        var rows: [[UInt8]] = []
        for y in 0..<height {
            var row: [UInt8] = []
            row.reserveCapacity(width * 3)
            for x in 0..<width {
                let pixel = base + y * stride + x * channels
                row.append(pixel[0]); row.append(pixel[1]); row.append(pixel[2])
            }
            rows.append(row)
        }
        return (width, height, rows)
    }

    @MainActor
    private func compare(_ uri: String, golden name: String) throws {
        let golden = Self.goldenDirectory.appendingPathComponent(name)
        let actual = NSTemporaryDirectory() + "golden-\(getpid())-\(name)"
        defer { try? FileManager.default.removeItem(atPath: actual) }
        try render(uri, to: actual)
        if ProcessInfo.processInfo.environment["HUB_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.copyItem(atPath: actual, toPath: golden.path)
            return
        }
        let expected = try pixels(golden.path)
        let got = try pixels(actual)
        XCTAssertEqual(got.width, expected.width)
        XCTAssertEqual(got.height, expected.height)
        guard got.width == expected.width, got.height == expected.height else { return }
        var differing = 0
        for y in 0..<got.height {
            let a = got.rows[y]
            let b = expected.rows[y]
            for x in 0..<got.width {
                let i = x * 3
                if abs(Int(a[i]) - Int(b[i])) > Self.channelTolerance
                    || abs(Int(a[i + 1]) - Int(b[i + 1])) > Self.channelTolerance
                    || abs(Int(a[i + 2]) - Int(b[i + 2])) > Self.channelTolerance
                {
                    differing += 1
                }
            }
        }
        let share = Double(differing) / Double(got.width * got.height)
        if share > Self.pixelTolerance {
            let kept = NSTemporaryDirectory() + "failed-\(name)"
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: actual, toPath: kept)
            XCTFail(String(format: "%@ differs from %@ in %.2f%% of its pixels (allowed %.0f%%); see %@", uri,
                           name, share * 100, Self.pixelTolerance * 100, kept))
        }
    }

    func testRootViewMatchesItsGoldenImage() throws {
        try onMain { try compare("hub-demo:root", golden: "root.png") }
    }

    func testCitiesViewMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities.png") }
    }
}
