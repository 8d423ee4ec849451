import Foundation

/// One image to load: where from, at which size in points, and for which scale factor.
///
/// Two requests are the same when they have the same URL, the same size in pixels and the same
/// scale: that is the key of in-flight de-duplication and of the memory cache.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// Where the image comes from: `http`, `https`, `file`, or a path relative to the loader's
    /// resources directory.
    public let url: URL
    /// The size the component asked for, in points.
    public let targetSize: Size
    /// Device pixels per point (2 on HiDPI screens). Always at least 1.
    public let scale: Double

    /// Creates a request.
    /// - Parameters:
    ///   - url: where the image comes from.
    ///   - targetSize: the size to decode the image at, in points (what the component asked for).
    ///   - scale: device pixels per point; values below 1 count as 1.
    public init(url: URL, targetSize: Size, scale: Double = 1) {
        self.url = url
        self.targetSize = targetSize
        self.scale = max(1, scale)
    }

    /// The width the decoded image gets, in pixels (at least 1).
    public var pixelWidth: Int { Self.pixels(targetSize.width, scale) }
    /// The height the decoded image gets, in pixels (at least 1).
    public var pixelHeight: Int { Self.pixels(targetSize.height, scale) }

    private static func pixels(_ points: Double, _ scale: Double) -> Int {
        guard points.isFinite, points > 0 else { return 1 }
        return max(1, Int(min((points * scale).rounded(.up), Double(Int32.max))))
    }

    /// Whether the two requests load the same pixels: same URL, same size in pixels and same
    /// scale. Two target sizes that round up to the same pixels are the same request.
    public static func == (lhs: ImageRequest, rhs: ImageRequest) -> Bool {
        lhs.url == rhs.url && lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
            && lhs.scale == rhs.scale
    }

    /// Hashes the URL, the pixel size and the scale, the parts ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        hasher.combine(scale)
    }

    public var description: String { "\(url.absoluteString) @ \(pixelWidth)×\(pixelHeight)px (×\(scale))" }
}

/// Why an image could not be loaded. Every case names what went wrong in words a log reader
/// understands; none of them is fatal.
public enum ImageLoadingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL's scheme is not one the loader knows (`ftp:`, `mailto:`, …).
    case unsupportedScheme(String)
    /// A relative path, but no resources directory was configured.
    case noResourcesDirectory
    /// The server answered with a status outside 200–299.
    case httpStatus(Int)
    /// The server did not answer in time.
    case timedOut
    /// The connection failed (refused, reset, closed early); the text is the transport's.
    case transport(String)
    /// The file does not exist or cannot be read.
    case unreadableFile(String)
    /// The download or the decoded image would exceed a configured bound.
    case tooLarge(String)
    /// The bytes are not an image the decoder understands (corrupt, truncated, HTML…).
    case invalidData(String)

    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme): return "unsupported URL scheme \"\(scheme)\""
        case .noResourcesDirectory: return "a relative image path, but no resources directory is configured"
        case .httpStatus(let status): return "HTTP status \(status)"
        case .timedOut: return "timed out"
        case .transport(let message): return "connection failed: \(message)"
        case .unreadableFile(let message): return "unreadable file: \(message)"
        case .tooLarge(let message): return "too large: \(message)"
        case .invalidData(let message): return "not a decodable image: \(message)"
        }
    }
}

/// Receives the results of an image loader, on the main thread.
@MainActor
public protocol ImageLoaderDelegate: AnyObject {
    /// `image` is `request.pixelWidth × request.pixelHeight` pixels (its `size` is the target size in points).
    func imageLoader(_ loader: any ImageLoader, didLoad image: any Image, for request: ImageRequest)
    /// `request` could not be loaded; `error` says why. The component keeps its placeholder.
    func imageLoader(_ loader: any ImageLoader, didFailToLoad request: ImageRequest, error: ImageLoadingError)
}

/// Downloads and decodes images (the original's `HUBImageLoader`; docs/images.md describes how
/// `ComponentImageLoader` drives it).
///
/// Results are delivered to the delegate on the main thread, never synchronously from `loadImage`,
/// and exactly once per `loadImage` unless the request was cancelled first. Loading the same
/// request again while it is in flight does not start a second load.
@MainActor
public protocol ImageLoader: AnyObject {
    /// Held weakly.
    var delegate: (any ImageLoaderDelegate)? { get set }
    /// Starts loading `request` (nothing happens when it is already in flight).
    func loadImage(_ request: ImageRequest)
    /// Stops loading `request`; its delegate callback will not come. Unknown requests are ignored.
    func cancelLoading(_ request: ImageRequest)
}

/// Creates the image loader of each view controller (the original's `HUBImageLoaderFactory`).
@MainActor
public protocol ImageLoaderFactory: AnyObject {
    /// A new loader, for one view controller; it is not shared between views.
    func createImageLoader() -> any ImageLoader
}

/// An image loader factory backed by a closure.
@MainActor
public final class BlockImageLoaderFactory: ImageLoaderFactory {
    private let make: @MainActor () -> any ImageLoader

    /// Creates a factory that calls `make` for every view controller.
    /// - Parameter make: returns a new loader.
    public init(_ make: @escaping @MainActor () -> any ImageLoader) {
        self.make = make
    }

    /// Calls the factory's closure.
    public func createImageLoader() -> any ImageLoader { make() }
}
