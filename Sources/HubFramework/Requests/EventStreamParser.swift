import Foundation

/// Reads the `text/event-stream` format (the HTML standard's server-sent events) as its bytes
/// arrive, in chunks cut anywhere: lines end with LF, CR or CRLF; `data:` lines join with a newline;
/// `event:`, `id:` and `retry:` set the event's type, the stream's last event identifier and the
/// reconnection delay; a line starting with `:` is a comment (a keep-alive); an empty line
/// dispatches the event. A field with no colon is a field with an empty value.
///
/// Bounded: an event (its data and type) larger than `maximumEventBytes`, or a line longer than
/// that, is an error as soon as it is, before it is held whole.
package struct EventStreamParser: Sendable {
    /// One event.
    package struct Event: Sendable, Equatable {
        /// The `event:` field, `message` when there was none.
        package var type: String
        /// The `data:` lines, joined with newlines.
        package var data: String
        /// The stream's last event identifier when the event was dispatched.
        package var lastEventID: String

        package init(type: String, data: String, lastEventID: String) {
            self.type = type
            self.data = data
            self.lastEventID = lastEventID
        }
    }

    /// Why the stream cannot be read further.
    package enum Failure: Error, Equatable, Sendable {
        /// An event or a line passed `maximumEventBytes`.
        case eventTooLarge(limit: Int)
    }

    let maximumEventBytes: Int
    private var line: [UInt8] = []
    private var lastByteWasCR = false
    private var data: [UInt8] = []
    private var hasData = false
    private var type = ""
    private(set) var lastEventID = ""
    /// The reconnection delay the stream asked for (`retry:`), in milliseconds.
    private(set) var retryMilliseconds: Int?
    /// Whether the stream's first bytes have been read (a byte order mark there is skipped).
    private var started = false

    package init(maximumEventBytes: Int) {
        self.maximumEventBytes = max(1, maximumEventBytes)
    }

    /// Reads `bytes`, returning the events they complete.
    package mutating func feed(_ bytes: Data) throws(Failure) -> [Event] {
        var events: [Event] = []
        var slice = bytes[...]
        if !started, !slice.isEmpty {
            started = true
            if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        }
        for byte in slice {
            if byte == 0x0A, lastByteWasCR {
                lastByteWasCR = false
                continue
            }
            lastByteWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = try endLine() { events.append(event) }
            } else {
                line.append(byte)
                if line.count > maximumEventBytes { throw .eventTooLarge(limit: maximumEventBytes) }
            }
        }
        return events
    }

    /// The line read so far is complete: a field, a comment, or the empty line that dispatches.
    private mutating func endLine() throws(Failure) -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let name: [UInt8]
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = Array(line[..<colon])
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count + type.utf8.count > maximumEventBytes { throw .eventTooLarge(limit: maximumEventBytes) }
        case "event":
            type = String(decoding: value, as: UTF8.self)
        case "id":
            // An identifier holding NUL is ignored, as the standard says.
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }), value.count <= 9 {
                retryMilliseconds = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> Event? {
        defer {
            data.removeAll(keepingCapacity: false)
            hasData = false
            type = ""
        }
        guard hasData else { return nil }
        return Event(type: type.isEmpty ? "message" : type, data: String(decoding: data, as: UTF8.self),
                     lastEventID: lastEventID)
    }
}
