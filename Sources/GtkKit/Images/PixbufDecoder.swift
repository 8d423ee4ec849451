internal import CGtk
import Foundation
import HubFramework

/// Turns encoded image bytes (PNG, JPEG, GIF, SVG, WebP… whatever gdk-pixbuf has a loader for)
/// into a `PixbufImage` of an exact pixel size, with bounded memory.
///
/// Thread-safe: it uses gdk-pixbuf only, never GTK, and is meant to run on worker threads.
public enum PixbufDecoder {
    /// The largest buffer a decoder may allocate, in pixels (64 megapixels: 256 MiB of RGBA).
    /// Images that would need more are refused after their header was read, before any pixel
    /// is stored. JPEGs decode at up to 1/8 of their size and SVGs render at the target size, so
    /// only the reduced size counts for them.
    public static let defaultMaximumPixels = 64 * 1024 * 1024

    /// Decodes `data`.
    ///
    /// - Parameters:
    ///   - data: the encoded image, complete.
    ///   - pixelWidth: the exact width of the result: the image is scaled to cover the requested
    ///     size (aspect ratio kept) and centred, the overflow cropped. When this or `pixelHeight`
    ///     is zero or less, the result has the image's natural size.
    ///   - pixelHeight: the exact height of the result, likewise.
    ///   - scale: stored in the image (points = pixels / scale).
    ///   - maximumPixels: see ``defaultMaximumPixels``.
    /// - Throws: ``/HubFramework/ImageLoadingError`` when the bytes are not a complete image the
    ///   decoder understands, or the image would need more than `maximumPixels`.
    public static func decode(_ data: Data, pixelWidth: Int = 0, pixelHeight: Int = 0, scale: Double = 1,
                              maximumPixels: Int = defaultMaximumPixels) throws(ImageLoadingError) -> PixbufImage
    {
        guard !data.isEmpty else { throw .invalidData("no bytes") }
        try checkComplete(data)
        let width = Int32(clamping: pixelWidth)
        let height = Int32(clamping: pixelHeight)
        var tooLarge: gboolean = 0
        var sourceWidth: gint = 0
        var sourceHeight: gint = 0
        var error: UnsafeMutablePointer<GError>?
        let decoded: OpaquePointer? = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let base = bytes.baseAddress!.assumingMemoryBound(to: guchar.self)
            return hub_pixbuf_decode_bounded(base, gsize(bytes.count), width, height,
                                             guint64(max(1, maximumPixels)), &tooLarge, &sourceWidth,
                                             &sourceHeight, &error)
        }
        let message = error.map { String(cString: $0.pointee.message) }
        if error != nil { g_error_free(error) }
        guard let decoded else {
            if tooLarge != 0 {
                throw .tooLarge("\(sourceWidth)×\(sourceHeight) pixels exceeds the decoding limit of \(maximumPixels) pixels")
            }
            throw .invalidData(message ?? "the decoder produced no image")
        }
        guard width > 0, height > 0 else { return PixbufImage(takingOwnershipOf: decoded, scale: scale) }
        guard Int(width) * Int(height) <= maximumPixels else {
            g_object_unref(UnsafeMutableRawPointer(decoded))
            throw .tooLarge("a target of \(width)×\(height) pixels exceeds the limit of \(maximumPixels) pixels")
        }
        let scaled = hub_pixbuf_scale_to_cover(decoded, width, height)
        g_object_unref(UnsafeMutableRawPointer(decoded))
        guard let scaled else { throw .tooLarge("no memory for \(width)×\(height) pixels") }
        return PixbufImage(takingOwnershipOf: scaled, scale: scale)
    }

    private static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// gdk-pixbuf shows a PNG cut short as far as it got; a truncated download or file must leave
    /// the placeholder instead, so a PNG has to end with its IEND chunk.
    static func checkComplete(_ data: Data) throws(ImageLoadingError) {
        guard data.starts(with: pngSignature) else { return }
        guard data.suffix(64).range(of: Data("IEND".utf8)) != nil else {
            throw .invalidData("truncated PNG (no IEND chunk)")
        }
    }

    /// Reads and decodes a file, refusing files larger than `maximumBytes`.
    public static func decodeFile(at url: URL, pixelWidth: Int = 0, pixelHeight: Int = 0, scale: Double = 1,
                                  maximumBytes: Int, maximumPixels: Int = defaultMaximumPixels)
        throws(ImageLoadingError) -> PixbufImage
    {
        let data = try readFile(at: url, maximumBytes: maximumBytes)
        return try decode(data, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                          maximumPixels: maximumPixels)
    }

    /// The bytes of a regular file of at most `maximumBytes`.
    static func readFile(at url: URL, maximumBytes: Int) throws(ImageLoadingError) -> Data {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile("\(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadableFile("\(path) is not a regular file") }
        guard Int(info.st_size) <= maximumBytes else {
            throw .tooLarge("\(path) has \(info.st_size) bytes, more than the limit of \(maximumBytes)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadableFile("\(path) cannot be opened")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                throw ImageLoadingError.tooLarge("\(path) grew beyond the limit of \(maximumBytes) bytes")
            }
            return data
        } catch let error as ImageLoadingError {
            throw error
        } catch {
            throw .unreadableFile("\(path): \(error.localizedDescription)")
        }
    }
}
