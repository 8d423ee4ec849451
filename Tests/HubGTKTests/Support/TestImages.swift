import CGtk
import Foundation
@testable import GtkKit
@testable import HubGTK

/// Encoded images made on the fly for image tests (gdk-pixbuf encoders, plus hand-built huge files).
enum TestImages {
    /// A solid-colour PNG.
    static func png(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) -> Data {
        encode(solid(width: width, height: height, red: red, green: green, blue: blue, alpha: alpha, hasAlpha: true),
               type: "png")
    }

    /// A solid-colour JPEG.
    static func jpeg(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Data {
        encode(solid(width: width, height: height, red: red, green: green, blue: blue, alpha: 255, hasAlpha: false),
               type: "jpeg")
    }

    /// A PNG whose left half is red and right half blue (to see cropping).
    static func halvesPNG(width: Int, height: Int) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels + y * stride + x * 4
                let left = x < width / 2
                p[0] = left ? 255 : 0
                p[1] = 0
                p[2] = left ? 0 : 255
                p[3] = 255
            }
        }
        return encode(pixbuf, type: "png")
    }

    /// An SVG of the given intrinsic size: a green square.
    static func svg(width: Int, height: Int) -> Data {
        Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 10 10">
            <rect width="10" height="10" fill="#00ff00"/></svg>
            """.utf8)
    }

    /// A valid baseline greyscale JPEG of `width`×`height` pixels, all mid-grey, built by hand: one
    /// quantisation table of ones and Huffman tables with a single one-bit code each, so every
    /// 8×8 block is the two bits "DC difference 0, end of block". 20,000×20,000 is 1.5 MB.
    static func hugeGreyJPEG(width: Int = 20_000, height: Int = 20_000) -> Data {
        var data = Data([0xFF, 0xD8])
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            data.append(contentsOf: [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)])
            data.append(contentsOf: payload)
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                       1, 1, 0x11, 0])
        let oneCode = [1] + [UInt8](repeating: 0, count: 15)
        segment(0xC4, [0x00] + oneCode + [0x00])  // DC table 0: category 0 ↦ "0"
        segment(0xC4, [0x10] + oneCode + [0x00])  // AC table 0: end of block ↦ "0"
        segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        data.append(Data(count: (blocks * 2 + 7) / 8))
        data.append(contentsOf: [0xFF, 0xD9])
        return data
    }

    /// A valid one-bit greyscale PNG of `width`×`height` pixels (all black), zlib-compressed with GIO:
    /// 20,000×20,000 is about 50 KB on the wire and 1.6 GB as an RGBA pixbuf.
    static func hugePNG(width: Int = 20_000, height: Int = 20_000) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ payload: Data) {
            var length = UInt32(payload.count).bigEndian
            data.append(Data(bytes: &length, count: 4))
            var body = Data(type.utf8)
            body.append(payload)
            data.append(body)
            var crc = crc32(body).bigEndian
            data.append(Data(bytes: &crc, count: 4))
        }
        var header = Data()
        for value in [UInt32(width), UInt32(height)] {
            var big = value.bigEndian
            header.append(Data(bytes: &big, count: 4))
        }
        header.append(contentsOf: [1, 0, 0, 0, 0])  // bit depth 1, greyscale, deflate, no filter, no interlace
        chunk("IHDR", header)
        chunk("IDAT", zlibZeros(count: height * (1 + (width + 7) / 8)))
        chunk("IEND", Data())
        return data
    }

    /// The RGBA of a pixel of a decoded image.
    static func pixel(_ image: PixbufImage, x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let pixbuf = image.pixbuf
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
        return (p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    // MARK: Helpers

    private static func solid(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8,
                              hasAlpha: Bool) -> OpaquePointer
    {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let rgba = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
        gdk_pixbuf_fill(pixbuf, rgba)
        return pixbuf
    }

    /// Encodes and releases `pixbuf`.
    private static func encode(_ pixbuf: OpaquePointer, type: String) -> Data {
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let ok = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error)
        precondition(ok != 0, "encoding \(type) failed")
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    private static func zlibZeros(count: Int) -> Data {
        let compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 6)!
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        let converter = compressor
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var out = [UInt8](repeating: 0, count: 1 << 16)
        var output = Data()
        var remaining = count
        while true {
            let inputCount = min(remaining, zeros.count)
            let atEnd = remaining <= zeros.count
            var read: gsize = 0
            var written: gsize = 0
            let result = zeros.withUnsafeBytes { input in
                out.withUnsafeMutableBytes { buffer in
                    g_converter_convert(converter, input.baseAddress, gsize(inputCount), buffer.baseAddress,
                                        gsize(buffer.count), atEnd ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS,
                                        &read, &written, nil)
                }
            }
            output.append(contentsOf: out[0..<Int(written)])
            remaining -= Int(read)
            if result == G_CONVERTER_FINISHED { return output }
            precondition(result != G_CONVERTER_ERROR, "zlib compression failed")
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
