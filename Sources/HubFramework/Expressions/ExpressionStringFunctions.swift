/// String functions. Lengths and indices count characters (grapheme clusters: what a person sees
/// as one letter); searching compares Unicode scalars exactly (``ExpressionTextSearch``).
extension ExpressionFunctionList {
    mutating func addStringFunctions() {
        add("len", .string, .integer, "The number of characters in the string.") { s, _ throws(ExpressionError) in
            .integer(try s.string().count)
        }
        add("contains", .string, .string, .boolean, "Whether the first string contains the second.") { s, part, _ throws(ExpressionError) in
            .boolean(ExpressionTextSearch.contains(try part.string(), in: try s.string()))
        }
        add("substring", .string, .integer, .integer, .string,
            "The characters from the start index (included) to the end index (excluded), counting from 0.")
        { s, start, end, evaluation throws(ExpressionError) in
            let text = try s.string(), from = try start.integer(), to = try end.integer()
            guard from <= to else { throw ExpressionError(.outOfBounds, message: "Indexes should be in ascending order.") }
            guard from >= 0, to <= text.count else { throw ExpressionError(.outOfBounds, message: "Indexes are out of bounds.") }
            let lower = text.index(text.startIndex, offsetBy: from)
            let upper = text.index(lower, offsetBy: to - from)
            // A copy: a part of a large variable is a string built like any other.
            try evaluation.checkSize(text.utf8.distance(from: lower, to: upper))
            return .string(String(text[lower..<upper]))
        }
        add("replaceAll", .string, .string, .string, .string,
            "The first string with every occurrence of the second replaced by the third.")
        { s, target, replacement, evaluation throws(ExpressionError) in
            let text = try s.string(), pattern = try target.string(), with = try replacement.string()
            let offsets = ExpressionTextSearch.allByteOffsets(of: pattern, in: text)
            guard !offsets.isEmpty else { return s }
            let (growth, growthOverflow) = offsets.count.multipliedReportingOverflow(by: with.utf8.count - pattern.utf8.count)
            let (size, sizeOverflow) = text.utf8.count.addingReportingOverflow(growth)
            try evaluation.checkSize(growthOverflow || sizeOverflow ? .max : size)
            let bytes = Array(text.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count + growth)
            var position = 0
            for offset in offsets {
                out.append(contentsOf: bytes[position..<offset])
                out.append(contentsOf: with.utf8)
                position = offset + pattern.utf8.count
            }
            out.append(contentsOf: bytes[position...])
            return .string(String(decoding: out, as: UTF8.self))
        }
        add("index", .string, .string, .integer,
            "The character index of the first occurrence of the second string in the first, or -1.")
        { s, part, _ throws(ExpressionError) in
            try Self.characterIndex(of: part, in: s) { ExpressionTextSearch.firstByteOffset(of: $0, in: $1) }
        }
        add("lastIndex", .string, .string, .integer,
            "The character index of the last occurrence of the second string in the first, or -1.")
        { s, part, _ throws(ExpressionError) in
            try Self.characterIndex(of: part, in: s) { ExpressionTextSearch.lastByteOffset(of: $0, in: $1) }
        }
        add("encodeUri", .string, .string,
            "The string percent-encoded for a URI component: everything but ASCII letters, digits and `-_.!~*'()` is encoded.")
        { s, evaluation throws(ExpressionError) in
            let text = try s.string()
            let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)
            let encodedCount = text.utf8.reduce(0) { $0 + (unreserved.contains($1) ? 1 : 3) }
            try evaluation.checkSize(encodedCount)
            let hex = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(encodedCount)
            for byte in text.utf8 {
                if unreserved.contains(byte) {
                    out.append(byte)
                } else {
                    out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            return .string(String(decoding: out, as: UTF8.self))
        }
        add("decodeUri", .string, .string, "The string with its %XX sequences decoded (UTF-8).") { s, evaluation throws(ExpressionError) in
            // The decoded string is at most as long as the encoded one.
            try evaluation.checkSize(try s.string().utf8.count)
            let bytes = Array(try s.string().utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            func hexValue(_ byte: UInt8) -> UInt8? {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: nil
                }
            }
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                        throw ExpressionError(.invalidValue, message: "Malformed percent sequence at byte \(index).")
                    }
                    out.append(high << 4 | low)
                    index += 3
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else {
                throw ExpressionError(.invalidValue, message: "The decoded bytes are not UTF-8.")
            }
            return .string(text)
        }
        add("trim", .string, .string, "The string without whitespace at its start and end.") { s, evaluation throws(ExpressionError) in
            let text = try s.string()
            guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return .string("") }
            let last = text.lastIndex(where: { !$0.isWhitespace })!
            return .string(try Self.copy(text[first...last], &evaluation))
        }
        add("trimLeft", .string, .string, "The string without whitespace at its start.") { s, evaluation throws(ExpressionError) in
            .string(try Self.copy(try s.string().drop(while: \.isWhitespace), &evaluation))
        }
        add("trimRight", .string, .string, "The string without whitespace at its end.") { s, evaluation throws(ExpressionError) in
            let text = try s.string()
            guard let last = text.lastIndex(where: { !$0.isWhitespace }) else { return .string("") }
            return .string(try Self.copy(text[...last], &evaluation))
        }
        add("toUpperCase", .string, .string, "The string in upper case.") { s, evaluation throws(ExpressionError) in
            .string(try Self.caseMapped(try s.string(), &evaluation, ExpressionTextSearch.uppercased))
        }
        add("toLowerCase", .string, .string, "The string in lower case.") { s, evaluation throws(ExpressionError) in
            .string(try Self.caseMapped(try s.string(), &evaluation, ExpressionTextSearch.lowercased))
        }
        for (name, atStart) in [("padStart", true), ("padEnd", false)] {
            let place = atStart ? "start" : "end"
            for valueType in [ExpressionType.string, .integer] {
                add(name, valueType, .integer, .string, .string,
                    "The \(valueType == .integer ? "integer as text" : "string"), padded at its \(place) with the third argument, repeated, to the given number of characters.")
                { value, length, padding, evaluation throws(ExpressionError) in
                    let text = value.text, target = try length.integer(), pad = Array(try padding.string())
                    let count = text.count
                    guard target > count, !pad.isEmpty else { return .string(text) }
                    let missing = target - count
                    // The size first: whole repetitions of the padding, then the characters of a
                    // partial one; an Int that overflows is a size past any budget.
                    let padBytes = pad.reduce(0) { $0 + $1.utf8.count }
                    let partial = pad.prefix(missing % pad.count).reduce(0) { $0 + $1.utf8.count }
                    let (whole, overflow) = (missing / pad.count).multipliedReportingOverflow(by: padBytes)
                    let (withPartial, overflow2) = whole.addingReportingOverflow(partial)
                    let (size, overflow3) = withPartial.addingReportingOverflow(text.utf8.count)
                    try evaluation.checkSize(overflow || overflow2 || overflow3 ? .max : size)
                    var padded = ""
                    padded.reserveCapacity(whole + partial)
                    for index in 0..<missing { padded.append(pad[index % pad.count]) }
                    return .string(atStart ? padded + text : text + padded)
                }
            }
        }
    }

    /// A part of a string as a string of its own: a copy, refused when it would pass the budget.
    /// The character index in `s` of the occurrence of `part` that `find` finds (given the two
    /// strings, the occurrence's byte offset), or -1 when there is none: `index` and `lastIndex`.
    private static func characterIndex(of part: ExpressionValue, in s: ExpressionValue,
                                       _ find: (String, String) -> Int?) throws(ExpressionError) -> ExpressionValue
    {
        let text = try s.string()
        guard let offset = find(try part.string(), text) else { return .integer(-1) }
        return .integer(ExpressionTextSearch.characterOffset(ofByteOffset: offset, in: text))
    }

    private static func copy(_ part: Substring, _ evaluation: inout ExpressionEvaluation) throws(ExpressionError) -> String {
        try evaluation.checkSize(part.utf8.count)
        return String(part)
    }

    /// A case mapping, within the budget: a mapping at most triples a string's size in UTF-8, so a
    /// string more than three times the budget is refused before it is mapped.
    private static func caseMapped(_ text: String, _ evaluation: inout ExpressionEvaluation,
                                   _ mapping: (String) -> String) throws(ExpressionError) -> String
    {
        if text.utf8.count / 3 > evaluation.maximumValueBytes { try evaluation.checkSize(text.utf8.count / 3 + 1) }
        let mapped = mapping(text)
        try evaluation.checkSize(mapped.utf8.count)
        return mapped
    }
}
