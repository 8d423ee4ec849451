import Foundation

enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let upperE = UInt8(ascii: "E")
}

/// Exact powers of ten representable as `Double` (for the fast number path).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

struct JSONScanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    let maximumDepth: Int
    let maximumNumberLength: Int
    var index = 0

    init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int, maximumNumberLength: Int) {
        self.base = base
        self.count = count
        self.maximumDepth = maximumDepth
        self.maximumNumberLength = maximumNumberLength
    }

    // MARK: Errors

    func location(_ offset: Int) -> JSONSourceLocation {
        JSONSourceLocation(offset: offset, in: UnsafeBufferPointer(start: base, count: count))
    }

    func invalid(_ reason: String, at offset: Int) -> JSONError {
        .invalidJSON(reason: reason, location: location(offset))
    }

    /// Describes what sits at `offset`, for messages.
    func found(at offset: Int) -> String {
        guard offset < count else { return "the end of the data" }
        let byte = base[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case ASCII.space: return "a space"
        case ASCII.newline: return "a line break"
        case ASCII.tab: return "a tab"
        case ASCII.carriageReturn: return "a carriage return"
        default: return "the byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    /// The data ends inside an array or object.
    func endInside(isObject: Bool) -> JSONError {
        invalid("unexpected end of the data inside \(isObject ? "an object" : "an array")", at: index)
    }

    /// Something other than `,` or the closing bracket follows a member or an element.
    func expectedSeparator(isObject: Bool) -> JSONError {
        invalid(isObject ? "expected ',' or '}' after an object member, found \(found(at: index))"
            : "expected ',' or ']' after an array element, found \(found(at: index))", at: index)
    }

    /// What is at the index does not start a value.
    func expectedValue() -> JSONError {
        invalid("expected a value, found \(found(at: index))", at: index)
    }

    // MARK: Document

    /// Parses a whole document (byte order mark, one value, nothing after it); `recorder`, when
    /// given, notes where each value starts (hub-validate's).
    mutating func parseDocument(recording recorder: JSONOffsetRecorder? = nil) throws(JSONError) -> JSONValue {
        recorder?.startDocument()
        try skipByteOrderMark()
        let value = try parseValue(enclosingDepth: 0, recording: recorder)
        try expectEndOfData()
        return value
    }

    /// Throws unless only white space is left.
    mutating func expectEndOfData() throws(JSONError) {
        skipWhitespace()
        if index < count {
            throw invalid("unexpected \(found(at: index)) after the end of the JSON value", at: index)
        }
    }

    /// Skips a leading UTF-8 byte order mark; throws for data that looks like UTF-16 or UTF-32.
    mutating func skipByteOrderMark() throws(JSONError) {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { index = 3 }
        if count >= 2 && ((base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE)
            || base[0] == 0 || base[1] == 0)
        {
            throw invalid("the data is not UTF-8 (it looks like UTF-16 or UTF-32)", at: 0)
        }
    }

    /// Parses the one value at the index (after whitespace) and leaves the index right after it.
    /// `enclosingDepth` is the number of arrays and objects around the value in the document: the
    /// depth limit and the error messages count them, so a value read on its own in the middle of a
    /// document fails exactly as it would in a parse of the whole document. The caller checks that
    /// the data does not end before the value (its message names the enclosing container).
    ///
    /// `recorder`, when given, is told where the value and each value inside it start and which
    /// member or element is being read (the value itself is the one the recorder has open).
    mutating func parseValue(enclosingDepth: Int, recording recorder: JSONOffsetRecorder? = nil) throws(JSONError)
        -> JSONValue
    {
        // The container being filled lives in `currentArray`/`currentObject`; its ancestors are
        // parked on the stacks. Moving containers in and out keeps every append in place.
        var parentIsObject: [Bool] = []
        var arrayStack: [[JSONValue]] = []
        var objectStack: [[String: JSONValue]] = []
        var keyStack: [String] = []
        var currentArray: [JSONValue] = []
        var currentObject: [String: JSONValue] = [:]
        var currentKey = ""
        var inObject = false
        // Containers opened by this call; `enclosingDepth + depth` is the depth in the document.
        var depth = 0

        parseValue: while true {
            skipWhitespace()
            guard index < count else {
                throw enclosingDepth + depth == 0 ? expectedValue() : endInside(isObject: inObject)
            }
            recorder?.value(at: index)
            var value: JSONValue
            let byte = base[index]
            switch byte {
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = byte == ASCII.openBrace
                if enclosingDepth + depth >= maximumDepth {
                    throw JSONError.tooDeep(maximumDepth: maximumDepth, location: location(index))
                }
                index += 1
                skipWhitespace()
                if index < count && base[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                    value = isObject ? .object([:]) : .array([])
                } else {
                    if depth > 0 {
                        parentIsObject.append(inObject)
                        if inObject {
                            objectStack.append(currentObject)
                            keyStack.append(currentKey)
                        } else {
                            arrayStack.append(currentArray)
                        }
                    }
                    depth += 1
                    inObject = isObject
                    if isObject {
                        currentObject = [:]
                        currentKey = try parseKeyString()
                        recorder?.enter(.key(currentKey))
                        try expectColon()
                    } else {
                        currentArray = []
                        recorder?.enter(.index(0))
                    }
                    continue parseValue
                }
            case ASCII.quote:
                index += 1
                value = .string(try parseString())
            case ASCII.minus, ASCII.zero...ASCII.nine:
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw expectedValue()
            }

            // A value is complete: store it in its container, then close containers as needed.
            while true {
                if depth == 0 { return value }
                recorder?.leave()
                skipWhitespace()
                guard index < count else { throw endInside(isObject: inObject) }
                let separator = base[index]
                if inObject {
                    currentObject[currentKey] = value
                    if separator == ASCII.comma {
                        index += 1
                        currentKey = try parseKeyString()
                        recorder?.enter(.key(currentKey))
                        try expectColon()
                        continue parseValue
                    }
                    guard separator == ASCII.closeBrace else { throw expectedSeparator(isObject: true) }
                    index += 1
                    value = .object(currentObject)
                } else {
                    currentArray.append(value)
                    if separator == ASCII.comma {
                        index += 1
                        recorder?.enter(.index(currentArray.count))
                        continue parseValue
                    }
                    guard separator == ASCII.closeBracket else { throw expectedSeparator(isObject: false) }
                    index += 1
                    value = .array(currentArray)
                }
                depth -= 1
                if depth > 0 {
                    inObject = parentIsObject.removeLast()
                    if inObject {
                        currentObject = objectStack.removeLast()
                        currentKey = keyStack.removeLast()
                    } else {
                        currentArray = arrayStack.removeLast()
                    }
                } else {
                    currentObject = [:]
                    currentArray = []
                }
            }
        }
    }

    // MARK: Pieces

    mutating func skipWhitespace() {
        while index < count {
            let byte = base[index]
            if byte == ASCII.space || byte == ASCII.newline || byte == ASCII.carriageReturn || byte == ASCII.tab {
                index += 1
            } else {
                return
            }
        }
    }

    /// Parses a member's key, up to its closing quote.
    mutating func parseKeyString() throws(JSONError) -> String {
        skipWhitespace()
        guard index < count, base[index] == ASCII.quote else {
            throw invalid("expected a string key in an object, found \(found(at: index))", at: index)
        }
        index += 1
        return try parseString()
    }

    /// Expects the `:` after a key and leaves the index on the value.
    mutating func expectColon() throws(JSONError) {
        skipWhitespace()
        guard index < count, base[index] == ASCII.colon else {
            throw invalid("expected ':' after an object key, found \(found(at: index))", at: index)
        }
        index += 1
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let length = literal.utf8CodeUnitCount
        let start = index
        let bytes = literal.utf8Start
        var offset = 0
        while offset < length {
            guard start + offset < count, base[start + offset] == bytes[offset] else {
                throw invalid("expected a value, found \(found(at: start))", at: start)
            }
            offset += 1
        }
        index = start + length
    }

    /// Parses a string whose opening quote was consumed; leaves the index after the closing quote.
    mutating func parseString() throws(JSONError) -> String {
        let start = index
        var cursor = index
        var sawNonASCII = false
        // Skip eight bytes at a time while none of them is a quote, a backslash or a control character.
        let raw = UnsafeRawPointer(base)
        while cursor + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            if hasSpecialStringByte(word) { break }
            if word & highBits != 0 { sawNonASCII = true }
            cursor += 8
        }
        while cursor < count {
            let byte = base[cursor]
            if byte == ASCII.quote {
                index = cursor + 1
                let bytes = UnsafeBufferPointer(start: base + start, count: cursor - start)
                if !sawNonASCII { return String(decoding: bytes, as: UTF8.self) }
                if let string = String(validating: bytes, as: UTF8.self) { return string }
                throw invalid("a string contains invalid UTF-8", at: start + firstInvalidUTF8Offset(bytes))
            }
            if byte == ASCII.backslash {
                return try parseEscapedString(start: start, firstEscape: cursor)
            }
            if byte < 0x20 {
                throw invalid("a string contains an unescaped control character (0x\(String(byte, radix: 16, uppercase: true)))", at: cursor)
            }
            if byte >= 0x80 { sawNonASCII = true }
            cursor += 1
        }
        throw invalid("a string is not terminated", at: start - 1)
    }

    /// The bytes of the string whose first byte (after its opening quote) is at the index, when they
    /// are printable ASCII without escapes, and the index past its closing quote: such a string is
    /// valid JSON and UTF-8 as it lies, and can be copied from the document as it is. Nil, with the
    /// index unmoved, for any other string, which `parseString` reads (and reports).
    mutating func scanPlainASCIIString() -> Range<Int>? {
        let start = index
        var cursor = index
        let raw = UnsafeRawPointer(base)
        while cursor + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            if hasSpecialStringByte(word) || word & highBits != 0 { break }
            cursor += 8
        }
        while cursor < count {
            let byte = base[cursor]
            if byte == ASCII.quote {
                index = cursor + 1
                return start..<cursor
            }
            if byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 { return nil }
            cursor += 1
        }
        return nil
    }

    /// The range of the JSON value at the index, and the index past it, when it is written plainly:
    /// objects and arrays (within the depth limit, counting `enclosingDepth`, and at most 32 deep),
    /// strings of printable ASCII without escapes, numbers without an exponent (within the number
    /// limit and a `Double`'s range), `true`, `false` and `null`, with no `@` anywhere (so no
    /// expression). `parseValue` reads such a value without an error from wherever its bytes are
    /// copied. Nil, with the index unmoved, for any other value, which `parseValue` reads (and
    /// reports). Nothing is made: a row's custom data is checked this way and kept as its bytes
    /// (`ComponentRowStore.Extras`).
    mutating func skipPlainValue(enclosingDepth: Int) -> Range<Int>? {
        let start = index
        // A bit a container, set for an object: what closes it and whether a key comes next.
        var objects: UInt32 = 0
        var depth = 0
        func plainKey(_ scanner: inout JSONScanner) -> Bool {
            scanner.skipWhitespace()
            guard scanner.index < scanner.count, scanner.base[scanner.index] == ASCII.quote else { return false }
            scanner.index += 1
            guard scanner.scanPlainASCIIString() != nil else { return false }
            scanner.skipWhitespace()
            guard scanner.index < scanner.count, scanner.base[scanner.index] == ASCII.colon else { return false }
            scanner.index += 1
            return true
        }
        value: while true {
            skipWhitespace()
            guard index < count else { break value }
            switch base[index] {
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = base[index] == ASCII.openBrace
                guard depth < 32, enclosingDepth + depth < maximumDepth else { break value }
                index += 1
                skipWhitespace()
                if index < count && base[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                } else {
                    if isObject { objects |= 1 << UInt32(depth) } else { objects &= ~(1 << UInt32(depth)) }
                    depth += 1
                    if isObject, !plainKey(&self) { break value }
                    continue value
                }
            case ASCII.quote:
                index += 1
                guard scanPlainASCIIString() != nil else { break value }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                guard skipPlainNumber() else { break value }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard (try? expectLiteral(base[index] == UInt8(ascii: "t") ? "true" : base[index] == UInt8(ascii: "f") ? "false" : "null")) != nil
                else { break value }
            default:
                break value
            }
            // A value ended: separators and closings until the next value or the end.
            while depth > 0 {
                skipWhitespace()
                guard index < count else { break value }
                let isObject = objects & (1 << UInt32(depth - 1)) != 0
                let byte = base[index]
                index += 1
                if byte == ASCII.comma {
                    if isObject, !plainKey(&self) { break value }
                    continue value
                }
                guard byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else { break value }
                depth -= 1
            }
            guard memchr(base + start, Int32(UInt8(ascii: "@")), index - start) == nil else { break value }
            return start..<index
        }
        index = start
        return nil
    }

    /// Skips a number at the index written `-?(0|[1-9][0-9]*)(.[0-9]+)?`, within the number limit
    /// and with at most 308 digits before the point; false, with the index anywhere, for any other.
    /// (`parseNumber` refuses a value past a `Double`'s range, about 1.8e308, as too large: with 309
    /// digits or more it may be, whatever the limit lets through.)
    private mutating func skipPlainNumber() -> Bool {
        let start = index
        if base[index] == ASCII.minus { index += 1 }
        func digits(_ scanner: inout JSONScanner) -> Int {
            let first = scanner.index
            while scanner.index < scanner.count, scanner.base[scanner.index] >= ASCII.zero,
                scanner.base[scanner.index] <= ASCII.nine { scanner.index += 1 }
            return scanner.index - first
        }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0, integerDigits <= 308, integerDigits == 1 || base[integerStart] != ASCII.zero
        else { return false }
        if index < count, base[index] == ASCII.dot {
            index += 1
            guard digits(&self) > 0 else { return false }
        }
        if index < count, base[index] == ASCII.lowerE || base[index] == ASCII.upperE { return false }
        return index - start <= maximumNumberLength
    }

    /// The slow path of `parseString`, for strings with escapes.
    mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(firstEscape - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstEscape - start))
        var cursor = firstEscape
        while cursor < count {
            let byte = base[cursor]
            if byte == ASCII.quote {
                index = cursor + 1
                if let string = String(validating: buffer, as: UTF8.self) { return string }
                // Escapes always produce valid UTF-8, so the culprit is a raw byte: find it in the input.
                let raw = UnsafeBufferPointer(start: base + start, count: cursor - start)
                throw invalid("a string contains invalid UTF-8", at: start + firstInvalidUTF8Offset(raw))
            }
            if byte < 0x20 {
                throw invalid("a string contains an unescaped control character (0x\(String(byte, radix: 16, uppercase: true)))", at: cursor)
            }
            if byte != ASCII.backslash {
                buffer.append(byte)
                cursor += 1
                continue
            }
            let escapeStart = cursor
            cursor += 1
            guard cursor < count else { break }
            switch base[cursor] {
            case ASCII.quote: buffer.append(ASCII.quote)
            case ASCII.backslash: buffer.append(ASCII.backslash)
            case ASCII.slash: buffer.append(ASCII.slash)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(ASCII.newline)
            case UInt8(ascii: "r"): buffer.append(ASCII.carriageReturn)
            case UInt8(ascii: "t"): buffer.append(ASCII.tab)
            case UInt8(ascii: "u"):
                var scalarValue = try hexQuad(at: cursor + 1, escapeStart: escapeStart)
                cursor += 4
                if scalarValue >= 0xD800 && scalarValue < 0xDC00 {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard cursor + 2 < count, base[cursor + 1] == ASCII.backslash, base[cursor + 2] == UInt8(ascii: "u")
                    else {
                        throw invalid("a \\u escape is an unpaired high surrogate", at: escapeStart)
                    }
                    let low = try hexQuad(at: cursor + 3, escapeStart: cursor + 1)
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw invalid("a \\u escape is an unpaired high surrogate", at: escapeStart)
                    }
                    scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    cursor += 6
                } else if scalarValue >= 0xDC00 && scalarValue < 0xE000 {
                    throw invalid("a \\u escape is an unpaired low surrogate", at: escapeStart)
                }
                // Every remaining value is a valid scalar.
                appendUTF8(scalarValue, to: &buffer)
            default:
                throw invalid("invalid escape sequence in a string: a backslash followed by \(found(at: cursor))", at: escapeStart)
            }
            cursor += 1
        }
        throw invalid("a string is not terminated", at: start - 1)
    }

    func hexQuad(at offset: Int, escapeStart: Int) throws(JSONError) -> UInt32 {
        guard offset + 4 <= count else {
            throw invalid("a \\u escape needs four hexadecimal digits", at: escapeStart)
        }
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw invalid("a \\u escape needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | (scalar >> 6)))
            buffer.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | (scalar >> 12)))
            buffer.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            buffer.append(UInt8(0xF0 | (scalar >> 18)))
            buffer.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            buffer.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Parses a number at the index; leaves the index after it.
    mutating func parseNumber() throws(JSONError) -> Double {
        let start = index
        var cursor = index
        let negative = base[cursor] == ASCII.minus
        if negative { cursor += 1 }

        var mantissa: UInt64 = 0
        var digitCount = 0
        var decimalExponent = 0

        guard cursor < count, base[cursor] >= ASCII.zero && base[cursor] <= ASCII.nine else {
            throw invalid("expected a digit in a number, found \(found(at: cursor))", at: cursor)
        }
        if base[cursor] == ASCII.zero {
            cursor += 1
            if cursor < count && base[cursor] >= ASCII.zero && base[cursor] <= ASCII.nine {
                throw invalid("numbers must not have leading zeros", at: start)
            }
        } else {
            while cursor < count {
                let byte = base[cursor]
                guard byte >= ASCII.zero && byte <= ASCII.nine else { break }
                if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(byte - ASCII.zero)
                } else {
                    decimalExponent += 1
                }
                digitCount += 1
                cursor += 1
            }
        }
        var exact = digitCount <= 19
        var isInteger = true
        if cursor < count && base[cursor] == ASCII.dot {
            isInteger = false
            cursor += 1
            guard cursor < count, base[cursor] >= ASCII.zero && base[cursor] <= ASCII.nine else {
                throw invalid("expected a digit after the decimal point, found \(found(at: cursor))", at: cursor)
            }
            while cursor < count {
                let byte = base[cursor]
                guard byte >= ASCII.zero && byte <= ASCII.nine else { break }
                if mantissa == 0 && byte == ASCII.zero {
                    decimalExponent -= 1  // leading zeros of the fraction are not significant
                } else if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(byte - ASCII.zero)
                    decimalExponent -= 1
                    digitCount += 1
                } else {
                    exact = false
                }
                cursor += 1
            }
        }
        if cursor < count && (base[cursor] == ASCII.lowerE || base[cursor] == ASCII.upperE) {
            isInteger = false
            cursor += 1
            var exponentNegative = false
            if cursor < count && (base[cursor] == ASCII.plus || base[cursor] == ASCII.minus) {
                exponentNegative = base[cursor] == ASCII.minus
                cursor += 1
            }
            guard cursor < count, base[cursor] >= ASCII.zero && base[cursor] <= ASCII.nine else {
                throw invalid("expected a digit in the exponent of a number, found \(found(at: cursor))", at: cursor)
            }
            var exponent = 0
            while cursor < count {
                let byte = base[cursor]
                guard byte >= ASCII.zero && byte <= ASCII.nine else { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(byte - ASCII.zero) }
                cursor += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if cursor - start > maximumNumberLength {
            throw JSONError.numberTooLong(maximumLength: maximumNumberLength, location: location(start))
        }
        index = cursor

        // Fast path (exact): a mantissa below 2^53 scaled by an exactly representable power of ten.
        if exact && mantissa <= (1 << 53) {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if isInteger || decimalExponent == 0 {
                let value = Double(mantissa)
                return negative ? -value : value
            }
            if decimalExponent > 0 && decimalExponent <= 22 {
                let value = Double(mantissa) * exactPowersOfTen[decimalExponent]
                return negative ? -value : value
            }
            if decimalExponent < 0 && decimalExponent >= -22 {
                let value = Double(mantissa) / exactPowersOfTen[-decimalExponent]
                return negative ? -value : value
            }
        }
        // Slow path: the standard library's correctly rounded conversion (independent of the locale).
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: cursor - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw invalid("the number \(text) is too large", at: start)
        }
        return value
    }
}

private let lowBits: UInt64 = 0x0101_0101_0101_0101
private let highBits: UInt64 = 0x8080_8080_8080_8080

/// True when one of the eight bytes of `word` is a quote, a backslash or below 0x20.
/// (`(x - 0x01…) & ~x & 0x80…` is non-zero exactly when some byte of `x` is zero.)
@inline(__always)
private func hasSpecialStringByte(_ word: UInt64) -> Bool {
    let quotes = word ^ (lowBits &* UInt64(ASCII.quote))
    let backslashes = word ^ (lowBits &* UInt64(ASCII.backslash))
    let hasQuote = (quotes &- lowBits) & ~quotes & highBits
    let hasBackslash = (backslashes &- lowBits) & ~backslashes & highBits
    let hasControl = (word &- lowBits &* 0x20) & ~word & highBits
    return (hasQuote | hasBackslash | hasControl) != 0
}

/// The offset of the first byte that breaks UTF-8 in `bytes` (or `bytes.count` when valid).
private func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            offset += UTF8.width(scalar)
        case .emptyInput:
            return bytes.count
        case .error:
            return offset
        }
    }
}
