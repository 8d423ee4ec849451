import Foundation
import GtkKit
import HubFramework

/// Resolves the `local` image names of JSON from the app's resources folder (the GTK counterpart of
/// the original's `[UIImage imageNamed:]`).
///
/// A name is a path relative to `directory`, with or without extension: `"cover"` finds
/// `cover.png`, `cover.jpg`, `cover.jpeg` or `cover.svg` (in that order); `"covers/city.jpg"` finds
/// that file. When `scale` is 2 or more, `cover@2x.png` is preferred and its image gets scale 2
/// (its size in points is half its pixels). Images are decoded at their natural size (SVGs at
/// their intrinsic size) with the same limits as downloads, and remembered by name, misses too.
/// Names that leave the folder (`../x`) resolve to nil.
///
/// Thread-safe (gdk-pixbuf only): JSON may be parsed on any thread.
public final class ResourceImageResolver: LocalImageResolver, @unchecked Sendable {
    /// Extensions tried, in order, for a name without one.
    public static let extensions = ["png", "jpg", "jpeg", "svg"]

    /// The folder names are resolved in, standardized.
    public let directory: URL
    /// The screen's scale factor; from 2 on, `@2x` files are preferred. At least 1.
    public let scale: Int
    private let maximumBytes: Int
    private let maximumPixels: Int
    private let log: ImageFailureLog
    private let lock = NSLock()
    private var resolved: [String: PixbufImage?] = [:]

    /// Creates a resolver. Pass it to ``/HubFramework/HubManager/Configuration`` as its
    /// `localImageResolver`, so that JSON `local` images resolve.
    /// - Parameters:
    ///   - directory: the app's resources folder.
    ///   - scale: the screen's scale factor; values below 1 count as 1.
    ///   - maximumBytes: the largest file read, in bytes.
    ///   - maximumPixels: the largest buffer a decoder may allocate, in pixels.
    ///   - failureLog: where unreadable files are reported, once per name.
    public init(directory: URL, scale: Int = 1, maximumBytes: Int = 32 * 1024 * 1024,
                maximumPixels: Int = PixbufDecoder.defaultMaximumPixels, failureLog: ImageFailureLog = .shared)
    {
        self.directory = directory.standardizedFileURL
        self.scale = max(1, scale)
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        log = failureLog
    }

    public func image(named name: String) -> (any HubFramework.Image)? {
        if let known = lock.withLock({ resolved[name] }) { return known }
        let image = load(name)
        lock.withLock { resolved[name] = .some(image) }
        return image
    }

    /// The files tried for `name`, best first, with the scale of each.
    func candidates(for name: String) -> [(url: URL, scale: Int)] {
        guard !name.isEmpty, let base = Self.file(atRelativePath: name, in: directory) else { return [] }
        let ext = base.pathExtension.lowercased()
        let stems: [(URL, String)]
        if Self.extensions.contains(ext) {
            stems = [(base.deletingPathExtension(), ext)]
        } else {
            stems = Self.extensions.map { (base, $0) }
        }
        var result: [(URL, Int)] = []
        for (stem, ext) in stems {
            if scale >= 2 && ext != "svg" {
                let hiDPI = stem.deletingLastPathComponent()
                    .appendingPathComponent(stem.lastPathComponent + "@2x").appendingPathExtension(ext)
                result.append((hiDPI, 2))
            }
            result.append((stem.appendingPathExtension(ext), 1))
        }
        return result
    }

    /// `relativePath` resolved against `directory`, or nil when it leads outside it (`../x`, `/x`).
    static func file(atRelativePath relativePath: String, in directory: URL) -> URL? {
        let base = URL(fileURLWithPath: directory.standardizedFileURL.path, isDirectory: true)
        let file = URL(fileURLWithPath: relativePath, relativeTo: base).standardizedFileURL
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        return file.path.hasPrefix(prefix) ? file : nil
    }

    private func load(_ name: String) -> PixbufImage? {
        let fileManager = FileManager.default
        var lastError: ImageLoadingError?
        var tried: URL?
        for candidate in candidates(for: name) where fileManager.fileExists(atPath: candidate.url.path) {
            tried = candidate.url
            do {
                return try PixbufDecoder.decodeFile(at: candidate.url, scale: Double(candidate.scale),
                                                    maximumBytes: maximumBytes, maximumPixels: maximumPixels)
            } catch {
                lastError = error
            }
        }
        if let tried, let lastError { log.report(tried, error: lastError) }
        return nil
    }
}
