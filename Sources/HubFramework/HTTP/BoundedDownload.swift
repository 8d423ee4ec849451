import Foundation

/// One HTTP download through an ``HTTPClient``, bounded in every direction while it runs: the body
/// is counted as it arrives (after decoding), so a body over the byte limit — announced in
/// `Content-Length` or discovered while streaming, endless or a gzip bomb — is cancelled at once
/// instead of being buffered; the wait for each response, the whole download and the redirects are
/// bounded too. Documents (`DocumentFetch`) and images (HubGTK's image loader) both download this way.
///
/// Redirects are followed here, not by the client: each one is counted, and one that leaves
/// `http:`/`https:` ends the download, so a server can never send a load to a `file:` URL.
///
/// `completion` is called once, from a global queue (never the client's thread), unless
/// ``cancel()`` came first; after `cancel()` nothing is reported.
package final class BoundedDownload: @unchecked Sendable {
    /// The bounds of one download.
    package struct Limits: Sendable {
        /// The most body bytes (after decoding) to receive.
        package var maximumBytes: Int
        /// Seconds to wait for each response's status line, from the start of its request: for a
        /// free connection, the connection and the server's answer together (the client's
        /// ``HTTPTransferStage`` says which of them ran out).
        package var responseSeconds: TimeInterval
        /// Seconds for the whole download, redirects included.
        package var totalSeconds: TimeInterval
        /// The most redirects to follow.
        package var maximumRedirects: Int
        /// Bytes shared with other downloads: the body's bytes are drawn from it as they arrive and
        /// given back when the download ends.
        package var sharedBudget: ByteBudget?
        /// Whether a redirect may go to a URL (already `http:` or `https:`): what a document sends
        /// its server may not be redirected to another origin. Every redirect may by default.
        package var allowsRedirect: @Sendable (URL) -> Bool = { _ in true }

        package init(maximumBytes: Int, responseSeconds: TimeInterval, totalSeconds: TimeInterval,
                     maximumRedirects: Int, sharedBudget: ByteBudget? = nil)
        {
            self.maximumBytes = maximumBytes
            self.responseSeconds = responseSeconds
            self.totalSeconds = totalSeconds
            self.maximumRedirects = maximumRedirects
            self.sharedBudget = sharedBudget
        }
    }

    /// Why a download ended without a body.
    package enum Failure: Error, Equatable, Sendable {
        /// No ``HTTPClient`` was given and none is installed as ``DefaultHTTPClient/current``.
        case noClient
        /// The final response's status was refused (see `accepts`).
        case httpStatus(Int)
        /// The body passed `maximumBytes`; `announced` when `Content-Length` said so before it arrived.
        case tooLarge(announced: Int?)
        /// The downloads sharing `sharedBudget` held all of its `limit` bytes together.
        case overSharedBudget(limit: Int)
        /// A response had not begun within `responseSeconds`: the request was sent and the server
        /// did not answer (or the client does not report its ``HTTPTransferStage``).
        case noResponse
        /// The request was never sent: after `seconds` (`responseSeconds`, or `totalSeconds` when that
        /// came first) every connection the client may open to the host was still busy with other
        /// downloads.
        case noFreeConnection(seconds: TimeInterval)
        /// The connection to the server was still being opened after `seconds` (`responseSeconds`,
        /// or `totalSeconds` when that came first).
        case noConnection(seconds: TimeInterval)
        /// The whole download took longer than `totalSeconds` (its response had begun, or was
        /// awaited from the server).
        case timeout
        /// More than `maximumRedirects` redirects.
        case tooManyRedirects
        /// A redirect to a URL that is not `http:` or `https:`, or that `allowsRedirect` refused.
        case redirectToUnsupportedURL(URL)
        /// The transfer failed below HTTP.
        case transport(URLError)

        /// The server could not be reached, or could not answer: no network, no connection, no
        /// answer in time, or a gateway's 5xx. Not a refusal (4xx), a body over a limit or a
        /// certificate problem. A cache may stand in for the server then.
        package var isUnreachable: Bool {
            switch self {
            case .noResponse, .noFreeConnection, .noConnection, .timeout: return true
            case .httpStatus(let code): return code >= 500
            case .transport(let error):
                return [.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
                        .networkConnectionLost, .timedOut].contains(error.code)
            case .noClient, .tooLarge, .overSharedBudget, .tooManyRedirects, .redirectToUnsupportedURL: return false
            }
        }
    }

    /// What a download that ended well received.
    package struct Body: Sendable {
        /// The final response (after redirects).
        package var response: HTTPResponse
        /// Its whole body.
        package var data: Data
    }

    package typealias Completion = @Sendable (Result<Body, Failure>) -> Void

    private let limits: Limits
    private let accepts: @Sendable (HTTPResponse) -> Bool
    private let client: (any HTTPClient)?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var request: HTTPRequest
    private var completion: Completion?
    private var transfer: (any HTTPTransfer)?
    /// Counts the transfers started, so that events of a transfer left behind (a redirect) are ignored.
    private var hop = 0
    private var response: HTTPResponse?
    /// How far the current request got before its response, as the client reports it.
    private var stage: HTTPTransferStage?
    private var redirects = 0
    /// The final response's body so far; dropped (and its memory given back) when the download ends.
    private var received: BodyBuffer?
    /// Bytes drawn from `limits.sharedBudget`.
    private var bodyBytes = 0
    private var timers: [DispatchWorkItem] = []
    /// Sizes at which `onPrefix` still wants the body so far, smallest first.
    private var prefixSizes: [Int]
    /// Dropped when the download ends, like `completion`: it usually captures the load that keeps
    /// this download, and that cycle must not outlive the load.
    private var onPrefix: (@Sendable (Data) -> Void)?

    /// Starts downloading `request.url` with `client` (by default ``DefaultHTTPClient/current``).
    /// - Parameters:
    ///   - accepts: whether a final response's status is one to read the body of; a refused one ends
    ///     the download with ``Failure/httpStatus(_:)`` before its body is read.
    ///   - prefixSizes: body sizes at which `onPrefix` is handed the body so far, once each, from the
    ///     client's thread (a reader can show the start of a document while the rest arrives).
    package init(_ request: HTTPRequest, client: (any HTTPClient)? = nil, limits: Limits,
                 accepts: @escaping @Sendable (HTTPResponse) -> Bool = { (200..<300).contains($0.statusCode) },
                 prefixSizes: [Int] = [], onPrefix: (@Sendable (Data) -> Void)? = nil,
                 completion: @escaping Completion)
    {
        self.prefixSizes = prefixSizes.sorted()
        self.onPrefix = onPrefix
        self.request = request
        self.client = client ?? DefaultHTTPClient.current
        self.limits = limits
        self.accepts = accepts
        self.completion = completion
        guard self.client != nil else {
            DispatchQueue.global().async { self.finish(.failure(.noClient)) }
            return
        }
        let total = DispatchWorkItem { [weak self] in
            guard let self else { return }
            finish(.failure(lock.withLock { waitFailure(after: limits.totalSeconds) } ?? .timeout))
        }
        lock.withLock { timers.append(total) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.totalSeconds, execute: total)
        startHop()
    }

    /// Abandons the download: the transfer is cancelled and nothing is reported.
    package func cancel() {
        finish(nil)
    }

    /// Sends the current request, with a deadline for its response.
    private func startHop() {
        guard let client else { return }
        if let port = lock.withLock({ self.request.url.port }), !(1...65_535).contains(port) {
            // Foundation accepts any number as a port; the message says what is wrong with it.
            let error = URLError(.badURL, userInfo: [
                NSLocalizedDescriptionKey: "the port \(port) is not valid (ports go from 1 to 65535)",
            ])
            DispatchQueue.global().async { self.finish(.failure(.transport(error))) }
            return
        }
        let (number, request) = lock.withLock { () -> (Int, HTTPRequest) in
            hop += 1
            response = nil
            stage = nil
            received = nil
            return (hop, self.request)
        }
        if limits.responseSeconds < limits.totalSeconds {
            let deadline = DispatchWorkItem { [weak self] in
                guard let self else { return }
                let failure = lock.withLock { () -> Failure? in
                    guard hop == number, response == nil else { return nil }
                    return waitFailure(after: limits.responseSeconds) ?? .noResponse
                }
                if let failure { finish(.failure(failure)) }
            }
            guard lock.withLock({ () -> Bool in
                guard completion != nil else { return false }
                timers.append(deadline)
                return true
            }) else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + limits.responseSeconds, execute: deadline)
        }
        let transfer = client.startTransfer(request) { [weak self] event in
            self?.handle(event, hop: number)
        }
        let abandoned = lock.withLock { () -> Bool in
            guard completion != nil, hop == number else { return true }
            self.transfer = transfer
            return false
        }
        if abandoned { transfer.cancel() }
    }

    /// What the current request was waiting for, when it was not the server's answer: a free
    /// connection or the connection itself, `seconds` after it started. Called under `lock`.
    private func waitFailure(after seconds: TimeInterval) -> Failure? {
        guard response == nil else { return nil }
        switch stage {
        case .waitingForConnection?: return .noFreeConnection(seconds: seconds)
        case .connecting?: return .noConnection(seconds: seconds)
        case .waitingForResponse?, nil: return nil
        }
    }

    private func handle(_ event: HTTPTransferEvent, hop number: Int) {
        switch event {
        case .stage(let stage):
            lock.withLock {
                guard hop == number, response == nil else { return }
                self.stage = stage
            }
        case .response(let response):
            receive(response, hop: number)
        case .body(let data):
            var prefix: Data?
            let failure = lock.withLock { () -> Failure? in
                guard hop == number, completion != nil, response != nil else { return nil }
                guard bodyBytes + data.count <= limits.maximumBytes else { return .tooLarge(announced: nil) }
                if let budget = limits.sharedBudget, !budget.reserve(data.count) {
                    return .overSharedBudget(limit: budget.limit)
                }
                let body = received ?? BodyBuffer(limit: limits.maximumBytes)
                received = body
                body.append(data)
                bodyBytes += data.count
                if let next = prefixSizes.first, bodyBytes >= next, onPrefix != nil {
                    prefixSizes.removeAll { $0 <= bodyBytes }
                    prefix = body.prefix(bodyBytes)
                }
                return nil
            }
            if let failure { finish(.failure(failure)) }
            if let prefix, let onPrefix = lock.withLock({ onPrefix }) { onPrefix(prefix) }
        case .finished:
            let body = lock.withLock { () -> Body? in
                guard hop == number, completion != nil, let response else { return nil }
                defer { received = nil }
                return Body(response: response, data: received?.takeData() ?? Data())
            }
            if let body { finish(.success(body)) }
        case .failed(let error):
            guard lock.withLock({ hop == number }) else { return }
            finish(.failure(.transport(error)))
        }
    }

    private func receive(_ response: HTTPResponse, hop number: Int) {
        guard lock.withLock({ hop == number && completion != nil }) else { return }
        if [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location")
        {
            follow(location, from: response)
            return
        }
        guard accepts(response) else {
            finish(.failure(.httpStatus(response.statusCode)))
            return
        }
        if response.statusHasBody, let announced = response.expectedContentLength, announced > limits.maximumBytes {
            // Refused before a byte of the body is read.
            finish(.failure(.tooLarge(announced: announced)))
            return
        }
        lock.withLock { self.response = response }
    }

    private func follow(_ location: String, from response: HTTPResponse) {
        let target = URL(string: location, relativeTo: response.url)?.absoluteURL
        let failure = lock.withLock { () -> Failure? in
            redirects += 1
            if redirects > limits.maximumRedirects { return .tooManyRedirects }
            guard let target, ["http", "https"].contains(target.scheme?.lowercased() ?? ""),
                limits.allowsRedirect(target)
            else {
                return .redirectToUnsupportedURL(target ?? response.url)
            }
            request.url = target
            // As browsers do (RFC 9110, 15.4): 307 and 308 repeat the request as it was; the others
            // fetch the new place with GET, without the body.
            if request.method != "GET", request.method != "HEAD", ![307, 308].contains(response.statusCode) {
                request.method = "GET"
                request.body = nil
                request.bodyContentType = nil
            }
            let previous = transfer
            transfer = nil
            // The redirect's own body is never read.
            DispatchQueue.global().async { previous?.cancel() }
            return nil
        }
        if let failure {
            finish(.failure(failure))
        } else {
            startHop()
        }
    }

    /// Ends the download once: stops its timers and transfer and reports `result` (nothing for nil).
    private func finish(_ result: Result<Body, Failure>?) {
        let ended = lock.withLock { () -> ((any HTTPTransfer)?, [DispatchWorkItem], Completion)? in
            guard let completion else { return nil }
            self.completion = nil
            onPrefix = nil
            received = nil
            limits.sharedBudget?.release(bodyBytes)
            defer {
                transfer = nil
                timers = []
            }
            return (transfer, timers, completion)
        }
        guard let (transfer, timers, completion) = ended else { return }
        for timer in timers { timer.cancel() }
        transfer?.cancel()
        // Never on the client's thread: what a completion does (a cache written to disk) must not
        // hold up the other transfers, or the cancels that go through that thread.
        if let result { DispatchQueue.global(qos: .userInitiated).async { completion(result) } }
    }
}
