import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP(S) document download for `JSONContentOperation`, bounded in every direction: the body is
/// received in chunks and counted as it arrives (after decompression: what the session delivers),
/// so a body that passes ``ContentLimits/maximumDocumentBytes`` — announced in `Content-Length` or
/// discovered while streaming, endless or a gzip bomb — is cancelled at once instead of being
/// buffered; the wait for the response (``ContentLimits/maximumConnectSeconds``), the whole load
/// (the operation's timeout) and the redirects (``ContentLimits/maximumRedirects``) are bounded too.
/// It follows the server's caching headers through a `DocumentCache`.
///
/// `completion` is called once, on a background thread, unless `cancel()` came first; after
/// `cancel()` nothing is reported.
final class DocumentFetch: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Data, ContentLoadingError>) -> Void

    let url: URL
    let limits: ContentLimits
    let timeout: TimeInterval
    let cache: DocumentCache?
    fileprivate let fetcher: DocumentFetcher

    // Guarded by `fetcher.lock`.
    fileprivate var finished = false
    /// Dropped once the fetch ends, reported or not: the caller usually keeps the fetch (to cancel
    /// it) in the very object the completion captures, and that cycle must not outlive the load.
    fileprivate var completion: Completion?
    fileprivate var task: URLSessionDataTask?
    fileprivate var timers: [DispatchWorkItem] = []
    fileprivate var cached: DocumentCache.Entry?
    fileprivate var response: HTTPURLResponse?
    fileprivate var notModified = false
    /// The body as it arrived, joined once at the end: appending to one `Data` would double its
    /// buffer as it grows, so a body near the limit could hold twice the limit in memory.
    fileprivate var chunks: [Data] = []
    fileprivate var bodyBytes = 0
    fileprivate var redirects = 0

    /// Starts loading `url` with the session's configuration (or the shared one's).
    init(url: URL, limits: ContentLimits, timeout: TimeInterval, cache: DocumentCache?, session: URLSession?,
         completion: @escaping Completion)
    {
        self.url = url
        self.limits = limits
        self.timeout = timeout
        self.cache = cache
        self.completion = completion
        fetcher = DocumentFetcher.fetcher(for: session)
        fetcher.start(self)
    }

    /// Abandons the download: the request is cancelled (from a background queue: cancelling a
    /// task can block on Linux) and nothing is reported.
    func cancel() {
        fetcher.finish(self, with: nil)
    }
}

/// The session delegate behind `DocumentFetch`: one per session configuration, each with its own
/// `URLSession` whose delegate callbacks arrive on one serial queue.
final class DocumentFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    fileprivate let lock = NSLock()
    private var fetches: [Int: DocumentFetch] = [:]  // guarded by `lock`, keyed by task identifier
    /// Tasks resumed and not yet completed, whether or not their fetch still waits for them: a fetch
    /// that ends early (a limit, a timeout, `cancel()`) leaves its task to wind down in the session.
    private var tasksInFlight: Set<Int> = []  // guarded by `lock`, task identifiers
    /// From this many bytes received, the memory of a download that ended early is given back to
    /// the system when its task completes.
    private static let trimThreshold = 16 << 20
    private var trimOnCompletion: Set<Int> = []  // guarded by `lock`
    private var session: URLSession!
    /// Creating and resuming tasks happens here, never on the main thread.
    private let controlQueue = DispatchQueue(label: "hub.document-fetch.control", qos: .userInitiated)
    /// Cancelling happens here, apart from starting: `cancel()` waits for URLSession's work queue,
    /// which a compressed body arriving faster than it can be decompressed keeps busy (see
    /// docs/content-loading.md), and a cancel stuck there must not also hold up the next start.
    private static let cancelQueue = DispatchQueue(label: "hub.document-fetch.cancel", attributes: .concurrent)

    private init(configuration: URLSessionConfiguration) {
        super.init()
        // The document cache above follows the server's headers; a second cache below it would
        // answer conditional requests itself and keep bodies beyond the cache's bound.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.name = "hub.document-fetch"
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    private static let sharedFetcher = DocumentFetcher(configuration: .ephemeral)
    private static let registry = NSLock()
    // Guarded by `registry`. The session is kept so that its identifier cannot be reused by another.
    nonisolated(unsafe) private static var fetchers: [ObjectIdentifier: (URLSession, DocumentFetcher)] = [:]

    /// The fetcher for an app-provided session: one per session, using that session's configuration
    /// (headers, proxies, connection limits) with this delegate.
    static func fetcher(for session: URLSession?) -> DocumentFetcher {
        guard let session else { return sharedFetcher }
        return registry.withLock {
            if let (_, fetcher) = fetchers[ObjectIdentifier(session)] { return fetcher }
            let configuration = session.configuration.copy() as? URLSessionConfiguration ?? .ephemeral
            let fetcher = DocumentFetcher(configuration: configuration)
            fetchers[ObjectIdentifier(session)] = (session, fetcher)
            return fetcher
        }
    }

    fileprivate func start(_ fetch: DocumentFetch) {
        let entry = fetch.cache?.entry(for: fetch.url)
        if let entry, entry.isFresh {
            controlQueue.async { self.finish(fetch, with: .success(entry.body)) }
            return
        }
        // URLSession's own timeout is an idle timeout, in whole seconds on Linux; the timers below
        // bound the wait for the response and the whole load, so it is set a little later.
        var request = URLRequest(url: fetch.url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.timeoutInterval = fetch.timeout.rounded(.up) + 1
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let entry {
            if let tag = entry.entityTag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
            if let date = entry.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        }
        let total = DispatchWorkItem { [weak self, weak fetch] in
            guard let self, let fetch else { return }
            finish(fetch, with: .failure(.timeout(url: fetch.url, seconds: fetch.timeout)))
        }
        let connect = DispatchWorkItem { [weak self, weak fetch] in
            guard let self, let fetch else { return }
            guard lock.withLock({ fetch.response == nil && !fetch.notModified }) else { return }
            finish(fetch, with: .failure(.noResponse(url: fetch.url, seconds: fetch.limits.maximumConnectSeconds)))
        }
        lock.withLock {
            fetch.cached = entry
            fetch.timers = [total, connect]
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + fetch.timeout, execute: total)
        if fetch.limits.maximumConnectSeconds < fetch.timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + fetch.limits.maximumConnectSeconds, execute: connect)
        }
        let prepared = request
        controlQueue.async { [self] in
            let task = session.dataTask(with: prepared)
            let started = lock.withLock { () -> Bool in
                guard !fetch.finished else { return false }
                fetch.task = task
                fetches[task.taskIdentifier] = fetch
                tasksInFlight.insert(task.taskIdentifier)
                return true
            }
            if started { task.resume() }
        }
    }

    /// Ends `fetch` once: stops its timers and its task and reports `result` (nothing for nil).
    fileprivate func finish(_ fetch: DocumentFetch, with result: Result<Data, ContentLoadingError>?) {
        // A download that ended before its body did (failed, refused, cancelled).
        let endedEarly: Bool
        if case .success? = result { endedEarly = false } else { endedEarly = true }
        var trimNow = false
        let ended = lock.withLock { () -> (URLSessionDataTask?, [DispatchWorkItem], DocumentFetch.Completion?)? in
            guard !fetch.finished else { return nil }
            fetch.finished = true
            fetch.chunks = []  // a cancelled download's bytes are not kept until the task is gone
            if endedEarly, fetch.bodyBytes >= Self.trimThreshold {
                // Up to hundreds of megabytes of chunks, allocated on the session's threads: glibc
                // would keep them resident for those threads' next allocations. They were freed just
                // above, so their pages are given back now; the last chunks, which the session may
                // still deliver, when the task completes. (Waiting for the completion alone left
                // them resident for seconds: a cancelled task can take that long to complete.)
                trimNow = true
                if let task = fetch.task, tasksInFlight.contains(task.taskIdentifier) {
                    trimOnCompletion.insert(task.taskIdentifier)
                }
            }
            let task = fetch.task
            if let task { fetches.removeValue(forKey: task.taskIdentifier) }
            fetch.task = nil
            defer {
                fetch.timers = []
                fetch.completion = nil
            }
            return (task, fetch.timers, fetch.completion)
        }
        guard let (task, timers, completion) = ended else { return }
        if trimNow { Self.returnFreedMemory() }
        for timer in timers { timer.cancel() }
        if let task, task.state == .running || task.state == .suspended {
            Self.cancelQueue.async { task.cancel() }
        }
        if let result { completion?(result) }
    }

    /// Gives what a download received back to the system, off the calling thread (`malloc_trim`
    /// walks every arena).
    private static func returnFreedMemory() {
        DispatchQueue.global(qos: .utility).async { FreedMemory.returnToSystem() }
    }

    private func fetch(for task: URLSessionTask) -> DocumentFetch? {
        lock.withLock { fetches[task.taskIdentifier] }
    }

    /// Waits up to `timeout` seconds until every task of every fetcher has completed in its
    /// session, including those whose fetch ended early; false if some are still running. For tests,
    /// which must not end the process with a transfer still inside FoundationNetworking (its
    /// objects are then held only by a pending dispatch timer, which LeakSanitizer cannot see).
    static func waitUntilNoTransfersAreInFlight(timeout: TimeInterval) -> Bool {
        let all = registry.withLock { [sharedFetcher] + fetchers.values.map(\.1) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while all.contains(where: { fetcher in fetcher.lock.withLock { !fetcher.tasksInFlight.isEmpty } }) {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        guard let fetch = fetch(for: dataTask) else { return completionHandler(.cancel) }
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        var failure: ContentLoadingError?
        lock.withLock {
            if status == 304, fetch.cached != nil {
                fetch.notModified = true
                fetch.response = http
            } else if !(200..<300).contains(status) {
                failure = .httpStatus(code: status, url: fetch.url)
            } else if response.expectedContentLength > Int64(fetch.limits.maximumDocumentBytes) {
                // Refused before a byte of the body is read.
                failure = .tooLarge(url: fetch.url, limit: fetch.limits.maximumDocumentBytes)
            } else {
                fetch.response = http
            }
        }
        if let failure {
            completionHandler(.cancel)
            finish(fetch, with: .failure(failure))
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let fetch = fetch(for: dataTask) else { return }
        let exceeded = lock.withLock { () -> Bool in
            guard !fetch.finished, !fetch.notModified else { return false }
            guard fetch.bodyBytes + data.count <= fetch.limits.maximumDocumentBytes else { return true }
            fetch.chunks.append(data)
            fetch.bodyBytes += data.count
            return false
        }
        if exceeded {
            finish(fetch, with: .failure(.tooLarge(url: fetch.url, limit: fetch.limits.maximumDocumentBytes)))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void)
    {
        guard let fetch = fetch(for: task) else { return completionHandler(nil) }
        let count = lock.withLock { () -> Int in
            fetch.redirects += 1
            return fetch.redirects
        }
        var failure: ContentLoadingError?
        if count > fetch.limits.maximumRedirects {
            failure = .transport(URLError(.httpTooManyRedirects), url: fetch.url)
        } else if let target = request.url, !["http", "https"].contains(target.scheme?.lowercased() ?? "") {
            // A server may not send the load to a file: or any other scheme.
            failure = .unsupportedURL(target)
        }
        if let failure {
            completionHandler(nil)
            finish(fetch, with: .failure(failure))
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (removed, trim) = lock.withLock { () -> (DocumentFetch?, Bool) in
            tasksInFlight.remove(task.taskIdentifier)
            let trim = trimOnCompletion.remove(task.taskIdentifier) != nil
            guard let fetch = fetches[task.taskIdentifier], !fetch.finished else { return (nil, trim) }
            return (fetch, trim)
        }
        if trim { Self.returnFreedMemory() }
        guard let fetch = removed else { return }
        if let error {
            let urlError = error as? URLError ?? URLError(URLError.Code(rawValue: (error as NSError).code) ?? .unknown)
            finish(fetch, with: .failure(urlError.code == .timedOut
                ? .timeout(url: fetch.url, seconds: fetch.timeout) : .transport(urlError, url: fetch.url)))
            return
        }
        let (chunks, response, cached, notModified) = lock.withLock { () -> ([Data], HTTPURLResponse?, DocumentCache.Entry?, Bool) in
            defer { fetch.chunks = [] }
            return (fetch.chunks, fetch.response, fetch.cached, fetch.notModified)
        }
        if notModified, let cached, let response {
            // 304: the kept bytes are still current; the answer may renew their freshness and validators.
            fetch.cache?.store(cached.body, for: fetch.url, response: response, previous: cached)
            finish(fetch, with: .success(cached.body))
            return
        }
        var body = Data(capacity: chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { body.append(chunk) }
        if let response, response.statusCode == 200 {
            fetch.cache?.store(body, for: fetch.url, response: response)
        }
        finish(fetch, with: .success(body))
    }
}
