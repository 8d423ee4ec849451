import CGtk
import Foundation
import XCTest

/// The pixels of a PNG (a screenshot), for tests that judge colours: how light a background is,
/// how far text stands out from it. Luminance and contrast are WCAG 2's (relative luminance of
/// sRGB, contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1:1 to 21:1).
package struct PixelImage {
    /// An sRGB colour, 0–255 a channel.
    package struct Color: Hashable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8

        /// WCAG 2's relative luminance, from 0 (black) to 1 (white).
        package var luminance: Double {
            func linear(_ channel: UInt8) -> Double {
                let value = Double(channel) / 255
                return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// WCAG 2's contrast ratio between this colour and `other`.
        package func contrast(with other: Color) -> Double {
            let (a, b) = (luminance, other.luminance)
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }
    }

    package let width: Int
    package let height: Int
    private let rgb: [UInt8]

    /// Reads the PNG at `path` (alpha dropped).
    @MainActor
    package init(contentsOfFile path: String) throws {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw XCTSkip("cannot read \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let base = gdk_pixbuf_get_pixels(pixbuf)!
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = base + y * stride + x * channels
                rgb.append(pixel[0]); rgb.append(pixel[1]); rgb.append(pixel[2])
            }
        }
        self.rgb = rgb
    }

    /// The colour at (`x`, `y`).
    package func color(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 3
        return Color(red: rgb[i], green: rgb[i + 1], blue: rgb[i + 2])
    }

    /// The colours of the rectangle (clipped to the image), row by row.
    package func colors(x: Int, y: Int, width w: Int, height h: Int) -> [Color] {
        var result: [Color] = []
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) { result.append(color(x: column, y: row)) }
        }
        return result
    }

    /// The mean relative luminance of the whole image.
    package var meanLuminance: Double {
        var total = 0.0
        for y in 0..<height { for x in 0..<width { total += color(x: x, y: y).luminance } }
        return total / Double(max(1, width * height))
    }

    /// How well text stands out in the rectangle: its background is the colour most of its pixels
    /// have, its text the pixel furthest from that in luminance (the middle of a stroke, where
    /// anti-aliasing leaves the text's own colour); the contrast ratio of the two, with both
    /// colours. Nil for a rectangle without pixels.
    package func textContrast(x: Int, y: Int, width w: Int, height h: Int)
        -> (ratio: Double, text: Color, background: Color)?
    {
        let pixels = colors(x: x, y: y, width: w, height: h)
        guard !pixels.isEmpty else { return nil }
        var counts: [Color: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        let background = counts.max { $0.value < $1.value }!.key
        let text = pixels.max { $0.contrast(with: background) < $1.contrast(with: background) }!
        return (text.contrast(with: background), text, background)
    }
}
