import Foundation
import HubFramework

/// Loads the images of a view controller's components (the original's
/// `HUBComponentWrapperImageLoader`; docs/images.md, "The loading flow"), with a memory cache,
/// de-duplication, cancellation and HiDPI sizes on top of the original flow.
///
/// For each image of a component's model (main, background, then custom ones):
/// * a local image is handed to the component at once (`animated: false`);
/// * a URL is requested at the component's preferred size times the widget's scale factor. A cached
///   image is handed over at once (`animated: false`); otherwise the request joins the one in flight
///   for the same URL and pixel size, or starts a new load.
///
/// When an image arrives, every component that asked for it and *still shows a model with that
/// URL in that slot* gets it, `animated` when it arrived more than `animationThreshold` seconds
/// after the request (the component showed a placeholder meanwhile). A component reused for another
/// model never gets the old model's image, however late the old download finishes: its contexts
/// are dropped when it asks for the new model's images, and the URL is checked again on arrival.
/// A load nobody waits for any more (every asking component moved on, was released, or went back
/// to the reuse pool) is cancelled.
///
/// Failures leave the component as it is (showing its placeholder), are logged once per URL, and
/// the URL is not asked for again during `failureRetryInterval`.
///
/// One instance per view controller, on the main thread. The cache is shared process-wide by default.
@MainActor
public final class ComponentImageLoader: ComponentImageLoading, ImageLoaderDelegate {
    /// Counters since creation (for tests and benchmarks).
    public struct Statistics: Equatable, Sendable {
        /// Remote images asked for (one per image slot and call).
        public var requested = 0
        /// Of those, served from the memory cache.
        public var cacheHits = 0
        /// Loads started on the image loader.
        public var loadsStarted = 0
        /// Requests that joined a load already in flight for the same URL and pixel size.
        public var joinedInFlight = 0
        /// Images handed to components after loading.
        public var delivered = 0
        /// Local images handed to components.
        public var localImagesDelivered = 0
        /// Arrivals dropped because the component had moved on to another model (or was released).
        public var discardedAfterReuse = 0
        /// Loads cancelled because nobody waited for them any more.
        public var cancelled = 0
        /// Loads that failed.
        public var failed = 0
        /// Requests skipped because the URL failed recently.
        public var skippedAfterFailure = 0
        /// Images not loaded because the view's content may not reach them (a `file:` image in
        /// remote or live content, see ``contentOrigin``).
        public var refusedByOrigin = 0
    }

    private struct Context {
        weak var wrapper: (any ComponentWrapperHandle)?
        let wrapperID: ObjectIdentifier
        let type: ComponentImageType
        let identifier: String?
        let timestamp: Double
    }

    private struct WrapperEntry {
        weak var wrapper: (any ComponentWrapperHandle)?
        var requests: Set<ImageRequest>
    }

    /// Downloads and decodes the images; this object is its delegate.
    public let imageLoader: any ImageLoader
    /// Nil disables caching.
    public let cache: ImageCache?
    /// Where failures are reported, once per URL.
    public let failureLog: ImageFailureLog
    /// An image arriving later than this after its request is cross-faded in; 0.07 s, as in the original.
    public var animationThreshold = 0.07
    /// How long a failed URL is not requested again.
    public var failureRetryInterval = 30.0
    /// Overrides the widgets' scale factor (tests, screenshots).
    public var scaleFactorOverride: Double?
    /// The clock of `animated` decisions and retries (seconds, monotonic).
    public var clock: @MainActor () -> Double = { ProcessInfo.processInfo.systemUptime }
    /// What the loader has done so far.
    public private(set) var statistics = Statistics()
    /// Where the view's content came from (set by its view controller). For remote and live
    /// content, `file:` images are neither read nor served from the cache: each is reported once
    /// to ``failureLog`` and the component keeps its placeholder.
    public var contentOrigin: ContentOrigin = .local

    private var pending: [ImageRequest: [Context]] = [:]
    private var wrappers: [ObjectIdentifier: WrapperEntry] = [:]
    private var recentFailures: [URL: Double] = [:]
    private var sweepScheduled = false

    /// - Parameters:
    ///   - imageLoader: downloads and decodes; this object becomes its delegate.
    ///   - cache: where loaded images are kept (`ImageCache.shared` by default; nil for none).
    ///   - failureLog: where failures are reported, once per URL.
    public init(imageLoader: any ImageLoader, cache: ImageCache? = .shared, failureLog: ImageFailureLog = .shared) {
        self.imageLoader = imageLoader
        self.cache = cache
        self.failureLog = failureLog
        imageLoader.delegate = self
    }

    /// With a `DefaultImageLoader` of `configuration`.
    public convenience init(configuration: DefaultImageLoader.Configuration = DefaultImageLoader.Configuration(),
                            cache: ImageCache? = .shared, failureLog: ImageFailureLog = .shared)
    {
        self.init(imageLoader: DefaultImageLoader(configuration: configuration), cache: cache, failureLog: failureLog)
    }

    isolated deinit {
        cancelAll()
    }

    /// The closure to give `Hub(…, imageLoaderFactory:)`: one loader per view controller, each with
    /// a `DefaultImageLoader` of `configuration`, all sharing `cache`.
    public static func factory(configuration: DefaultImageLoader.Configuration = DefaultImageLoader.Configuration(),
                               cache: ImageCache? = .shared, failureLog: ImageFailureLog = .shared)
        -> @MainActor () -> (any ComponentImageLoading)?
    {
        { ComponentImageLoader(configuration: configuration, cache: cache, failureLog: failureLog) }
    }

    /// The closure to give `Hub(…, imageLoaderFactory:)` when the app brings its own image loaders.
    public static func factory(imageLoaderFactory: any ImageLoaderFactory, cache: ImageCache? = .shared,
                               failureLog: ImageFailureLog = .shared) -> @MainActor () -> (any ComponentImageLoading)?
    {
        { ComponentImageLoader(imageLoader: imageLoaderFactory.createImageLoader(), cache: cache, failureLog: failureLog) }
    }

    /// Loads in flight.
    public var pendingRequests: Set<ImageRequest> { Set(pending.keys) }

    /// Cancels every load in flight; nothing will be delivered for them.
    public func cancelAll() {
        for request in pending.keys { imageLoader.cancelLoading(request) }
        statistics.cancelled += pending.count
        pending.removeAll()
        wrappers.removeAll()
    }

    // MARK: ComponentImageLoading

    public func loadImages(for wrapper: ComponentWrapperHandle, containerViewSize: Size) {
        let id = ObjectIdentifier(wrapper)
        var previous: Set<ImageRequest> = []
        if let entry = wrappers[id], entry.wrapper === wrapper { previous = entry.requests }
        var current: Set<ImageRequest> = []
        defer {
            for request in previous.subtracting(current) { removeContexts(of: id, from: request) }
            wrappers[id] = current.isEmpty ? nil : WrapperEntry(wrapper: wrapper, requests: current)
            scheduleSweep()
        }
        guard wrapper.handlesImages, let model = wrapper.model else { return }
        let scale = scaleFactorOverride ?? wrapper.imageScaleFactor
        let now = clock()
        for data in Self.imageData(of: model) {
            if let local = data.localImage {
                wrapper.updateView(forLoadedImage: local, from: data, model: model, animated: false)
                statistics.localImagesDelivered += 1
            }
            guard let url = data.url else { continue }
            guard ContentOriginPolicy.allowsImage(at: url, from: contentOrigin) else {
                statistics.refusedByOrigin += 1
                failureLog.report(url, error: ContentOriginRefusal(origin: contentOrigin, uri: url))
                continue
            }
            let size = wrapper.preferredImageSize(for: data, model: model, containerViewSize: containerViewSize)
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { continue }
            let request = ImageRequest(url: url, targetSize: size, scale: scale)
            statistics.requested += 1
            if let image = cache?.image(for: request) {
                statistics.cacheHits += 1
                wrapper.updateView(forLoadedImage: image, from: data, model: model, animated: false)
                continue
            }
            if let failedAt = recentFailures[url] {
                if now - failedAt < failureRetryInterval {
                    statistics.skippedAfterFailure += 1
                    continue
                }
                recentFailures[url] = nil
            }
            current.insert(request)
            var contexts = pending[request] ?? []
            let alreadyWaiting = contexts.contains {
                $0.wrapperID == id && $0.wrapper === wrapper && $0.type == data.type && $0.identifier == data.identifier
            }
            if alreadyWaiting { continue }  // asked again for the same model: keep the first timestamp
            let isNew = contexts.isEmpty
            contexts.append(Context(wrapper: wrapper, wrapperID: id, type: data.type, identifier: data.identifier,
                                    timestamp: now))
            pending[request] = contexts
            if isNew {
                statistics.loadsStarted += 1
                imageLoader.loadImage(request)
            } else {
                statistics.joinedInFlight += 1
            }
        }
    }

    // MARK: ImageLoaderDelegate

    public func imageLoader(_ loader: any ImageLoader, didLoad image: any HubFramework.Image, for request: ImageRequest) {
        cache?.insert(image, for: request)
        recentFailures[request.url] = nil
        guard let contexts = pending.removeValue(forKey: request) else { return }  // nobody asked (any more)
        let now = clock()
        for context in contexts {
            guard let (wrapper, model, data) = Self.slot(of: context, showing: request.url) else {
                statistics.discardedAfterReuse += 1
                continue
            }
            wrappers[context.wrapperID]?.requests.remove(request)
            statistics.delivered += 1
            wrapper.updateView(forLoadedImage: image, from: data, model: model,
                               animated: now - context.timestamp > animationThreshold)
        }
    }

    /// Forgets the components waiting for `request` (they keep their placeholders), logs the
    /// failure and does not ask for the URL again during ``failureRetryInterval``.
    public func imageLoader(_ loader: any ImageLoader, didFailToLoad request: ImageRequest, error: ImageLoadingError) {
        guard let contexts = pending.removeValue(forKey: request) else { return }
        for context in contexts { wrappers[context.wrapperID]?.requests.remove(request) }
        statistics.failed += 1
        failureLog.report(request.url, error: error)
        if recentFailures.count > 4096 {
            let now = clock()
            recentFailures = recentFailures.filter { now - $0.value < failureRetryInterval }
        }
        recentFailures[request.url] = clock()
    }

    // MARK: Cancellation

    private func removeContexts(of id: ObjectIdentifier, from request: ImageRequest) {
        guard var contexts = pending[request] else { return }
        contexts.removeAll { $0.wrapperID == id }
        if contexts.isEmpty {
            pending[request] = nil
            imageLoader.cancelLoading(request)
            statistics.cancelled += 1
        } else {
            pending[request] = contexts
        }
    }

    private func scheduleSweep() {
        guard !sweepScheduled else { return }
        sweepScheduled = true
        MainThread.async { [weak self] in
            guard let self else { return }
            self.sweepScheduled = false
            self.sweep()
        }
    }

    /// Drops the waiting components that no longer want their image (released, reused for a model
    /// without that URL, or back in the pool) and cancels the loads left without anyone waiting.
    func sweep() {
        for (request, contexts) in pending {
            let kept = contexts.filter { context in
                context.wrapper?.wantsLoadedImages == true && Self.slot(of: context, showing: request.url) != nil
            }
            if kept.isEmpty {
                pending[request] = nil
                imageLoader.cancelLoading(request)
                statistics.cancelled += 1
            } else if kept.count != contexts.count {
                pending[request] = kept
            }
        }
        wrappers = wrappers.filter { $0.value.wrapper != nil }
    }

    // MARK: Models

    /// The component, model and image data of `context`'s slot, when the component (still alive)
    /// shows a model with `url` in that slot.
    private static func slot(of context: Context, showing url: URL)
        -> (wrapper: any ComponentWrapperHandle, model: ComponentModel, data: ComponentImageData)?
    {
        guard let wrapper = context.wrapper, let model = wrapper.model,
            let data = imageData(of: model, type: context.type, identifier: context.identifier), data.url == url
        else { return nil }
        return (wrapper, model, data)
    }

    /// Main, background, then custom image data (custom ones sorted by identifier).
    static func imageData(of model: ComponentModel) -> [ComponentImageData] {
        var result: [ComponentImageData] = []
        if let main = model.mainImageData { result.append(main) }
        if let background = model.backgroundImageData { result.append(background) }
        for key in model.customImageData.keys.sorted() {
            if let data = model.customImageData[key] { result.append(data) }
        }
        return result
    }

    static func imageData(of model: ComponentModel, type: ComponentImageType, identifier: String?)
        -> ComponentImageData?
    {
        switch type {
        case .main: return model.mainImageData
        case .background: return model.backgroundImageData
        case .custom: return identifier.flatMap { model.customImageData[$0] }
        }
    }
}
