import Foundation
import HubFramework

/// One input, from libFuzzer: the first byte chooses the message size limit and the size of the
/// reads the stream is cut into (as the network might); the rest is the stream. Every cut must
/// yield the same messages as feeding the stream whole, and no message may exceed the limit.
func fuzzLiveFraming(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let control = bytes[0]
    // Limits from 0 to 1 KiB, so that both accepted and refused prefixes are common.
    let limit = Int(control & 0x0F) * 64
    let chunk = Int(control >> 4) + 1
    let stream = Data(bytes[1...])

    var whole = LiveMessageFramer(maximumMessageSize: limit)
    let reference = whole.append(stream)

    var pieces = LiveMessageFramer(maximumMessageSize: limit)
    var messages: [Data] = []
    var error: LiveFramingError?
    var offset = 0
    while offset < stream.count, error == nil {
        let end = min(offset + chunk, stream.count)
        let output = pieces.append(stream.subdata(in: offset..<end))
        messages += output.messages
        error = output.error
        offset = end
    }
    guard messages == reference.messages, error == reference.error else {
        fatalError("framing depends on how the stream was cut: \(messages.count) vs \(reference.messages.count) messages")
    }
    guard messages.allSatisfy({ $0.count <= limit }) else {
        fatalError("a message exceeds the limit of \(limit) bytes")
    }
    if let error { _ = error.description }

    // One message at a time, as the service reads them: `consumed` must let the caller resume.
    var stepwise = LiveMessageFramer(maximumMessageSize: limit)
    var rest = stream
    var stepped: [Data] = []
    while !rest.isEmpty {
        let output = stepwise.append(rest, maximumMessages: 1)
        stepped += output.messages
        guard output.consumed > 0 || output.error != nil || !output.messages.isEmpty else {
            fatalError("no progress with \(rest.count) bytes left")
        }
        if output.error != nil { break }
        // A slice of the same storage: no copy per message.
        rest = rest.dropFirst(output.consumed)
    }
    guard stepped == reference.messages else {
        fatalError("one message at a time gives \(stepped.count) messages, not \(reference.messages.count)")
    }

    // Replies built from any text must parse back to themselves.
    let text = String(decoding: stream.prefix(64), as: UTF8.self)
    let reply = LiveReply.refused(text)
    _ = LiveReply(line: reply.line)
    _ = LiveReply(line: text)
    return 0
}
