internal import CSoup
import Foundation
import HubFramework

/// One exchange of a ``SoupHTTPClient``. Everything but ``cancel()`` runs on the client's thread.
final class SoupTransfer: HTTPTransfer, @unchecked Sendable {
    let request: HTTPRequest
    let client: SoupHTTPClient
    let handler: @Sendable (HTTPTransferEvent) -> Void
    let cancellable: UnsafeMutablePointer<GCancellable>
    private var message: OpaquePointer?  // SoupMessage
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var ended = false
    /// The last stage reported; nil once the response has begun.
    private var stage: HTTPTransferStage?
    private var answered = false
    /// Where an image stands with the client's ``HostAdmission``; documents are never in it.
    private var admission = Admission.none
    /// The body's announced length when it arrives as sent (no content coding), and what has arrived.
    private var identityLength: Int?
    private var receivedBytes = 0
    /// Reads that delivered bytes of a chunked body without content coding, whose framing is
    /// checked at its end (see ``ChunkedFraming``); nil for other bodies.
    private var chunkedReads: Int?

    private enum Admission {
        case none
        case waiting(host: String)
        case counted(host: String)
        /// Counted no longer: its server left it unanswered.
        case released
    }

    init(request: HTTPRequest, client: SoupHTTPClient, handler: @escaping @Sendable (HTTPTransferEvent) -> Void) {
        self.request = request
        self.client = client
        self.handler = handler
        cancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(cancellable)
    }

    private var session: UnsafeMutablePointer<SoupSession>? {
        request.purpose == .image ? client.imageSession : client.documentSession
    }

    /// Safe from any thread: the cancellable is cancelled on the client's thread (at once when called
    /// there), because libsoup's own handlers of the cancellation run on the thread that cancels and
    /// libsoup is only safe on the thread that runs its session. The pending operation then ends with
    /// `G_IO_ERROR_CANCELLED`, and the stream and message are released, which closes a connection
    /// whose body was not read to the end. An image still waiting for its turn has no operation: it
    /// ends at once.
    func cancel() {
        g_main_context_invoke_full(client.context, G_PRIORITY_HIGH, { data in
            let transfer = Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue()
            g_cancellable_cancel(transfer.cancellable)
            if case .waiting = transfer.admission { transfer.end() }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(self).toOpaque(), nil)
    }

    private var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

    /// Releases the stream and the message, which closes a connection whose body was not read to
    /// the end (and returns a finished one to the session's pool), gives an image's place to the
    /// next one, then counts the transfer as ended.
    private func end() {
        guard !ended else { return }
        ended = true
        if let stream { g_object_unref(stream) }
        stream = nil
        if let message {
            // Its signals must not reach a transfer that is gone: libsoup may keep the message a
            // little longer.
            g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(message), G_SIGNAL_MATCH_DATA, 0, 0, nil,
                                                 nil, Unmanaged.passUnretained(self).toOpaque())
            g_object_unref(UnsafeMutableRawPointer(message))
        }
        message = nil
        switch admission {
        case .waiting(let host): client.imageAdmission.withdraw(host, id: ObjectIdentifier(self))
        case .counted(let host): client.imageAdmission.leave(host)
        case .none, .released: break
        }
        admission = .none
        client.transferEnded()
    }

    func begin() {
        guard !isCancelled, session != nil else { return end() }
        report(.waitingForConnection)
        guard request.purpose == .image else { return send() }
        let host = Self.hostKey(request.url)
        let admitted = client.imageAdmission.enter(host, id: ObjectIdentifier(self)) { [self] in
            admission = .counted(host: host)
            send()
        }
        if admitted {
            admission = .counted(host: host)
            send()
        } else {
            admission = .waiting(host: host)
        }
    }

    /// `scheme://host:port`: what libsoup keeps connections per.
    private static func hostKey(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    private func send() {
        guard !isCancelled, let session else { return end() }
        guard let message = soup_message_new(request.method, request.url.absoluteString) else {
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
        // The bytes on the wire tell a malformed chunked body apart (see `ChunkedFraming`).
        soup_message_add_flags(message, SOUP_MESSAGE_COLLECT_METRICS)
        let headers = soup_message_get_request_headers(message)
        for (name, value) in request.headerFields.sorted(by: { $0.key < $1.key }) {
            soup_message_headers_replace(headers, name, value)
        }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, request.bodyContentType ?? "application/octet-stream", bytes)
            g_bytes_unref(bytes)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Unretained: `end()` disconnects both before the transfer can go.
        hub_soup_message_on_network_event(message, { _, _, _, data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeUnretainedValue().report(.connecting)
        }, me)
        hub_soup_message_on_wrote_headers(message, { _, data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeUnretainedValue().report(.waitingForResponse)
        }, me)
        if case .counted = admission { watchForAnswer() }
        soup_session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue().sent(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    /// Tells the handler the transfer reached `stage`, once per change, until the response begins.
    private func report(_ stage: HTTPTransferStage) {
        guard !ended, !answered, stage != self.stage else { return }
        // A burst of connection events ends with the request written; a restart on a new
        // connection begins the burst again.
        self.stage = stage
        handler(.stage(stage))
    }

    /// An image whose server has not begun to answer after `SoupHTTPClient.imageAnswerSeconds`
    /// stops counting against its host: the next image waiting for that host starts. It keeps its
    /// connection until its own deadline or its cancellation.
    private func watchForAnswer() {
        let source = g_timeout_source_new(UInt32(SoupHTTPClient.imageAnswerSeconds * 1000))
        g_source_set_callback(source, { data in
            let transfer = Unmanaged<SoupTransfer>.fromOpaque(data!).takeRetainedValue()
            if !transfer.ended, !transfer.answered, case .counted(let host) = transfer.admission {
                transfer.admission = .released
                transfer.client.imageAdmission.leave(host)
            }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(self).toOpaque(), nil)
        g_source_attach(source, client.context)
        g_source_unref(source)
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(session, result, &error)
        guard let stream else {
            fail(error)
            return
        }
        self.stream = stream
        guard !isCancelled else { return end() }
        answered = true
        let response = response()
        let coding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
        let identity = coding == nil || coding?.lowercased() == "identity"
        if response.statusHasBody, identity {
            identityLength = response.expectedContentLength
            if soup_message_headers_get_encoding(soup_message_get_response_headers(message)) == SOUP_ENCODING_CHUNKED {
                chunkedReads = 0
            }
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
        guard data.isEmpty else {
            if let reads = chunkedReads { chunkedReads = reads + 1 }
            handler(.body(data))
            read()
            return
        }
        let failure = bodyEndFailure()
        end()
        if let failure {
            handler(.failed(failure))
        } else {
            // The end of the body: the connection goes back to the session's pool.
            handler(.finished)
        }
    }

    /// What is wrong with a body that libsoup ended without an error: nil when nothing is.
    private func bodyEndFailure() -> URLError? {
        if let identityLength, receivedBytes < identityLength {
            // libsoup 3.2 ends a body cut short by a closed connection as if it were complete
            // when the server said `Connection: close`; the announced length tells them apart.
            return URLError(.networkConnectionLost, userInfo: [
                NSLocalizedDescriptionKey: "the connection closed after \(receivedBytes) of the \(identityLength) "
                    + "bytes announced",
                NSURLErrorFailingURLErrorKey: request.url,
            ])
        }
        if let reads = chunkedReads, let message, let metrics = soup_message_get_metrics(message) {
            let wireBytes = Int(soup_message_metrics_get_response_body_bytes_received(metrics))
            if !ChunkedFraming.isPlausible(wireBytes: wireBytes, decoded: receivedBytes, reads: reads) {
                return SoupErrorTranslation.malformedChunkedBody(url: request.url)
            }
        }
        return nil
    }

    /// Reports `error` unless the transfer was cancelled, which is silent.
    private func fail(_ error: UnsafeMutablePointer<GError>?) {
        defer { if let error { g_error_free(error) } }
        let failure = isCancelled ? nil : SoupErrorTranslation.urlError(error, message: message, url: request.url)
        end()
        if let failure { handler(.failed(failure)) }
    }
}
