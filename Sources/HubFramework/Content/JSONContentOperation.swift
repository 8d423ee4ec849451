import Foundation


/// Why a `JSONContentOperation` could not add its document. Every case reads well when printed.
public enum ContentLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a status outside 200–299.
    case httpStatus(code: Int, url: URL)
    /// The request failed below HTTP: no connection, connection lost, a body cut short, …
    case transport(URLError, url: URL)
    /// The whole load took longer than the operation's timeout.
    case timeout(url: URL, seconds: TimeInterval)
    /// The server's response had not begun `seconds` (``ContentLimits/maximumConnectSeconds``) after
    /// the request was sent: the server accepted the connection and never answered.
    case noResponse(url: URL, seconds: TimeInterval)
    /// The request was never sent: for `seconds` every connection the app may open to the host was
    /// busy with other downloads from it (which its server left unanswered). Not the server's
    /// silence towards this request, which never reached it.
    case noFreeConnection(url: URL, seconds: TimeInterval)
    /// The connection to the server could not be opened within `seconds`: the host did not accept
    /// it (a firewall that drops, a host that is down) or the TLS handshake did not finish.
    case noConnection(url: URL, seconds: TimeInterval)
    /// The server redirected the download to `target`, which is not an http(s) URL (a `file:` URL,
    /// say): a download never follows such a redirect.
    case redirectRefused(url: URL, target: URL)
    /// The document is larger than `limit` bytes (``ContentLimits/maximumDocumentBytes``), as the server
    /// announced or as counted while it arrived (after decompression); the download was stopped there.
    case tooLarge(url: URL, limit: Int)
    /// The document arrived but is not JSON, or not a JSON object or array.
    case malformedJSON(JSONError, url: URL)
    /// The file could not be read (`reason` says why: missing, a directory, no permission, …).
    case unreadableFile(path: String, reason: String)
    /// The URL is neither a file nor an http(s) URL.
    case unsupportedURL(URL)
    /// A `file:` URL that names a file on another computer (`file://host/…` with a host other than
    /// `localhost`). Such a URL is refused rather than read as a local path.
    case fileOnAnotherComputer(URL)
    /// The operation's URL mapping returned no document URL for this view.
    case noDocument(viewURI: URL)
    /// The view's origin may not reach the document: a view that remote or live content opened may
    /// not read a local file (``ContentOriginPolicy/allowsDocument(at:from:)``).
    case refused(ContentOriginRefusal)

    /// The document's location, when there is one.
    public var url: URL? {
        switch self {
        case .httpStatus(_, let url), .transport(_, let url), .timeout(let url, _), .malformedJSON(_, let url),
            .unsupportedURL(let url), .noResponse(let url, _), .tooLarge(let url, _), .fileOnAnotherComputer(let url),
            .noFreeConnection(let url, _), .noConnection(let url, _), .redirectRefused(let url, _):
            return url
        case .unreadableFile(let path, _):
            return URL(fileURLWithPath: path)
        case .noDocument:
            return nil
        case .refused(let refusal):
            return refusal.uri
        }
    }

    /// A sentence for people that names the URL or file and what went wrong, such as
    /// `Loading http://…/feed.json failed: the server answered 404 (not found).`
    public var description: String {
        switch self {
        case .httpStatus(let code, let url):
            let reason = HTTPResponse.reasonPhrase(forStatusCode: code)
            return "Loading \(url.absoluteString) failed: the server answered \(code) (\(reason))."
        case .transport(let error, let url):
            return "Could not load \(url.absoluteString): \(Self.explain(error))."
        case .timeout(let url, let seconds):
            return "Loading \(url.absoluteString) timed out after \(Self.format(seconds))."
        case .noResponse(let url, let seconds):
            return "Loading \(url.absoluteString) failed: the server \(Self.hostAndPort(url)) did not answer within "
                + "\(Self.format(seconds)) (the limit maximumConnectSeconds)."
        case .noFreeConnection(let url, let seconds):
            return "Loading \(url.absoluteString) failed: no connection to \(Self.hostAndPort(url)) became free within "
                + "\(Self.format(seconds)); other downloads from that server held every connection the app may open "
                + "to it, so the request was never sent."
        case .noConnection(let url, let seconds):
            return "Loading \(url.absoluteString) failed: could not connect to \(Self.hostAndPort(url)) within "
                + "\(Self.format(seconds))."
        case .redirectRefused(let url, let target):
            return "Could not load \(url.absoluteString): the server redirected to \(target.absoluteString), which a "
                + "download may not follow (only http: and https: redirects are followed)."
        case .tooLarge(let url, let limit):
            return "Loading \(url.absoluteString) was stopped: the document is larger than "
                + "\(ContentLimits.describe(bytes: limit)) (the limit maximumDocumentBytes)."
        case .malformedJSON(let error, let url):
            return "The document at \(url.absoluteString) cannot be used: \(error.description)"
        case .unreadableFile(let path, let reason):
            return "Could not read the file \(path): \(reason)."
        case .unsupportedURL(let url):
            return "Cannot load \(url.absoluteString): only file paths, file: URLs and http(s) URLs are supported."
        case .fileOnAnotherComputer(let url):
            return "Cannot load \(url.absoluteString): it names a file on another computer (\(url.host ?? "")); "
                + "file: URLs open files on this computer only."
        case .noDocument(let viewURI):
            return "There is no document to load for the view \(viewURI.absoluteString)."
        case .refused(let refusal):
            return "Did not open \(refusal.uri.absoluteString.prefix(1_000)): a view opened by content from a "
                + "\(refusal.origin) source may not read local files."
        }
    }

    private static func explain(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: return "the server refused the connection or is not running"
        case .cannotFindHost, .dnsLookupFailed: return "the host name could not be resolved"
        case .networkConnectionLost: return "the connection was lost before the whole response arrived"
        case .notConnectedToInternet: return "there is no network connection"
        // The client's words say what was wrong, when it says: a malformed chunked body, headers
        // over its limit, a gzip body that is not gzip.
        case .badServerResponse, .cannotParseResponse:
            return (error.userInfo[NSLocalizedDescriptionKey] as? String)
                ?? "the server sent a response that is not valid HTTP"
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return (error.userInfo[NSLocalizedDescriptionKey] as? String)
                ?? "the server's response body could not be decoded"
        case .timedOut: return "the request timed out"
        case .httpTooManyRedirects: return "there were too many redirects"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            // The client's words say which check failed, such as an unknown issuer.
            let detail = error.userInfo[NSLocalizedDescriptionKey] as? String
            return "a secure connection could not be established" + (detail.map { " (\($0))" } ?? "")
        case .badURL:
            return (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? "the URL is not valid"
        default: return "network error \(error.code.rawValue) (\(error.localizedDescription))"
        }
    }

    /// `host:port` of `url`, with the scheme's port when it names none (`[::1]:8080` for IPv6).
    private static func hostAndPort(_ url: URL) -> String {
        var host = url.host ?? url.absoluteString
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }

    private static func format(_ seconds: TimeInterval) -> String {
        if seconds == 1 { return "1 second" }
        return (seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.2f", seconds)) + " seconds"
    }
}

/// A content operation that loads a view model document — from a file or over HTTP — and adds it
/// to the builder it is given, read with the builder's JSON schema (the feature's schema).
///
/// This is how a backend drives a view: register a feature whose factory creates a
/// `JSONContentOperation` pointing at the backend, and the document decides what the view shows.
/// The document is an object in the schema's view model format, or an array of body components.
///
/// * Nothing is read, parsed or added on the main thread: files (a path or a `file:` URL) are read,
///   parsed and added to the builder on a background queue, HTTP(S) documents are streamed with
///   the ``HTTPClient`` (libsoup once HubGTK has started) and parsed on a background thread. The operation reports back to the main thread,
///   so the window keeps drawing while a large document loads (see docs/content-loading.md).
/// * A file must be a regular file no larger than the limits' ``ContentLimits/maximumDocumentBytes``;
///   special files (a FIFO, `/dev/zero`, a directory) are refused without being read. An HTTP body
///   is counted while it arrives, after decompression, and the download is stopped as soon as it
///   passes that limit (or announces a larger `Content-Length`). The server must start answering
///   within ``ContentLimits/maximumConnectSeconds``, the whole HTTP load must finish within
///   `timeout`, and at most ``ContentLimits/maximumRedirects`` redirects are followed.
/// * HTTP documents follow the server's caching headers (`Cache-Control: max-age`, `ETag`,
///   `Last-Modified`, `no-store`) through ``cache``.
/// * An HTTP request says what the client can show, in the ``ClientCapabilities/headerName`` header,
///   when the builder it is given has ``ViewModelBuilder/clientCapabilities`` (a loader's builders
///   have the app's), so that the server can choose what to send.
/// * Failures are reported to the delegate as a `ContentLoadingError` (they become the next
///   operation's `previousError`, or reach the view when this is the last operation). The builder is
///   left untouched then.
/// * Parts of a document that were ignored (a value of the wrong type, an invalid URL, …) do not fail
///   the load; they are kept in `problems`, and, when `recordsProblemsInCustomData` is set, also in
///   the view's custom data under `JSONContentOperation.problemsCustomDataKey` (an array of strings).
///
/// It reports exactly once per execution and never after `cancel()`.
@MainActor
public final class JSONContentOperation: ContentOperationReadingDocuments, ContentOperationRestrictedByOrigin {
    /// The custom data key under which the ignored parts of the document are listed (as strings)
    /// when `recordsProblemsInCustomData` is true.
    public static let problemsCustomDataKey = "hub.json-problems"

    /// The custom data key under which a view shown from the cache's copy of its document, because
    /// the server could not be reached, carries why (a string, the error's description).
    public static let staleDocumentCustomDataKey = "hub.stale-document"

    public weak var delegate: (any ContentOperationDelegate)?

    /// The origin of the view this operation loads for (set by the loader): a view that remote or
    /// live content opened may not read a local file, whatever URL the mapping produced; the load
    /// then fails with ``ContentLoadingError/refused(_:)``.
    public var viewContentOrigin: ContentOrigin = .local

    /// Seconds the whole load may take (HTTP only): the `timeout` the operation was created with, or
    /// else the limits' ``ContentLimits/maximumLoadSeconds`` (default 15).
    public var timeout: TimeInterval { explicitTimeout ?? limits.maximumLoadSeconds }

    /// Where HTTP documents are kept between loads, following the server's caching headers; nil
    /// downloads every time. Default: the process-wide ``DocumentCache/shared``.
    public var cache: DocumentCache? = .shared

    /// The bounds every document this operation reads must stay within: its size, nesting, number
    /// literals, text lengths and component count. In a feature's chain the loader factory sets the
    /// app's limits (``HubManager/Configuration/contentLimits``); set it yourself for an operation
    /// you run in a loader of your own.
    public var limits: ContentLimits = .default

    /// Whether to list the ignored parts of the document in the view's custom data.
    public var recordsProblemsInCustomData = false

    /// How long the rest of a long document must be expected to take, in seconds, for its first
    /// part to be shown before the whole (``ViewModelBuilder/partWorthShowing``); tests set 0 to
    /// see every long document's part, whatever the machine's pace.
    var partNeedsRestOf = ViewModelBuilder.partWorthShowing

    /// The parts of the last loaded document that were ignored, with their location in the document.
    public private(set) var problems: [JSONProblem] = []

    /// The error the last execution failed with, or nil when it succeeded (or is still running).
    public private(set) var lastError: ContentLoadingError?

    /// Why the last execution showed the cache's copy of its document: the server could not be
    /// reached (no network, no connection, no answer in time, or a gateway's 5xx) and ``cache`` kept
    /// the document from an earlier load, however old. Nil when the document was current. The view's
    /// custom data carries the same under ``staleDocumentCustomDataKey``.
    public private(set) var staleDocumentError: ContentLoadingError?

    /// The document URL of the last execution.
    public private(set) var lastURL: URL?

    private let documentURL: @MainActor (URL) -> URL?
    private let explicitTimeout: TimeInterval?
    private let client: (any HTTPClient)?
    private var currentLoad: Load?

    /// Loads the document at `url`: a `file:` URL, or an `http:` / `https:` URL.
    ///
    /// - Parameters:
    ///   - url: the document, the same for every view the operation serves.
    ///   - timeout: seconds the whole HTTP transfer may take (nil: the limits' `maximumLoadSeconds`);
    ///     files are read without a time limit.
    ///   - client: the HTTP client that downloads `http:` and `https:` documents; nil uses
    ///     ``DefaultHTTPClient/current`` when the load starts (HubGTK's libsoup client).
    public convenience init(url: URL, timeout: TimeInterval? = nil, client: (any HTTPClient)? = nil) {
        self.init(timeout: timeout, client: client) { _ in url }
    }

    /// Loads the document at a file path (`~` is expanded; relative paths are relative to the
    /// current directory).
    public convenience init(filePath: String) {
        let expanded = NSString(string: filePath).expandingTildeInPath
        self.init(url: URL(fileURLWithPath: expanded))
    }

    /// Loads a document chosen per view: `documentURL` maps the view URI to the document's URL
    /// (nil: there is none, which is reported as `ContentLoadingError.noDocument`).
    ///
    /// - Parameters:
    ///   - timeout: seconds the whole HTTP transfer may take (nil: the limits' `maximumLoadSeconds`).
    ///   - client: the HTTP client that downloads `http:` and `https:` documents; nil uses
    ///     ``DefaultHTTPClient/current`` when the load starts (HubGTK's libsoup client).
    ///   - documentURL: called on the main thread at every execution with the view URI.
    public init(timeout: TimeInterval? = nil, client: (any HTTPClient)? = nil,
                documentURL: @escaping @MainActor (URL) -> URL?)
    {
        explicitTimeout = timeout
        self.client = client
        self.documentURL = documentURL
    }

    public func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                        viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let delegate = self.delegate
        cancel()
        let load = Load(delegate: delegate, builder: viewModelBuilder)
        currentLoad = load
        lastError = nil
        staleDocumentError = nil

        guard let url = documentURL(viewURI) else {
            lastURL = nil
            complete(load, with: .failure(.noDocument(viewURI: viewURI)))
            return
        }
        lastURL = url
        // Decided on the URL about to be opened, after the mapping unwrapped and decoded the view URI.
        guard ContentOriginPolicy.allowsDocument(at: url, from: viewContentOrigin) else {
            complete(load, with: .failure(.refused(ContentOriginRefusal(origin: viewContentOrigin, uri: url))))
            return
        }
        switch url.scheme?.lowercased() {
        case "file":
            let limits = self.limits
            let partNeedsRestOf = self.partNeedsRestOf
            // The weak reference is formed here, on the main thread, and only the closure crosses
            // threads.
            let report: @MainActor @Sendable (Outcome) -> Void = { [weak self] outcome in
                self?.complete(load, with: outcome)
            }
            let reportPart = partReporter(for: load)
            Self.documentQueue.async {
                // A background thread. The load may have been cancelled (the view went away) while
                // this waited in the queue; then there is nothing to do.
                guard load.isActive else { return }
                let outcome = Self.loadFile(at: url, into: viewModelBuilder, limits: limits, onFirstPart: reportPart,
                                            partNeedsRestOf: partNeedsRestOf)
                guard load.claim() else { return }
                MainThread.perform { report(outcome) }
            }
        case "http", "https":
            startRequest(for: url, load: load)
        default:
            complete(load, with: .failure(.unsupportedURL(url)))
        }
    }

    /// Cancels the request in flight; the execution then reports nothing.
    public func cancel() {
        currentLoad?.cancel()
        currentLoad = nil
    }

    // MARK: Loading

    private enum Outcome: Sendable {
        case success([JSONProblem], staleBecause: ContentLoadingError? = nil)
        case failure(ContentLoadingError)

        /// A success marked as the cache's copy, kept because of `error`.
        func stale(because error: ContentLoadingError?) -> Outcome {
            guard case .success(let problems, _) = self, let error else { return self }
            return .success(problems, staleBecause: error)
        }
    }

    /// Where files are read and documents parsed: off the main thread, one document at a time per
    /// operation (the queue is concurrent, so two views can load at once).
    private static let documentQueue = DispatchQueue(label: "hub.json-documents", qos: .userInitiated,
                                                     attributes: .concurrent)

    private nonisolated static func loadFile(at url: URL, into builder: ViewModelBuilder, limits: ContentLimits,
                                             onFirstPart: @escaping @Sendable (ViewModelBuilder) -> Void,
                                             partNeedsRestOf: Double) -> Outcome {
        // `file://host/path` would otherwise be read as the local /path.
        if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            return .failure(.fileOnAnotherComputer(url))
        }
        switch DocumentFile.read(path: url.path, maximumBytes: limits.maximumDocumentBytes) {
        case .success(let data):
            return add(data, from: url, to: builder, limits: limits, onFirstPart: onFirstPart,
                       partNeedsRestOf: partNeedsRestOf)
        case .failure(let failure):
            return .failure(.unreadableFile(path: url.path, reason: failure.reason))
        }
    }

    /// Adds the document through the builder's schema. Runs on whatever thread the data arrived on:
    /// until the operation reports, the builder is the operation's alone.
    private nonisolated static func add(_ data: Data, from url: URL, to builder: ViewModelBuilder,
                                        limits: ContentLimits,
                                        onFirstPart: (@Sendable (ViewModelBuilder) -> Void)?,
                                        partNeedsRestOf: Double) -> Outcome {
        do {
            return .success(try builder.addJSON(data: data, limits: limits, onFirstPart: onFirstPart,
                                                partNeedsRestOf: partNeedsRestOf))
        } catch {
            return .failure(.malformedJSON(error, url: url))
        }
    }

    private func startRequest(for url: URL, load: Load) {
        let builder = load.builder
        let limits = self.limits
        let partNeedsRestOf = self.partNeedsRestOf
        let queue = Self.documentQueue
        let report: @MainActor @Sendable (Outcome) -> Void = { [weak self] outcome in
            self?.complete(load, with: outcome)
        }
        let reportPart = partReporter(for: load)
        // The start of the document is read while the rest arrives, then the whole: one after the
        // other, on a queue of the load's own.
        let readQueue = DispatchQueue(label: "hub.json-document.read", target: queue)
        let partShown = PartShown()
        let onPrefix: @Sendable (Data) -> Void = { prefix in
            readQueue.async {
                guard load.isActive, !partShown.value, let part = builder.firstPart(ofPrefix: prefix, limits: limits)
                else { return }
                partShown.value = true
                reportPart(part)
            }
        }
        let fetch = DocumentFetch(url: url, limits: limits, timeout: timeout, cache: cache, client: client,
                                  clientCapabilities: builder.clientCapabilities, onPrefix: onPrefix) { result in
            // A background thread; the body is parsed on the document queue, not on the client's
            // thread, so that other downloads keep flowing meanwhile.
            readQueue.async {
                // Claimed once the document is read, as a file is: its first part is reported
                // meanwhile, while the load is still active.
                guard load.isActive else { return }
                let outcome: Outcome
                switch result {
                case .success(let document):
                    // No part is made again once the prefix's has been shown.
                    let onFirstPart = partShown.value ? nil : reportPart
                    outcome = Self.add(document.data, from: url, to: builder, limits: limits, onFirstPart: onFirstPart,
                                       partNeedsRestOf: partNeedsRestOf)
                        .stale(because: document.staleBecause)
                case .failure(let error): outcome = .failure(error)
                }
                guard load.claim() else { return }
                MainThread.perform { report(outcome) }
            }
        }
        load.start(fetch)
    }

    /// Hands the first part of a long document to the load's delegate, from the main thread, unless
    /// the load has been cancelled or has ended meanwhile.
    private func partReporter(for load: Load) -> @Sendable (ViewModelBuilder) -> Void {
        let deliver: @MainActor @Sendable (ViewModelBuilder) -> Void = { [weak self] part in
            guard let self, self.currentLoad === load, load.isActive else { return }
            load.delegate?.contentOperation(self, didAddPartOfContent: part)
        }
        return { part in
            guard load.isActive else { return }
            MainThread.perform { deliver(part) }
        }
    }

    /// Reports the outcome of `load` unless it was cancelled or superseded meanwhile.
    private func complete(_ load: Load, with outcome: Outcome) {
        guard currentLoad === load else { return }
        currentLoad = nil
        switch outcome {
        case .success(let problems, let stale):
            staleDocumentError = stale
            if let stale {
                load.builder.setCustomDataValue(.string(stale.description), forKey: Self.staleDocumentCustomDataKey)
            }
            self.problems = problems
            if recordsProblemsInCustomData {
                load.builder.setCustomDataValue(.array(problems.map { .string($0.description) }),
                                                forKey: Self.problemsCustomDataKey)
            }
            load.delegate?.contentOperationDidFinish(self)
        case .failure(let error):
            lastError = error
            load.delegate?.contentOperation(self, didFailWithError: error)
        }
    }
}

/// Whether a load has shown the first part of its document; read and written on the load's read queue.
private final class PartShown: @unchecked Sendable {
    var value = false
}

/// One execution of a `JSONContentOperation`: what it reports to, and the HTTP download in flight.
/// The first of completion and cancellation claims it; the other then does nothing.
private final class Load: @unchecked Sendable {
    let delegate: (any ContentOperationDelegate)?
    let builder: ViewModelBuilder
    // Guarded by `lock`.
    private let lock = NSLock()
    private var claimed = false
    private var fetch: DocumentFetch?

    init(delegate: (any ContentOperationDelegate)?, builder: ViewModelBuilder) {
        self.delegate = delegate
        self.builder = builder
    }

    func start(_ fetch: DocumentFetch) {
        let cancelled = lock.withLock { () -> Bool in
            self.fetch = fetch
            return claimed
        }
        if cancelled { fetch.cancel() }
    }

    /// False once the load was claimed: completed or cancelled.
    var isActive: Bool { lock.withLock { !claimed } }

    /// True for the first caller only.
    func claim() -> Bool {
        lock.withLock { () -> Bool in
            guard !claimed else { return false }
            claimed = true
            return true
        }
    }

    /// Abandons the load: the download stops and nothing will be reported.
    func cancel() {
        _ = claim()
        lock.withLock { fetch }?.cancel()
    }
}

/// A JSON operation knows where its documents come from: a view made around one (even without a
/// factory that declares an origin) gets the origin of its document, so a remote document cannot
/// reach `file:` URIs (see docs/security.md).
extension JSONContentOperation: ContentOriginDeclaring {
    public func contentOrigin(forViewURI viewURI: URL) -> ContentOrigin {
        documentURL(viewURI).map(ContentOrigin.init(documentURL:)) ?? .local
    }
}

/// A JSON operation knows its document's URL: the document's requests resolve against it and go to
/// its origin (``ServerRequestPolicy``).
extension JSONContentOperation: DocumentURLDeclaring {
    public func documentURL(forViewURI viewURI: URL) -> URL? {
        documentURL(viewURI)
    }
}
