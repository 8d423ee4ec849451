import Foundation
import GtkKit
import HubFramework

/// The image loader HubGTK uses unless an app supplies its own (the original's `HUBDefaultImageLoader`).
///
/// Understands
/// * `http:` and `https:` — downloaded with the framework's HTTP client
///   (``/HubFramework/DefaultHTTPClient``: ``/GtkKit/SoupHTTPClient`` unless the app installed another),
/// * `file:` URLs with absolute paths,
/// * relative paths (`images/cover.png`, or `file:images/cover.png`), looked up in
///   `Configuration.resourcesDirectory`, the app's resources folder.
///
/// Any other scheme fails with `ImageLoadingError.unsupportedScheme`. Reading files and decoding
/// happen on a shared background queue; the decoder (`PixbufDecoder`) produces exactly the
/// requested pixel size and refuses images whose decoding would need more than
/// `maximumPixels`. Results reach the delegate on the main thread, never from inside
/// `loadImage`. No caching here: `ComponentImageLoader` keeps the memory cache.
@MainActor
public final class DefaultImageLoader: ImageLoader {
    /// Where relative paths are found and the limits every load is held to.
    public struct Configuration: Sendable {
        /// Where relative image paths are looked up; nil makes them fail.
        public var resourcesDirectory: URL?
        /// Seconds a download may wait for the server's answer (a whole download may take up to two
        /// minutes, or `timeout` if that is longer).
        public var timeout: TimeInterval
        /// Largest download or file accepted.
        public var maximumBytes: Int
        /// Largest buffer a decoder may allocate, in pixels (see `PixbufDecoder.defaultMaximumPixels`).
        public var maximumPixels: Int
        /// How long a download waits before it starts. A row that scrolls past faster than this is
        /// cancelled before any connection is made, which keeps a fling cheap; two frames by default.
        public var startDelay: TimeInterval

        /// Creates a configuration; every value has a default that suits the viewer.
        /// - Parameters:
        ///   - resourcesDirectory: where relative paths are looked up; nil makes them fail.
        ///   - timeout: seconds a download may wait for the server's answer.
        ///   - maximumBytes: the largest download or file accepted, in bytes (32 MiB by default).
        ///   - maximumPixels: the largest buffer a decoder may allocate, in pixels.
        ///   - startDelay: seconds a download waits before it starts.
        public init(resourcesDirectory: URL? = nil, timeout: TimeInterval = 15, maximumBytes: Int = 32 * 1024 * 1024,
                    maximumPixels: Int = PixbufDecoder.defaultMaximumPixels, startDelay: TimeInterval = 0.03)
        {
            self.resourcesDirectory = resourcesDirectory
            self.timeout = timeout
            self.maximumBytes = maximumBytes
            self.maximumPixels = maximumPixels
            self.startDelay = startDelay
        }
    }

    /// The downloaded bytes of images, kept as the server's caching headers allow (`max-age`,
    /// `ETag`, `Last-Modified`, `no-store`), on disk only: decoded images are kept in memory above
    /// the loader (``ComponentImageLoader``), so this cache keeps nothing in memory. Without a
    /// ``/HubFramework/DocumentCache/diskDirectory`` it keeps nothing at all; `HubApp` apps keep
    /// image bytes under `$XDG_CACHE_HOME/<app id>/images`, so that pictures seen before show after
    /// a restart and while their server is unreachable.
    public nonisolated static let downloadCache = DocumentCache(capacityBytes: 0, diskCapacityBytes: 128 << 20)

    public weak var delegate: (any ImageLoaderDelegate)?
    /// The configuration the loader was created with.
    public let configuration: Configuration
    private var inFlight: [ImageRequest: LoadOperation] = [:]

    /// Creates a loader; create one per view controller (``ComponentImageLoader/factory(configuration:cache:failureLog:)`` does).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    isolated deinit {
        for operation in inFlight.values { operation.cancel() }
    }

    /// Requests being loaded now.
    public var inFlightCount: Int { inFlight.count }

    public func loadImage(_ request: ImageRequest) {
        guard inFlight[request] == nil else { return }
        let operation = LoadOperation(request: request)
        inFlight[request] = operation
        let configuration = self.configuration
        switch Self.source(of: request.url, resourcesDirectory: configuration.resourcesDirectory) {
        case .failure(let error):
            deliverFromBackground(operation, .failure(error))  // on a later turn, not from inside loadImage
        case .success(.file(let fileURL)):
            decodeInBackground(operation) { () throws(ImageLoadingError) in
                try PixbufDecoder.decodeFile(at: fileURL, pixelWidth: request.pixelWidth,
                                             pixelHeight: request.pixelHeight, scale: request.scale,
                                             maximumBytes: configuration.maximumBytes,
                                             maximumPixels: configuration.maximumPixels)
            }
        case .success(.http(let url)):
            HTTPImageFetcher.start(url, for: operation, delay: configuration.startDelay,
                                          timeout: configuration.timeout, maximumBytes: configuration.maximumBytes)
            { [weak self] result in
                guard !operation.isCancelled else { return }
                switch result {
                case .failure(let error):
                    self?.deliverFromBackground(operation, .failure(error))
                case .success(let data):
                    self?.decodeInBackground(operation) { () throws(ImageLoadingError) in
                        try PixbufDecoder.decode(data, pixelWidth: request.pixelWidth,
                                                 pixelHeight: request.pixelHeight, scale: request.scale,
                                                 maximumPixels: configuration.maximumPixels)
                    }
                }
            }
        }
    }

    public func cancelLoading(_ request: ImageRequest) {
        inFlight.removeValue(forKey: request)?.cancel()
    }

    // MARK: Delivery

    /// Runs `decode` on the shared work queue (unless the load is cancelled before its turn) and
    /// delivers its result on the main thread.
    private nonisolated func decodeInBackground(
        _ operation: LoadOperation, _ decode: @escaping @Sendable () throws(ImageLoadingError) -> PixbufImage
    ) {
        ImageWorkQueue.shared.addOperation { [weak self] in
            guard !operation.isCancelled else { return }
            self?.deliverFromBackground(operation, Result(catching: decode))
        }
    }

    /// Delivers on a later turn of the main loop.
    private nonisolated func deliverFromBackground(_ operation: LoadOperation,
                                                   _ result: Result<PixbufImage, ImageLoadingError>)
    {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.complete(operation, result) }
        }
    }

    private func complete(_ operation: LoadOperation, _ result: Result<PixbufImage, ImageLoadingError>) {
        guard !operation.isCancelled, inFlight[operation.request] === operation else { return }
        inFlight[operation.request] = nil
        switch result {
        case .success(let image): delegate?.imageLoader(self, didLoad: image, for: operation.request)
        case .failure(let error): delegate?.imageLoader(self, didFailToLoad: operation.request, error: error)
        }
    }

    // MARK: Sources

    enum Source: Equatable {
        case http(URL)
        case file(URL)
    }

    /// Where the bytes of `url` come from.
    static func source(of url: URL, resourcesDirectory: URL?) -> Result<Source, ImageLoadingError> {
        switch url.scheme?.lowercased() {
        case "http", "https":
            return .success(.http(url))
        case "file":
            let path = url.path
            if path.hasPrefix("/") { return .success(.file(URL(fileURLWithPath: path))) }
            return resource(path, in: resourcesDirectory)
        case nil:
            return resource(url.path, in: resourcesDirectory)
        case let scheme?:
            return .failure(.unsupportedScheme(scheme))
        }
    }

    private static func resource(_ relativePath: String, in directory: URL?) -> Result<Source, ImageLoadingError> {
        guard let directory else { return .failure(.noResourcesDirectory) }
        guard !relativePath.isEmpty else { return .failure(.unreadableFile("empty path")) }
        guard let file = ResourceImageResolver.file(atRelativePath: relativePath, in: directory) else {
            return .failure(.unreadableFile("\(relativePath) points outside the resources directory"))
        }
        return .success(.file(file))
    }
}

/// One load in flight; cancelling it stops its download and drops its result.
final class LoadOperation: @unchecked Sendable {
    let request: ImageRequest
    private let lock = NSLock()
    private var cancelled = false
    private var download: BoundedDownload?

    init(request: ImageRequest) {
        self.request = request
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Remembers the download; a later `cancel()` cancels it. Cancelled already: cancels now.
    func attach(_ download: BoundedDownload) {
        let cancelNow = lock.withLock { () -> Bool in
            self.download = download
            return cancelled
        }
        if cancelNow { download.cancel() }
    }

    /// Marks the load cancelled (its result is dropped) and cancels its download, which only asks
    /// the HTTP client's thread to close the connection: it never waits, so the main thread may call it.
    func cancel() {
        lock.withLock { () -> BoundedDownload? in
            cancelled = true
            defer { download = nil }
            return download
        }?.cancel()
    }
}

/// The background queue that reads image files and decodes images, shared by every loader:
/// as many decodes at once as there are processors (at least two).
enum ImageWorkQueue {
    static let shared: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "HubGTK.ImageWork"
        queue.maxConcurrentOperationCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
        queue.qualityOfService = .userInitiated
        return queue
    }()
}
