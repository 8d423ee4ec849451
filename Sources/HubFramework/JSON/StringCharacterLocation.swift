import Foundation

extension JSONSourceLocation {
    /// The location of the character `scalarOffset` (in Unicode scalars of the decoded string) of
    /// the JSON string value that starts here (at its opening quote) in `data`: an expression's
    /// problem is reported at the character it is about, not at the start of the string.
    ///
    /// The string's escapes are walked as they are written: `\"` or `\n` is one character of the
    /// value but two columns of the document, `\u00e9` six, a surrogate pair twelve; a character
    /// written in UTF-8 is one column, whatever its bytes. A JSON string holds no raw line break,
    /// so the line stays. An offset past the string's end gives its closing quote. Nil when no
    /// string starts here (a problem located at an object, as a templated component's field that
    /// the document does not write out is). hub-validate and ``ViewModelPatchError`` locate
    /// expressions' problems with it.
    package func insideString(atScalar scalarOffset: Int, in data: Data) -> JSONSourceLocation? {
        data.withUnsafeBytes { raw -> JSONSourceLocation? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            var index = offset + 1
            var columns = 1
            var scalars = 0
            while scalars < scalarOffset, index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let width = Self.encodedWidth(at: index, in: bytes)
                index += width.bytes
                columns += width.columns
                scalars += 1
            }
            return JSONSourceLocation(offset: min(index, bytes.count), line: line, column: column + columns)
        }
    }

    /// How many bytes and columns the one character of a string value written at `index` takes.
    private static func encodedWidth(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (bytes: Int, columns: Int) {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\\") else {
            // A UTF-8 sequence: its length from the lead byte; one column.
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return (min(length, bytes.count - index), 1)
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return (2, 2) }
        // `\uD83D\uDE00`: a surrogate pair is one character, written as two escapes.
        if let high = hexValue(at: index + 2, in: bytes), (0xD800..<0xDC00).contains(high),
            index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
            let low = hexValue(at: index + 8, in: bytes), (0xDC00..<0xE000).contains(low)
        {
            return (12, 12)
        }
        return (6, 6)
    }

    /// The four hexadecimal digits at `index` as a number, nil when they are not that.
    private static func hexValue(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
