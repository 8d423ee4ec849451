import Foundation

/// One HTTP(S) document download for `JSONContentOperation`: a ``BoundedDownload`` with the
/// document limits of ``ContentLimits`` (the body's size after decoding, the wait for the response,
/// the redirects) and the operation's timeout, following the server's caching headers through a
/// `DocumentCache`.
///
/// `completion` is called once, on a background thread, unless `cancel()` came first; after
/// `cancel()` nothing is reported.
final class DocumentFetch: @unchecked Sendable {
    /// What a fetch delivers: the document's bytes, and when they are the cache's copy because the
    /// server could not be reached, why it could not.
    struct Document: Sendable {
        var data: Data
        var staleBecause: ContentLoadingError?
    }

    typealias Completion = @Sendable (Result<Document, ContentLoadingError>) -> Void

    private let lock = NSLock()
    private var download: BoundedDownload?  // guarded by `lock`
    private var cancelled = false  // guarded by `lock`

    /// Starts loading `url` with `client` (by default ``DefaultHTTPClient/current``), from a
    /// background queue: the cache may read its disk.
    /// - Parameters:
    ///   - clientCapabilities: what the client the document is for can show, sent in the
    ///     ``ClientCapabilities/headerName`` header; nil sends none.
    ///   - onPrefix: handed the body so far at 128 KiB and at 1 MiB, while the rest arrives (not for
    ///     a document from the cache, which arrives whole).
    init(url: URL, limits: ContentLimits, timeout: TimeInterval, cache: DocumentCache?, client: (any HTTPClient)?,
         clientCapabilities: ClientCapabilities? = nil, onPrefix: (@Sendable (Data) -> Void)? = nil,
         completion: @escaping Completion)
    {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            start(url: url, limits: limits, timeout: timeout, cache: cache, client: client,
                  clientCapabilities: clientCapabilities, onPrefix: onPrefix, completion: completion)
        }
    }

    /// Abandons the download; nothing is reported.
    func cancel() {
        lock.withLock { () -> BoundedDownload? in
            cancelled = true
            return download
        }?.cancel()
    }

    private func start(url: URL, limits: ContentLimits, timeout: TimeInterval, cache: DocumentCache?,
                       client: (any HTTPClient)?, clientCapabilities: ClientCapabilities?,
                       onPrefix: (@Sendable (Data) -> Void)?, completion: @escaping Completion)
    {
        guard !lock.withLock({ cancelled }) else { return }
        let entry = cache?.entry(for: url)
        if let entry, entry.isFresh {
            guard !lock.withLock({ cancelled }) else { return }
            completion(.success(Document(data: entry.body)))
            return
        }
        var headers = DocumentCache.validatingHeaders(for: entry)
        headers["Accept"] = "application/json"
        // The backend answers in the person's language; the cache keeps a document per language list.
        headers["Accept-Language"] = UserLanguages.acceptLanguage
        // What the client can show, so that the server can choose what to send.
        if let clientCapabilities { headers[ClientCapabilities.headerName] = clientCapabilities.headerValue }
        let bounds = BoundedDownload.Limits(
            maximumBytes: limits.maximumDocumentBytes, responseSeconds: limits.maximumConnectSeconds,
            totalSeconds: timeout, maximumRedirects: limits.maximumRedirects)
        let download = BoundedDownload(
            HTTPRequest(url: url, headerFields: headers), client: client, limits: bounds,
            accepts: DocumentCache.acceptedStatus(revalidating: entry),
            prefixSizes: onPrefix == nil ? [] : [128 << 10, 1 << 20], onPrefix: onPrefix
        ) { result in
            switch result {
            case .success(let body):
                ServerReachability.shared.reportReachable(url)
                // Kept before the view gets it, so that a restart right after finds it on disk; the
                // first rows of a long document were shown from its prefix already.
                let data = cache?.keep(body, for: url, revalidating: entry) ?? body.data
                completion(.success(Document(data: data)))
            case .failure(let failure):
                let error = Self.error(for: failure, url: url, limits: limits, timeout: timeout)
                if let entry, failure.isUnreachable {
                    // What the view showed last is better than an error page while the server is away;
                    // the app counts as offline until the server answers again.
                    ServerReachability.shared.reportUnreachable(url, client: client)
                    completion(.success(Document(data: entry.body, staleBecause: error)))
                } else {
                    completion(.failure(error))
                }
            }
        }
        let abandoned = lock.withLock { () -> Bool in
            self.download = download
            return cancelled
        }
        if abandoned { download.cancel() }
    }

    static func error(for failure: BoundedDownload.Failure, url: URL, limits: ContentLimits,
                              timeout: TimeInterval) -> ContentLoadingError
    {
        switch failure {
        case .noClient:
            return .transport(URLError(.unsupportedURL, userInfo: [
                NSLocalizedDescriptionKey: "no HTTP client is installed (DefaultHTTPClient.current is nil)",
            ]), url: url)
        case .httpStatus(let code): return .httpStatus(code: code, url: url)
        case .tooLarge, .overSharedBudget: return .tooLarge(url: url, limit: limits.maximumDocumentBytes)
        case .noResponse: return .noResponse(url: url, seconds: limits.maximumConnectSeconds)
        case .noFreeConnection(let seconds): return .noFreeConnection(url: url, seconds: seconds)
        case .noConnection(let seconds): return .noConnection(url: url, seconds: seconds)
        case .timeout: return .timeout(url: url, seconds: timeout)
        case .tooManyRedirects: return .transport(URLError(.httpTooManyRedirects), url: url)
        case .redirectToUnsupportedURL(let target): return .redirectRefused(url: url, target: target)
        case .transport(let error):
            return error.code == .timedOut ? .timeout(url: url, seconds: timeout) : .transport(error, url: url)
        }
    }
}
