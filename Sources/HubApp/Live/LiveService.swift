import Foundation
import HubFramework
import HubGTK
import Logging

/// Receives what clients of a `LiveService` send.
@MainActor
public protocol LiveServiceDelegate: AnyObject {
    /// A whole message arrived. Returns the answer for the client.
    func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply
    /// A whole message arrived: `reply` takes the answer for the client, on the main thread, when it
    /// is known; the main loop goes on meanwhile (a large document is read on another thread). The
    /// answers go to a client in the order its messages came. The default implementation answers
    /// at once with ``liveService(_:didReceive:)``.
    func liveService(_ service: LiveService, didReceive document: Data,
                     reply: @escaping @MainActor (LiveReply) -> Void)
    /// A document was refused before it was read (it is too large). Returns the answer for the client.
    /// Not called for connections without the right session token: those have no effect at all.
    func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply
}

extension LiveServiceDelegate {
    /// Answers at once, with ``liveService(_:didReceive:)``.
    public func liveService(_ service: LiveService, didReceive document: Data,
                            reply: @escaping @MainActor (LiveReply) -> Void)
    {
        reply(liveService(service, didReceive: document))
    }
}

/// Why the live service could not start.
public struct LiveServiceError: Error, CustomStringConvertible {
    /// The port asked for.
    public let port: UInt16
    /// GIO's explanation (the port is taken, for instance).
    public let reason: String

    /// The address and the reason.
    public var description: String {
        "cannot listen on \(LiveProtocol.loopbackHost):\(port): \(reason)"
    }
}

/// The live-editing service (what `hublive` talks to): a `LoopbackServer` (GtkKit) listening on
/// 127.0.0.1 only, speaking the length-prefixed protocol of `LiveProtocol`
/// (docs/live-editing.md). The viewer runs one; any application that shows a `LiveDocument` can.
///
/// **Only its owner gets in.** Each `start(onPort:token:)` makes a new session token (``token``);
/// the app writes it to a file only the user can read (`LiveTokenFile`, which `HubApplication`
/// does). The first message of every connection must be that token, compared in constant time; a
/// connection whose first message is anything else is answered with an error line and closed,
/// and nothing else happens: the delegate never hears of it.
///
/// **A client with the token gets in.** A connection whose token has already arrived when it is
/// accepted (`hublive` sends it with its connect) takes a slot at once. Connections that have not sent the token yet have a
/// small budget of their own (``LiveServiceLimits/maximumWaitingConnections``) and a short deadline
/// (``LiveServiceLimits/tokenTimeout``); when the budget is full, a new connection pushes out the one
/// that has waited longest. Silent connections held open by another process therefore do not keep
/// `hublive` out (only a flood of more than that many new connections in the instant between its
/// connect and its token could push it out), and only clients with the token can take the slots of
/// ``LiveServiceLimits/maximumConnections``. When those are all taken, the next client's token is
/// answered with `error the live service is full …`, so `hublive` can say so.
///
/// **Every client is bounded** (``limits``): connections at once, document size (checked on the
/// length prefix, before anything is allocated), time to send the token, idle time, and answers
/// queued for a client that does not read them. Each authenticated document goes to the delegate,
/// whose answer is written back as one line; a length prefix over the limit is answered with an
/// error line, the rest of that document is read and dropped when it is not too long, and the
/// connection is closed. A client that disconnects in the middle of a message loses that message,
/// and nothing else happens.
///
/// The main loop never waits for a client: reads and writes are asynchronous (GtkKit's
/// `StreamConnection`), and the documents of one read are handed over one per main-loop turn, so
/// drawing and input go on between them.
@MainActor
public final class LiveService {
    /// Receives the messages and answers them.
    public weak var delegate: (any LiveServiceDelegate)?
    /// The bounds every connection is held to.
    public let limits: LiveServiceLimits
    /// The largest document accepted (``LiveServiceLimits/maximumMessageSize``).
    public var maximumMessageSize: Int { limits.maximumMessageSize }
    /// The secret clients must send first; a new one at every start.
    public private(set) var token: LiveSessionToken
    /// Where diagnostics go: by default a warning on the `org.hubframework.gtk.live` logger
    /// (see ``/HubFramework/HubLogging``).
    public var log: @MainActor (String) -> Void = { message in
        HubLogging.logger("gtk.live").warning("\(message)")
    }

    /// The port listened on, while listening.
    public private(set) var port: UInt16?
    /// True between a successful `start(onPort:token:)` and `stop()`.
    public var isListening: Bool { port != nil }
    /// Clients connected now, whether or not they have sent the token.
    public var connectionCount: Int { connections.count }
    /// Connections that have not sent the session token yet.
    public var waitingConnectionCount: Int { waiting.count }
    /// Connections turned away since creation: pushed out while waiting for their token by a newer
    /// connection (``LiveServiceLimits/maximumWaitingConnections``), or told that the service is full
    /// when their token arrived (``LiveServiceLimits/maximumConnections``).
    public private(set) var refusedConnectionCount = 0
    /// Connections closed because their first message was not the session token, since creation.
    public private(set) var rejectedTokenCount = 0
    /// Connections closed because they stayed silent too long, since creation.
    public private(set) var timedOutConnectionCount = 0

    private let server = LoopbackServer()
    private var connections: [ObjectIdentifier: LiveConnection] = [:]
    /// The connections without the token yet, longest waiting first.
    private var waiting: [LiveConnection] = []
    /// The connections that sent the token and were let in.
    private var admitted: Set<ObjectIdentifier> = []
    /// Set while waiting connections are being pushed out, so the log says so once per burst.
    private var isPushingOutConnections = false

    /// A stopped service held to `limits`.
    /// - Parameter limits: the bounds every connection is held to.
    public init(limits: LiveServiceLimits = LiveServiceLimits()) {
        self.limits = limits
        token = LiveSessionToken.generate()
        server.onConnection = { [weak self] connection in self?.accept(connection) }
    }

    isolated deinit {
        stop()
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free port), stopping first if already listening, with
    /// a new session token (or `token`). Returns the port listened on.
    /// - Parameters:
    ///   - port: the port; 0 picks a free one.
    ///   - token: the session token clients must send; nil makes a new random one.
    @discardableResult
    public func start(onPort port: UInt16, token: LiveSessionToken? = nil) throws(LiveServiceError) -> UInt16 {
        stop()
        self.token = token ?? LiveSessionToken.generate()
        do throws(GLibError) {
            let boundPort = try server.start(onPort: port, backlog: Self.listenBacklog)
            self.port = boundPort
            return boundPort
        } catch {
            throw LiveServiceError(port: port, reason: error.message)
        }
    }

    /// Stops listening and closes every connection.
    public func stop() {
        for connection in Array(connections.values) { connection.close() }
        connections.removeAll()
        waiting.removeAll()
        admitted.removeAll()
        server.stop()
        port = nil
    }

    // MARK: Connections

    private func accept(_ connection: StreamConnection) {
        guard connection.isPeerLoopback else {
            // Cannot happen while bound to 127.0.0.1; checked anyway.
            log("refused a connection from outside this machine")
            connection.close()
            return
        }
        if waiting.count >= limits.maximumWaitingConnections {
            // Those whose token has arrived since they were accepted (its reading is still to come)
            // take a slot instead of waiting: only silent connections are pushed out.
            for connection in waiting where admitted.count < limits.maximumConnections
                && Self.hasSentToken(token, on: connection.connection)
            {
                admitted.insert(ObjectIdentifier(connection))
            }
            waiting.removeAll { admitted.contains(ObjectIdentifier($0)) }
        }
        if waiting.count >= limits.maximumWaitingConnections {
            // The one that has waited longest makes room: a client that sends its token at once
            // gets in, however many silent connections another process keeps open.
            let oldest = waiting.removeFirst()
            refusedConnectionCount += 1
            if !isPushingOutConnections {
                isPushingOutConnections = true
                log("closed connections that had not sent the session token to make room for new ones: "
                    + "\(limits.maximumWaitingConnections) were waiting (LiveServiceLimits.maximumWaitingConnections)")
            }
            oldest.turnAway(Self.waitedTooLongRefusal)
        } else {
            isPushingOutConnections = false
        }
        let live = LiveConnection(connection: connection, service: self)
        connections[ObjectIdentifier(live)] = live
        // A client that sent its token with its connect (hublive does) has it waiting in the socket
        // already: it takes a slot at once and never waits, so no flood of silent connections can
        // push it out. The token is still read, and checked, as the connection's first message.
        if Self.hasSentToken(token, on: connection), admitted.count < limits.maximumConnections {
            admitted.insert(ObjectIdentifier(live))
        } else {
            waiting.append(live)
        }
        live.start()
    }

    /// Whether the first bytes already received on `connection` are this session's token message,
    /// looked at without taking them from the socket.
    private static func hasSentToken(_ token: LiveSessionToken, on connection: StreamConnection) -> Bool {
        let expected = LiveProtocol.tokenMessage(token)
        let received = connection.peek(upTo: expected.count)
        guard received.count == expected.count else { return false }
        return token.matches(Data(received.dropFirst(LiveProtocol.headerSize)))
            && Data(received.prefix(LiveProtocol.headerSize)) == expected.prefix(LiveProtocol.headerSize)
    }

    /// A connection sent the right token: true when it may stay (a slot of
    /// ``LiveServiceLimits/maximumConnections`` was free), false when it must be told the service is full.
    func admit(_ connection: LiveConnection) -> Bool {
        // Let in when it was accepted, its token already there.
        if admitted.contains(ObjectIdentifier(connection)) { return true }
        waiting.removeAll { $0 === connection }
        guard admitted.count < limits.maximumConnections else {
            refusedConnectionCount += 1
            log("refused a client: \(limits.maximumConnections) clients are connected already "
                + "(LiveServiceLimits.maximumConnections)")
            return false
        }
        admitted.insert(ObjectIdentifier(connection))
        return true
    }

    func connectionDidClose(_ connection: LiveConnection) {
        connections[ObjectIdentifier(connection)] = nil
        admitted.remove(ObjectIdentifier(connection))
        waiting.removeAll { $0 === connection }
    }

    /// Hands a message to the delegate; `reply` gets its answer.
    func deliver(_ message: Data, reply: @escaping @MainActor (LiveReply) -> Void) {
        guard let delegate else { return reply(.refused("the viewer is not showing live documents")) }
        delegate.liveService(self, didReceive: message, reply: reply)
    }

    func refuse(_ reason: String) -> LiveReply {
        log("refused a message: \(reason)")
        return delegate?.liveService(self, didRefuseMessageBecause: reason) ?? .refused(reason)
    }

    /// A connection did not start with the token: counted and logged, nothing else. It no longer
    /// waits (so it is not pushed out, and counted, a second time while its answer is written).
    func tokenRejected(_ connection: LiveConnection, _ why: String) -> LiveReply {
        waiting.removeAll { $0 === connection }
        rejectedTokenCount += 1
        log("closed a connection without the session token (\(why))")
        return .refused(LiveService.tokenRefusal)
    }

    func timedOut(_ why: String) {
        timedOutConnectionCount += 1
        log("closed a connection: \(why)")
    }

    /// Connections the kernel queues until the service accepts them.
    static let listenBacklog = 128

    /// The answer to a client whose token arrived while every slot was taken (after `error `).
    public var fullRefusal: String {
        "the live service is full: \(limits.maximumConnections) clients are connected already "
            + "(LiveServiceLimits.maximumConnections); try again when one of them has finished"
    }

    /// The answer to a connection pushed out while it waited for its token (after `error `).
    public static let waitedTooLongRefusal = "the live service closed the connection: it had not sent the session "
        + "token, and newer connections needed its place"

    /// The answer to a connection without the right token (after `error `).
    public static let tokenRefusal = "the live service refused the connection: it did not start with this session's token "
        + "(hublive reads it from the token file the viewer writes; see docs/live-editing.md)"
}
