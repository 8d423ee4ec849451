import Foundation

/// Performs HTTP exchanges for the framework: the documents of `JSONContentOperation` and the images
/// of the default image loader go through one client.
///
/// HubGTK installs a client built on libsoup, GNOME's HTTP library, as ``DefaultHTTPClient/current``
/// when GTK starts, so an app usually never meets this protocol. Implement it to route the
/// framework's requests through a transport of your own (or a scripted one in tests), and pass it to
/// `JSONContentOperation(url:timeout:client:)` or install it as the default.
///
/// A client performs exactly one exchange per call and does not follow redirects: the framework
/// follows them itself, so that it can count them, refuse a redirect to a `file:` URL and keep its
/// time limits across them. It enforces no limits either: the framework counts the bytes as they
/// arrive and cancels the transfer the moment one is passed.
public protocol HTTPClient: AnyObject, Sendable {
    /// Sends `request` and reports what comes back to `handler`, in order and one event at a time:
    /// any number of ``HTTPTransferEvent/stage(_:)`` while the response has not begun (optional: a
    /// client that cannot tell reports none), one ``HTTPTransferEvent/response(_:)``, then any
    /// number of ``HTTPTransferEvent/body(_:)`` chunks (after content decoding: a gzip body arrives
    /// decompressed), then ``HTTPTransferEvent/finished``; or ``HTTPTransferEvent/failed(_:)`` at
    /// any point. Nothing follows `finished` or `failed`.
    ///
    /// `request.purpose` says what the bytes are for: a client may keep separate connections for
    /// documents and images, so that images a server leaves unanswered never hold up a document.
    ///
    /// Events may arrive on any thread, never on the caller's stack. After ``HTTPTransfer/cancel()``
    /// no more events need to arrive, and the connection must be closed at once, with no more of
    /// the body read.
    func startTransfer(_ request: HTTPRequest, handler: @escaping @Sendable (HTTPTransferEvent) -> Void)
        -> any HTTPTransfer
}

/// One exchange started by an ``HTTPClient``.
public protocol HTTPTransfer: AnyObject, Sendable {
    /// Stops the exchange and closes its connection; safe from any thread, and more than once.
    func cancel()
}

/// What an ``HTTPClient`` reports about one exchange.
public enum HTTPTransferEvent: Sendable {
    /// The exchange reached `stage` before its response: a deadline that passes now names what
    /// the download was waiting for (a free connection, the connection, or the server's answer).
    /// Without these events every wait counts as the server's.
    case stage(HTTPTransferStage)
    /// The status line and headers arrived.
    case response(HTTPResponse)
    /// The next bytes of the body, decoded.
    case body(Data)
    /// The body is complete.
    case finished
    /// The exchange failed below HTTP: no connection, a TLS failure, a body cut short, …
    /// `URLError`'s code says what kind; its `localizedDescription` says what happened, in the
    /// transport's words (for example which certificate check failed).
    case failed(URLError)
}
