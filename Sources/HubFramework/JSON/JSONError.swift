/// A position in a JSON document, for error messages.
public struct JSONSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Zero-based byte offset from the start of the data.
    public let offset: Int
    /// One-based line number (lines end with `\n`).
    public let line: Int
    /// One-based column, counted in Unicode scalars from the start of the line.
    public let column: Int

    /// Creates a location from its three coordinates (the parser computes them; tests compare
    /// against them).
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Computes the line and column of `offset` in UTF-8 `bytes`.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self = Self.locations(of: [offset], in: bytes)[offset]!
    }

    /// The locations of several offsets, found in one pass over `bytes` (the validator locates every
    /// problem of a document at once). Offsets past the end count as the end.
    package static func locations(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [Int: JSONSourceLocation] {
        var result: [Int: JSONSourceLocation] = [:]
        var line = 1
        var column = 1
        var index = 0
        for offset in Set(offsets).sorted() {
            let end = min(offset, bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // Count lead bytes and ASCII only, so a multi-byte character is one column.
                    column += 1
                }
                index += 1
            }
            result[offset] = JSONSourceLocation(offset: offset, line: line, column: column)
        }
        return result
    }

    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}

/// Why JSON data could not be used. Every case reads well when printed.
public enum JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data was empty.
    case emptyData
    /// The data is not valid JSON; `reason` says what was wrong at `location`.
    case invalidJSON(reason: String, location: JSONSourceLocation)
    /// Arrays and objects were nested deeper than the parser's limit.
    case tooDeep(maximumDepth: Int, location: JSONSourceLocation)
    /// A number literal is longer than the parser's limit (see ``ContentLimits/maximumNumberLength``).
    case numberTooLong(maximumLength: Int, location: JSONSourceLocation)
    /// The document is valid JSON, but its top-level value has a kind the receiver cannot use
    /// (for example an array given to a component model builder).
    case unexpectedTopLevelValue(expected: String, found: String)

    public var description: String {
        switch self {
        case .emptyData:
            return "The JSON data is empty."
        case .invalidJSON(let reason, let location):
            return "Invalid JSON at \(location): \(reason)."
        case .tooDeep(let maximumDepth, let location):
            return "The JSON nests arrays and objects deeper than \(maximumDepth) levels at \(location)."
        case .numberTooLong(let maximumLength, let location):
            return "The JSON has a number longer than \(maximumLength) characters at \(location)."
        case .unexpectedTopLevelValue(let expected, let found):
            return "Expected \(expected) at the top level of the JSON, found \(found)."
        }
    }
}
