import Foundation

/// The live-editing wire protocol between `hublive` and the viewer's live service
/// (docs/live-editing.md).
///
/// A client connects over TCP to the loopback address and sends one or more messages. Each
/// message is a 4-byte big-endian unsigned length followed by that many bytes. The first message
/// of every connection is the session token (`LiveSessionToken`, read from the file the viewer
/// wrote, see `LiveTokenFile`); the service answers nothing to a good token, and answers a wrong
/// or missing one with an error line and closes the connection. Every further message is a
/// document, exactly as it is on disk (so the viewer can point at the line and column of a syntax
/// error). For every document the service answers with one line of UTF-8 text ending in `\n`
/// (`LiveReply`). A message longer than `maximumMessageSize` is answered with an error line, and
/// the connection is closed (once the client has sent the rest, when that rest is not too long).
public enum LiveProtocol {
    /// The port the viewer listens on unless told otherwise.
    public static let defaultPort: UInt16 = 7777
    /// The only address the viewer listens on.
    public static let loopbackHost = "127.0.0.1"
    /// The largest document the service accepts: 16 MiB.
    public static let maximumMessageSize = 16 * 1024 * 1024
    /// Bytes of the length prefix.
    public static let headerSize = 4
    /// The longest first message (the session token) accepted; a longer length prefix is refused
    /// before any of it is read.
    public static let maximumTokenMessageSize = 256

    /// The first message of a connection: the session token, framed.
    public static func tokenMessage(_ token: LiveSessionToken) -> Data {
        frame(Data(token.text.utf8))
    }

    /// The length prefix and the payload, ready to send.
    public static func frame(_ payload: Data) -> Data {
        var framed = Data(capacity: headerSize + payload.count)
        let length = UInt32(truncatingIfNeeded: payload.count)
        framed.append(UInt8(truncatingIfNeeded: length >> 24))
        framed.append(UInt8(truncatingIfNeeded: length >> 16))
        framed.append(UInt8(truncatingIfNeeded: length >> 8))
        framed.append(UInt8(truncatingIfNeeded: length))
        framed.append(payload)
        return framed
    }

    /// "1.2 MiB", "512 KiB", "87 bytes": sizes for messages people read, in binary units named as
    /// such (the same wording as the content limits' messages).
    public static func describeSize(_ bytes: Int) -> String {
        ContentLimits.describe(bytes: bytes)
    }
}

/// Why a stream of bytes could not be split into messages.
public enum LiveFramingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The length prefix announced more bytes than the limit.
    case messageTooLarge(length: Int, limit: Int)

    /// The length the refused prefix announced.
    public var length: Int {
        switch self {
        case .messageTooLarge(let length, _): return length
        }
    }

    public var description: String {
        switch self {
        case .messageTooLarge(let length, let limit):
            return "the document is \(LiveProtocol.describeSize(length)) (\(length) bytes); "
                + "the live service accepts at most \(LiveProtocol.describeSize(limit))"
        }
    }
}

/// Splits the bytes of one connection into messages, however the network cut them up.
///
/// Feed it whatever each read returned; it hands back every message those bytes completed, in
/// order, and keeps the rest for the next read. A message is never handed out before its last
/// byte has arrived, and a length prefix over the limit is reported before any of its payload is
/// buffered. Toolkit-free, so it is tested without sockets.
public struct LiveMessageFramer: Sendable {
    /// The largest payload accepted; a larger length prefix fails. A change applies from the next
    /// length prefix on (the service raises it once the token has been read).
    public var maximumMessageSize: Int

    private var header: [UInt8] = []
    private var payload = Data()
    private var expectedLength: Int?

    /// Creates a framer for one connection.
    /// - Parameter maximumMessageSize: the largest payload accepted, in bytes.
    public init(maximumMessageSize: Int = LiveProtocol.maximumMessageSize) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// True when no message is partly received (between messages).
    public var isIdle: Bool { header.isEmpty && expectedLength == nil }

    /// The announced length of the message being received, once its prefix is complete.
    public var currentMessageLength: Int? { expectedLength }

    /// Payload bytes of the current message received so far.
    public var currentMessageReceivedCount: Int { payload.count }

    /// What one call to `append` produced.
    public struct Output: Sendable {
        /// The messages the bytes completed, in order.
        public var messages: [Data] = []
        /// Set when a length prefix exceeded the limit: the messages before it are still in
        /// `messages`; the framer is then unusable (answer, and close the connection).
        public var error: LiveFramingError?
        /// Bytes of the input read: all of them, or up to the end of the refused length prefix.
        public var consumed = 0
    }

    /// True once a length prefix exceeded the limit.
    public private(set) var hasFailed = false

    /// Adds received bytes; returns the messages they complete (and an error when a length prefix
    /// is over the limit; nothing after it is read). With `maximumMessages`, it stops right after
    /// that many messages: `consumed` then says where the caller goes on from.
    package mutating func append(_ bytes: UnsafeRawBufferPointer, maximumMessages: Int = .max) -> Output {
        var output = Output()
        guard !hasFailed else { return output }
        var index = 0
        let count = bytes.count
        while index < count {
            if output.messages.count >= maximumMessages {
                output.consumed = index
                return output
            }
            guard let length = expectedLength else {
                header.append(bytes[index])
                index += 1
                if header.count == LiveProtocol.headerSize {
                    let length = header.reduce(0) { ($0 << 8) | Int($1) }
                    header.removeAll(keepingCapacity: true)
                    guard length <= maximumMessageSize else {
                        hasFailed = true
                        output.error = .messageTooLarge(length: length, limit: maximumMessageSize)
                        output.consumed = index
                        return output
                    }
                    if length == 0 {
                        output.messages.append(Data())
                    } else {
                        expectedLength = length
                        payload = Data(capacity: length)
                    }
                }
                continue
            }
            let take = min(length - payload.count, count - index)
            payload.append(bytes.baseAddress!.advanced(by: index).assumingMemoryBound(to: UInt8.self), count: take)
            index += take
            if payload.count == length {
                output.messages.append(payload)
                payload = Data()
                expectedLength = nil
            }
        }
        output.consumed = count
        return output
    }

    /// Adds received bytes; returns the messages they complete. With `maximumMessages`, it stops
    /// right after that many messages, and `consumed` says where the caller goes on from.
    public mutating func append(_ data: Data, maximumMessages: Int = .max) -> Output {
        data.withUnsafeBytes { append($0, maximumMessages: maximumMessages) }
    }
}

/// The service's answer to one message: one line of text.
///
/// - `ok <bytes>`: the document was good and is shown.
/// - `invalid <bytes> <summary>`: the document was received but not used (it is not valid JSON, or
///   some of its values could not be used); the viewer keeps showing the last good document and
///   lists the problems over it.
/// - `error <message>`: the message was refused (for example because it is too large).
public enum LiveReply: Hashable, Sendable, CustomStringConvertible {
    /// `ok`: the document of `byteCount` bytes was good and is shown.
    case shown(byteCount: Int)
    /// `invalid`: the document of `byteCount` bytes was not used; `summary` says why, on one line.
    case invalid(byteCount: Int, summary: String)
    /// `error`: the message was refused; the text says why.
    case refused(String)

    /// The line sent on the wire, without the newline.
    public var line: String {
        switch self {
        case .shown(let byteCount): return "ok \(byteCount)"
        case .invalid(let byteCount, let summary): return "invalid \(byteCount) \(Self.oneLine(summary))"
        case .refused(let message): return "error \(Self.oneLine(message))"
        }
    }

    /// Parses a line sent by the service (without its newline); nil when it is not a reply.
    public init?(line: String) {
        let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
        let parts = trimmed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard let kind = parts.first else { return nil }
        switch kind {
        case "ok":
            guard parts.count == 2, let count = Int(parts[1]) else { return nil }
            self = .shown(byteCount: count)
        case "invalid":
            guard parts.count >= 2, let count = Int(parts[1]) else { return nil }
            self = .invalid(byteCount: count, summary: parts.count == 3 ? parts[2] : "")
        case "error":
            guard parts.count >= 2 else { return nil }
            self = .refused(parts.dropFirst().joined(separator: " "))
        default:
            return nil
        }
    }

    public var description: String { line }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
