internal import CSoup
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
/// - **Images never hold up documents.** Documents and images (``/HubFramework/HTTPRequest/Purpose``)
///   have libsoup sessions, and so connections, of their own: images a server leaves unanswered
///   cannot take the connections a document needs. Images start at most `imageConnectionsPerHost`
///   at a time per host; one whose server has not begun to answer ``imageAnswerSeconds`` after it
///   was sent stops counting, so the images behind it start instead of waiting for its deadline.
/// - **Waits say what they wait for.** Before the response it reports each transfer's
///   ``/HubFramework/HTTPTransferStage``: waiting for a free connection, connecting, or waiting for
///   the server's answer, so that a deadline names the right one.
/// - **It streams.** Bodies are read in chunks of 64 KiB, decompressed (`gzip`, `deflate`,
///   `br`) as they are read, so the framework counts every decoded byte and stops a gzip bomb at its
///   limit.
/// - **Malformed responses say so.** A response that is not HTTP, headers over libsoup's 100 KiB,
///   and a chunked body whose chunk sizes are not numbers fail with a `URLError` whose description
///   says so (`SoupErrorTranslation`), never as a lost connection or an empty body.
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
    /// Seconds an image's server may take to begin answering before the image stops counting
    /// against `imageConnectionsPerHost`, and the next image waiting for that host starts.
    public static let imageAnswerSeconds: TimeInterval = 1

    let context: OpaquePointer  // GMainContext
    /// Created on the client's thread, used only there: documents and everything else.
    nonisolated(unsafe) var documentSession: UnsafeMutablePointer<SoupSession>?
    /// Created on the client's thread, used only there: images.
    nonisolated(unsafe) var imageSession: UnsafeMutablePointer<SoupSession>?
    /// Used only on the client's thread.
    let imageAdmission: HostAdmission
    private let loop: OpaquePointer  // GMainLoop
    private let activity = NSCondition()
    private var activeTransfers = 0  // guarded by `activity`

    /// A client with its own connections, where at most 6 images of one host wait for their
    /// server at once (see ``init(userAgent:maximumConnections:maximumConnectionsPerHost:imageConnectionsPerHost:)``).
    /// - Parameters:
    ///   - userAgent: the `User-Agent` sent with every request.
    ///   - maximumConnections: the most connections open at once, for documents and for images each.
    ///   - maximumConnectionsPerHost: the most connections open to one host at once for documents;
    ///     images may open twice as many, on connections of their own.
    public convenience init(userAgent: String = "HubFramework/1.0", maximumConnections: Int = 32,
                            maximumConnectionsPerHost: Int = 8)
    {
        self.init(userAgent: userAgent, maximumConnections: maximumConnections,
                  maximumConnectionsPerHost: maximumConnectionsPerHost, imageConnectionsPerHost: 6)
    }

    /// A client with its own connections.
    /// - Parameters:
    ///   - userAgent: the `User-Agent` sent with every request.
    ///   - maximumConnections: the most connections open at once, for documents and for images each.
    ///   - maximumConnectionsPerHost: the most connections open to one host at once for documents;
    ///     images may open twice as many, on connections of their own.
    ///   - imageConnectionsPerHost: the images of one host that may wait for their server at once;
    ///     one left unanswered for ``imageAnswerSeconds`` stops counting.
    public init(userAgent: String = "HubFramework/1.0", maximumConnections: Int = 32,
                maximumConnectionsPerHost: Int = 8, imageConnectionsPerHost: Int)
    {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        imageAdmission = HostAdmission(limit: imageConnectionsPerHost)
        // The hard limit of the image session: room for the images left unanswered, which stop
        // counting against `imageConnectionsPerHost` but keep their connections until their deadline.
        let imageSessionPerHost = max(imageConnectionsPerHost, 2 * maximumConnectionsPerHost)
        let ready = DispatchSemaphore(value: 0)
        let pointers = LoopPointers(context: context, loop: loop)
        let thread = Thread { [unowned(unsafe) self] in
            let context = pointers.context
            let loop = pointers.loop
            g_main_context_push_thread_default(context)
            // A session belongs to the context that is the thread's default when it is created.
            func session(perHost: Int) -> UnsafeMutablePointer<SoupSession>? {
                let session = hub_soup_session_new(Int32(maximumConnections), Int32(perHost))
                soup_session_set_user_agent(session, userAgent)
                soup_session_set_accept_language_auto(session, 1)
                return session
            }
            let documents = session(perHost: maximumConnectionsPerHost)
            let images = session(perHost: imageSessionPerHost)
            self.documentSession = documents
            self.imageSession = images
            ready.signal()
            g_main_loop_run(loop)
            for session in [documents, images] {
                soup_session_abort(session)
                g_object_unref(UnsafeMutableRawPointer(session))
            }
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

    func transferEnded() {
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

    /// Keeps the cookies servers set, for documents and the requests documents send (not images), in
    /// the SQLite file at `path` from now on, so that a signed-in session lasts from run to run. At
    /// most `maximumCookies` are kept: a cookie that would be one too many is dropped as it is set.
    /// The file's folder is made readable by the user alone. Without a jar, cookies are not kept; a
    /// second call replaces the jar.
    /// `HubApplication` keeps them in `$XDG_DATA_HOME/<application id>/cookies.sqlite`.
    public func keepCookies(inFile path: String, maximumCookies: Int = 1_000) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        _ = chmod(folder, 0o700)
        let done = DispatchSemaphore(value: 0)
        let request = CookieJarRequest(path: path, maximum: UInt32(clamping: max(1, maximumCookies)), client: self,
                                       done: done)
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            let request = Unmanaged<CookieJarRequest>.fromOpaque(data!).takeRetainedValue()
            // On the client's thread, which the sessions belong to.
            if let session = request.client.documentSession {
                // One jar: the one asked for last.
                soup_session_remove_feature_by_type(session, soup_cookie_jar_get_type())
                let jar = hub_soup_cookie_jar_db_new(request.path, request.maximum)
                soup_session_add_feature(session, OpaquePointer(jar))
                g_object_unref(jar)
            }
            request.done.signal()
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(request).toOpaque(), nil)
        g_source_attach(source, context)
        g_source_unref(source)
        done.wait()
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

/// What ``SoupHTTPClient/keepCookies(inFile:maximumCookies:)`` hands to the client's thread.
private final class CookieJarRequest: @unchecked Sendable {
    let path: String
    let maximum: UInt32
    let client: SoupHTTPClient
    let done: DispatchSemaphore

    init(path: String, maximum: UInt32, client: SoupHTTPClient, done: DispatchSemaphore) {
        self.path = path
        self.maximum = maximum
        self.client = client
        self.done = done
    }
}

/// The client thread's main context and loop, handed to the thread that runs them.
private struct LoopPointers: @unchecked Sendable {
    let context: OpaquePointer
    let loop: OpaquePointer
}
