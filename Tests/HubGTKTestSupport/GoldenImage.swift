import CGtk
import Foundation
import XCTest

/// Compares a rendered PNG with a golden image, with a tolerance for anti-aliasing and font
/// hinting: a pixel differs when any channel differs by more than `channelTolerance`, and at most
/// `pixelTolerance` of the pixels may differ. With `HUB_UPDATE_GOLDEN=1` in the environment the
/// rendered picture replaces the golden one instead (look at it before committing).
package enum GoldenImage {
    /// A pixel differs when any channel differs by more than this.
    package static let channelTolerance = 24
    /// At most this share of pixels may differ.
    package static let pixelTolerance = 0.01

    /// Fails the current test when the PNG at `actualPath` does not match `golden`; `what` names
    /// what was rendered in the message. A failed picture is kept in the temporary folder.
    @MainActor
    package static func assertMatches(_ actualPath: String, golden: URL, what: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws
    {
        if ProcessInfo.processInfo.environment["HUB_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.copyItem(atPath: actualPath, toPath: golden.path)
            return
        }
        let expected = try pixels(golden.path)
        let got = try pixels(actualPath)
        XCTAssertEqual(got.width, expected.width, "width of \(what)", file: file, line: line)
        XCTAssertEqual(got.height, expected.height, "height of \(what)", file: file, line: line)
        guard got.width == expected.width, got.height == expected.height else { return }
        var differing = 0
        for y in 0..<got.height {
            let a = got.rows[y]
            let b = expected.rows[y]
            for x in 0..<got.width {
                let i = x * 3
                if abs(Int(a[i]) - Int(b[i])) > channelTolerance
                    || abs(Int(a[i + 1]) - Int(b[i + 1])) > channelTolerance
                    || abs(Int(a[i + 2]) - Int(b[i + 2])) > channelTolerance
                {
                    differing += 1
                }
            }
        }
        let share = Double(differing) / Double(got.width * got.height)
        if share > pixelTolerance {
            let name = golden.lastPathComponent
            let kept = NSTemporaryDirectory() + "failed-\(name)"
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: actualPath, toPath: kept)
            XCTFail(String(format: "%@ differs from %@ in %.2f%% of its pixels (allowed %.0f%%); see %@", what,
                           name, share * 100, pixelTolerance * 100, kept), file: file, line: line)
        }
    }

    /// The RGB rows of a PNG (alpha dropped).
    @MainActor
    private static func pixels(_ path: String) throws -> (width: Int, height: Int, rows: [[UInt8]]) {
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
}
