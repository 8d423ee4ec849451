import HubFramework

/// The bounds a `LiveService` holds every client to, so that no client (a broken script, another
/// program of the user's) can exhaust the viewer's memory or descriptors or keep its slots busy.
///
/// The defaults are far above what `hublive` needs (one short connection per save); change them
/// through ``HubApplication/liveServiceLimits``, or give them to
/// ``LiveService/init(limits:)``.
public struct LiveServiceLimits: Hashable, Sendable {
    /// Default of ``maximumConnections``.
    public static let defaultMaximumConnections = 16
    /// Default of ``maximumWaitingConnections``.
    public static let defaultMaximumWaitingConnections = 8
    /// Default of ``maximumMessageSize``: 16 MiB.
    public static let defaultMaximumMessageSize = LiveProtocol.maximumMessageSize
    /// Default of ``maximumDiscardedBytes``: 32 MiB.
    public static let defaultMaximumDiscardedBytes = 32 * 1024 * 1024
    /// Default of ``idleTimeout``, in seconds.
    public static let defaultIdleTimeout = 30.0
    /// Default of ``tokenTimeout``, in seconds.
    public static let defaultTokenTimeout = 2.0
    /// Default of ``maximumQueuedReplies``.
    public static let defaultMaximumQueuedReplies = 32

    /// Clients that sent the session token, connected at once. The token of one more is answered
    /// `error the live service is full …` and its connection is closed. Only a client with the token
    /// can hold one of these.
    public var maximumConnections: Int
    /// Connections that have not sent the session token yet, at once. When one more arrives, the
    /// one that has waited longest is answered with an error line and closed to make room, so a
    /// client that sends its token at once (`hublive` does) gets in however many silent connections
    /// another process holds open; only more new connections than this, in the instant between
    /// its connect and its token, could push it out.
    public var maximumWaitingConnections: Int
    /// The largest document, in bytes. A larger length prefix is refused as soon as its 4 bytes
    /// have arrived, before any buffer is allocated for it.
    public var maximumMessageSize: Int
    /// After refusing a document that is too large, the service reads and drops the rest of it so
    /// the sender can read the refusal, but only when that rest is at most this many bytes; a
    /// longer one (a 4 GiB length prefix) closes the connection at once.
    public var maximumDiscardedBytes: Int
    /// Seconds a connection may go without sending or receiving anything before it is closed.
    public var idleTimeout: Double
    /// Seconds a new connection has to send its session token before it is closed. Short: a client
    /// sends the token as soon as it has connected.
    public var tokenTimeout: Double
    /// Answers waiting for a client that does not read them; beyond this the service stops reading
    /// from that client until it catches up.
    public var maximumQueuedReplies: Int

    /// Limits; each has a default that a person using `hublive` never meets.
    /// - Parameters:
    ///   - maximumConnections: clients with the token connected at once (at least 1).
    ///   - maximumWaitingConnections: connections without the token yet, at once (at least 1).
    ///   - maximumMessageSize: the largest document, in bytes.
    ///   - maximumDiscardedBytes: the most bytes of a refused document read and dropped.
    ///   - idleTimeout: seconds a connection may stay silent.
    ///   - tokenTimeout: seconds a new connection has to send its token.
    ///   - maximumQueuedReplies: answers kept for a client that does not read them (at least 1).
    public init(maximumConnections: Int = defaultMaximumConnections,
                maximumWaitingConnections: Int = defaultMaximumWaitingConnections,
                maximumMessageSize: Int = defaultMaximumMessageSize,
                maximumDiscardedBytes: Int = defaultMaximumDiscardedBytes,
                idleTimeout: Double = defaultIdleTimeout, tokenTimeout: Double = defaultTokenTimeout,
                maximumQueuedReplies: Int = defaultMaximumQueuedReplies)
    {
        self.maximumConnections = max(1, maximumConnections)
        self.maximumWaitingConnections = max(1, maximumWaitingConnections)
        self.maximumMessageSize = max(0, maximumMessageSize)
        self.maximumDiscardedBytes = max(0, maximumDiscardedBytes)
        self.idleTimeout = max(0.01, idleTimeout)
        self.tokenTimeout = max(0.01, tokenTimeout)
        self.maximumQueuedReplies = max(1, maximumQueuedReplies)
    }
}
