import Foundation

/// Parses UTF-8 JSON text (RFC 8259) into a `JSONValue`.
///
/// The parser works iteratively with an explicit stack, so hostile input cannot exhaust the call
/// stack: nesting deeper than `maximumDepth` arrays and objects is rejected with
/// `JSONError.tooDeep`. Every error carries the line, column and byte offset where it was found.
///
/// Details:
/// * Any value is accepted at the top level (objects, arrays and scalars); callers check the kind.
/// * A leading UTF-8 byte order mark is skipped. Other encodings (UTF-16, UTF-32) are rejected.
/// * Strings must be valid UTF-8; `\u` escapes must form valid scalars (a lone surrogate is an error).
/// * Numbers follow the JSON grammar strictly (no leading zeros, no `+`, no `.5`) and are stored as
///   `Double`; a number too large for a `Double` is an error.
/// * When an object repeats a key, the last value wins.
public struct JSONParser: Sendable {
    /// The default nesting limit: 512 levels of arrays and objects.
    public static let defaultMaximumDepth = 512

    /// The deepest nesting of arrays and objects accepted; deeper documents throw `JSONError.tooDeep`.
    public var maximumDepth: Int

    /// The longest number literal accepted, in characters; longer ones throw
    /// `JSONError.numberTooLong`. Unlimited by default (`Int.max`).
    public var maximumNumberLength: Int = .max

    /// Creates a parser.
    /// - Parameter maximumDepth: the deepest nesting of arrays and objects accepted; values below 1
    ///   count as 1.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = max(1, maximumDepth)
    }

    /// Creates a parser that enforces the nesting and number limits of `limits`.
    public init(limits: ContentLimits) {
        self.maximumDepth = limits.maximumNestingDepth
        self.maximumNumberLength = limits.maximumNumberLength
    }

    /// Parses `data`. Throws `JSONError.emptyData` for empty data.
    public func parse(_ data: Data) throws(JSONError) -> JSONValue {
        try parse(data, recording: nil)
    }

    /// Parses `data`, telling `recorder` where each value starts (hub-validate's).
    package func parse(_ data: Data, recording recorder: JSONOffsetRecorder?) throws(JSONError) -> JSONValue {
        if data.isEmpty { throw JSONError.emptyData }
        let result: Result<JSONValue, JSONError> = data.withUnsafeBytes { raw in
            parseResult(raw.bindMemory(to: UInt8.self), recording: recorder)
        }
        return try result.get()
    }

    /// Parses the UTF-8 form of `text`.
    public func parse(_ text: String) throws(JSONError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, JSONError> = text.withUTF8 { parseResult($0) }
        return try result.get()
    }

    /// Parses UTF-8 bytes.
    public func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        try parseResult(bytes).get()
    }

    private func parseResult(_ bytes: UnsafeBufferPointer<UInt8>, recording recorder: JSONOffsetRecorder? = nil)
        -> Result<JSONValue, JSONError>
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .failure(.emptyData) }
        var scanner = JSONScanner(base: base, count: bytes.count, maximumDepth: maximumDepth,
                                  maximumNumberLength: maximumNumberLength)
        do {
            return .success(try scanner.parseDocument(recording: recorder))
        } catch {
            return .failure(error)
        }
    }
}
