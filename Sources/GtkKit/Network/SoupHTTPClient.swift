package import CSoup
import Foundation
import HubFramework

/// The framework's ``/HubFramework/HTTPClient`` on libsoup 3, the HTTP library GNOME apps use.
///
/// HubGTK installs ``shared`` as ``/HubFramework/DefaultHTTPClient/current`` when GTK starts, so
/// view documents and images load through it without any setup. What it brings over a generic
/// client:
/// - **Cancelling is immediate.** A cancelled transfer's pending read ends at once and its
///   connection is closed, whatever the server is still sending; the next transfer never waits
///   for it.
/// - **It streams.** Bodies are read in chunks of 64 KiB, decompressed (`gzip`, `deflate`,
///   `br`) as they are read, so the framework counts every decoded byte and stops a gzip bomb at its
///   limit.
/// - **It is a GNOME app's HTTP.** Proxies come from the system's settings (`GProxyResolver`: the
///   GNOME proxy settings, or `http_proxy` and friends), TLS from GIO's TLS backend
///   (glib-networking) with the system's certificate authorities, HTTP/2 where the server offers it,
///   and `Accept-Language` from the user's locale.
///
/// All network work happens on one thread of the client's own, on a GLib main context of its own:
/// the GTK thread never waits for the network, and a program without a display can use the client
/// too. Events reach the handler on that thread.
public final class SoupHTTPClient: HTTPClient, @unchecked Sendable {
    /// The client that HubGTK installs as the framework's default.
    public static let shared = SoupHTTPClient()

    /// The bytes asked of the body stream at a time.
    static let chunkSize = 64 * 1024

    fileprivate let context: OpaquePointer  // GMainContext
    /// Created on the client's thread, used only there.
    nonisolated(unsafe) fileprivate var session: UnsafeMutablePointer<SoupSession>?
    private let loop: OpaquePointer  // GMainLoop
    private let activity = NSCondition()
    private var activeTransfers = 0  // guarded by `activity`

    /// A client with its own connections.
    /// - Parameters:
    ///   - userAgent: the `User-Agent` sent with every request.
    ///   - maximumConnections: the most connections open at once.
    ///   - maximumConnectionsPerHost: the most connections open to one host at once.
    public init(userAgent: String = "HubFramework/1.0", maximumConnections: Int = 32,
                maximumConnectionsPerHost: Int = 8)
    {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let ready = DispatchSemaphore(value: 0)
        let pointers = LoopPointers(context: context, loop: loop)
        let thread = Thread { [unowned(unsafe) self] in
            let context = pointers.context
            let loop = pointers.loop
            g_main_context_push_thread_default(context)
            // The session belongs to the context that is the thread's default when it is created.
            let session = hub_soup_session_new(Int32(maximumConnections), Int32(maximumConnectionsPerHost))
            soup_session_set_user_agent(session, userAgent)
            soup_session_set_accept_language_auto(session, 1)
            self.session = session
            ready.signal()
            g_main_loop_run(loop)
            soup_session_abort(session)
            g_object_unref(UnsafeMutableRawPointer(session))
            g_main_context_pop_thread_default(context)
            g_main_loop_unref(loop)
            g_main_context_unref(context)
        }
        thread.name = "hub-http"
        thread.start()
        ready.wait()
    }

    deinit {
        g_main_loop_quit(loop)
    }

    /// Transfers started and not yet ended, whether finished, failed or cancelled.
    package var transfersInFlight: Int { activity.withLock { activeTransfers } }

    /// Waits up to `timeout` seconds until every transfer has ended and released its connection;
    /// false if some are still running. For tests, which check that no transfer outlives them.
    package func waitUntilIdle(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return activity.withLock {
            while activeTransfers > 0 {
                if !activity.wait(until: deadline) { return activeTransfers == 0 }
            }
            return true
        }
    }

    fileprivate func transferEnded() {
        activity.withLock {
            activeTransfers -= 1
            activity.broadcast()
        }
    }

    /// Makes ``shared`` the framework's HTTP client, unless the app has installed one of its own.
    /// HubGTK calls it whenever GTK is set up (``GtkRuntime/initialize()``,
    /// ``GtkRuntime/installMainQueueBridge()``) and when a view controller is created.
    package static func installAsDefaultUnlessSet() {
        DefaultHTTPClient.installIfNone(shared)
    }

    public func startTransfer(_ request: HTTPRequest, handler: @escaping @Sendable (HTTPTransferEvent) -> Void)
        -> any HTTPTransfer
    {
        let transfer = SoupTransfer(request: request, client: self, handler: handler)
        activity.withLock { activeTransfers += 1 }
        // An idle source, not g_main_context_invoke: that would run `begin()` on the caller's stack
        // when called on the client's thread (a redirect), and a URL libsoup refuses would then be
        // reported before `startTransfer` returns.
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue().begin()
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(transfer).toOpaque(), nil)
        g_source_attach(source, context)
        g_source_unref(source)
        return transfer
    }
}

/// The client thread's main context and loop, handed to the thread that runs them.
private struct LoopPointers: @unchecked Sendable {
    let context: OpaquePointer
    let loop: OpaquePointer
}

/// One exchange of a ``SoupHTTPClient``. Everything but ``cancel()`` runs on the client's thread.
private final class SoupTransfer: HTTPTransfer, @unchecked Sendable {
    let request: HTTPRequest
    let client: SoupHTTPClient
    let handler: @Sendable (HTTPTransferEvent) -> Void
    let cancellable: UnsafeMutablePointer<GCancellable>
    private var message: OpaquePointer?  // SoupMessage
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var ended = false
    /// The body's announced length when it arrives as sent (no content coding), and what has arrived.
    private var identityLength: Int?
    private var receivedBytes = 0

    init(request: HTTPRequest, client: SoupHTTPClient, handler: @escaping @Sendable (HTTPTransferEvent) -> Void) {
        self.request = request
        self.client = client
        self.handler = handler
        cancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(cancellable)
    }

    /// Safe from any thread: the cancellable is cancelled on the client's thread (at once when called
    /// there), because libsoup's own handlers of the cancellation run on the thread that cancels and
    /// libsoup is only safe on the thread that runs its session. The pending operation then ends with
    /// `G_IO_ERROR_CANCELLED`, and the stream and message are released, which closes a connection
    /// whose body was not read to the end.
    func cancel() {
        g_main_context_invoke_full(client.context, G_PRIORITY_HIGH, { data in
            let transfer = Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue()
            g_cancellable_cancel(transfer.cancellable)
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(self).toOpaque(), nil)
    }

    private var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

    /// Releases the stream and the message, which closes a connection whose body was not read to
    /// the end (and returns a finished one to the session's pool), then counts the transfer as ended.
    private func end() {
        guard !ended else { return }
        ended = true
        if let stream { g_object_unref(stream) }
        stream = nil
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        message = nil
        client.transferEnded()
    }

    func begin() {
        guard !isCancelled, let session = client.session else { return end() }
        guard let message = soup_message_new("GET", request.url.absoluteString) else {
            end()
            handler(.failed(URLError(.badURL, userInfo: [
                NSLocalizedDescriptionKey: "the URL \(request.url.absoluteString) is not valid (it needs a host, "
                    + "and a port between 1 and 65535)",
            ])))
            return
        }
        self.message = message
        // The framework follows redirects itself (see `HTTPClient`).
        soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        for (name, value) in request.headerFields.sorted(by: { $0.key < $1.key }) {
            soup_message_headers_replace(headers, name, value)
        }
        soup_session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue().sent(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(client.session, result, &error)
        guard let stream else {
            fail(error)
            return
        }
        self.stream = stream
        guard !isCancelled else { return end() }
        let response = response()
        let coding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
        if response.statusHasBody, coding == nil || coding?.lowercased() == "identity" {
            identityLength = response.expectedContentLength
        }
        handler(.response(response))
        read()
    }

    private func response() -> HTTPResponse {
        final class Fields { var values: [String: String] = [:] }
        let fields = Fields()
        soup_message_headers_foreach(soup_message_get_response_headers(message), { name, value, data in
            guard let name, let value else { return }
            let fields = Unmanaged<Fields>.fromOpaque(data!).takeUnretainedValue()
            let key = String(cString: name).lowercased()
            let text = String(cString: value)
            fields.values[key] = fields.values[key].map { $0 + ", " + text } ?? text
        }, Unmanaged.passUnretained(fields).toOpaque())
        let length = fields.values["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return HTTPResponse(url: request.url, statusCode: Int(soup_message_get_status(message).rawValue),
                            headerFields: fields.values, expectedContentLength: length)
    }

    private func read() {
        guard let stream, !isCancelled else { return end() }
        g_input_stream_read_bytes_async(stream, gsize(SoupHTTPClient.chunkSize), G_PRIORITY_DEFAULT, cancellable,
                                        { _, result, data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue().received(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func received(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_input_stream_read_bytes_finish(stream, result, &error) else {
            fail(error)
            return
        }
        var size: gsize = 0
        let start = g_bytes_get_data(bytes, &size)
        let data = size > 0 && start != nil ? Data(bytes: start!, count: Int(size)) : Data()
        g_bytes_unref(bytes)
        guard !isCancelled else { return end() }
        receivedBytes += data.count
        if data.isEmpty {
            end()
            if let identityLength, receivedBytes < identityLength {
                // libsoup 3.2 ends a body cut short by a closed connection as if it were complete
                // when the server said `Connection: close`; the announced length tells them apart.
                handler(.failed(URLError(.networkConnectionLost, userInfo: [
                    NSLocalizedDescriptionKey: "the connection closed after \(receivedBytes) of the \(identityLength) "
                        + "bytes announced",
                    NSURLErrorFailingURLErrorKey: request.url,
                ])))
            } else {
                // The end of the body: the connection goes back to the session's pool.
                handler(.finished)
            }
        } else {
            handler(.body(data))
            read()
        }
    }

    /// Reports `error` unless the transfer was cancelled, which is silent.
    private func fail(_ error: UnsafeMutablePointer<GError>?) {
        defer { if let error { g_error_free(error) } }
        let failure = isCancelled ? nil : urlError(error)
        end()
        if let failure { handler(.failed(failure)) }
    }

    private func urlError(_ error: UnsafeMutablePointer<GError>?) -> URLError {
        guard let error else { return URLError(.unknown) }
        let domain = error.pointee.domain
        let code = error.pointee.code
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        func make(_ urlCode: URLError.Code, _ description: String = text) -> URLError {
            URLError(urlCode, userInfo: [NSLocalizedDescriptionKey: description, NSURLErrorFailingURLErrorKey: request.url])
        }
        if domain == hub_soup_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CONNECTION_REFUSED: return make(.cannotConnectToHost)
            case G_IO_ERROR_HOST_NOT_FOUND: return make(.cannotFindHost)
            case G_IO_ERROR_TIMED_OUT: return make(.timedOut)
            case G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE: return make(.cannotConnectToHost)
            case G_IO_ERROR_PARTIAL_INPUT, G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE:
                return make(.networkConnectionLost)
            case G_IO_ERROR_PROXY_FAILED, G_IO_ERROR_PROXY_AUTH_FAILED, G_IO_ERROR_PROXY_NOT_ALLOWED,
                G_IO_ERROR_PROXY_NEED_AUTH:
                return make(.cannotConnectToHost, "the proxy refused the connection: \(text)")
            case G_IO_ERROR_INVALID_DATA: return make(.cannotDecodeContentData)
            case G_IO_ERROR_NOT_SUPPORTED: return make(.unsupportedURL)
            default: return make(.unknown)
            }
        }
        if domain == hub_soup_resolver_error_quark() { return make(.cannotFindHost) }
        if domain == hub_soup_tls_error_quark() { return tlsError(text, make: make) }
        if domain == hub_soup_session_error_quark() {
            switch SoupSessionError(rawValue: UInt32(code)) {
            case SOUP_SESSION_ERROR_PARSING, SOUP_SESSION_ERROR_ENCODING: return make(.badServerResponse)
            case SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS, SOUP_SESSION_ERROR_REDIRECT_NO_LOCATION,
                SOUP_SESSION_ERROR_REDIRECT_BAD_URI:
                return make(.httpTooManyRedirects)
            default: return make(.badServerResponse)
            }
        }
        return make(.unknown)
    }

    /// A certificate the system does not trust names the check that failed.
    private func tlsError(_ text: String, make: (URLError.Code, String) -> URLError) -> URLError {
        let flags = message.map { soup_message_get_tls_peer_certificate_errors($0).rawValue } ?? 0
        if flags & G_TLS_CERTIFICATE_UNKNOWN_CA.rawValue != 0 {
            return make(.serverCertificateHasUnknownRoot, "the server's certificate was issued by an unknown authority")
        }
        if flags & G_TLS_CERTIFICATE_BAD_IDENTITY.rawValue != 0 {
            return make(.serverCertificateUntrusted, "the server's certificate is for another host name")
        }
        if flags & G_TLS_CERTIFICATE_EXPIRED.rawValue != 0 {
            return make(.serverCertificateHasBadDate, "the server's certificate has expired")
        }
        if flags & G_TLS_CERTIFICATE_NOT_ACTIVATED.rawValue != 0 {
            return make(.serverCertificateNotYetValid, "the server's certificate is not valid yet")
        }
        if flags & G_TLS_CERTIFICATE_REVOKED.rawValue != 0 {
            return make(.serverCertificateUntrusted, "the server's certificate has been revoked")
        }
        if flags != 0 { return make(.serverCertificateUntrusted, "the server's certificate is not trusted (\(text))") }
        return make(.secureConnectionFailed, text)
    }
}
