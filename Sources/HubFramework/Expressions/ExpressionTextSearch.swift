/// Finding text in text, byte by byte over UTF-8: exact matches of Unicode scalars, without
/// normalization (as DivKit on Android compares code units). UTF-8 is self-synchronizing, so a
/// match never starts or ends inside a scalar. Short patterns are compared directly, long ones with
/// Knuth–Morris–Pratt, so a search is linear in the text whatever the data.
enum ExpressionTextSearch {
    /// Byte offsets of the first match of `needle` in `haystack`, or nil.
    static func firstByteOffset(of needle: String, in haystack: String, from start: Int = 0) -> Int? {
        var needle = needle
        var haystack = haystack
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pattern -> Int? in
                guard pattern.count > 0 else { return start <= hay.count ? start : nil }
                guard start <= hay.count, hay.count - start >= pattern.count else { return nil }
                return find(pattern, in: hay, from: start)
            }
        }
    }

    /// Whether `needle` occurs in `haystack`; an empty needle occurs everywhere.
    static func contains(_ needle: String, in haystack: String) -> Bool {
        firstByteOffset(of: needle, in: haystack) != nil
    }

    /// Byte offset of the last match, or nil; an empty needle matches at the end.
    static func lastByteOffset(of needle: String, in haystack: String) -> Int? {
        var needle = needle
        var haystack = haystack
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern -> Int? in
                let count = pattern.count
                guard count > 0 else { return text.count }
                guard text.count >= count else { return nil }
                if count <= 32 {
                    var index = text.count - count
                    while index >= 0 {
                        var matched = 0
                        while matched < count, text[index + matched] == pattern[matched] { matched += 1 }
                        if matched == count { return index }
                        index -= 1
                    }
                    return nil
                }
                let failure = failureTable(pattern)
                var matched = 0
                var last: Int?
                for index in 0..<text.count {
                    while matched > 0, text[index] != pattern[matched] { matched = failure[matched - 1] }
                    if text[index] == pattern[matched] { matched += 1 }
                    if matched == count {
                        last = index - count + 1
                        matched = failure[matched - 1]
                    }
                }
                return last
            }
        }
    }

    /// Byte offsets of every match, without overlaps, left to right (`replaceAll`).
    static func allByteOffsets(of needle: String, in haystack: String) -> [Int] {
        guard !needle.isEmpty else { return [] }
        var offsets: [Int] = []
        var start = 0
        while let found = firstByteOffset(of: needle, in: haystack, from: start) {
            offsets.append(found)
            start = found + needle.utf8.count
        }
        return offsets
    }

    /// The character (grapheme cluster) offset of a byte offset in `text`.
    static func characterOffset(ofByteOffset offset: Int, in text: String) -> Int {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return text.distance(from: text.startIndex, to: index)
    }

    /// `text` in lower case: each scalar's full lowercase mapping, as `String.lowercased()` gives
    /// it, computed faster: ASCII text is mapped byte by byte straight into the new string, other
    /// text maps ASCII bytes directly and looks other scalars up only when they change, and a string
    /// with nothing to change is returned as it is (no copy).
    static func lowercased(_ text: String) -> String {
        caseMapped(text, toLower: true)
    }

    /// `text` in upper case, in the same way.
    static func uppercased(_ text: String) -> String {
        caseMapped(text, toLower: false)
    }

    private static func caseMapped(_ text: String, toLower: Bool) -> String {
        let asciiFirst = toLower ? UInt8(ascii: "A") : UInt8(ascii: "a")
        let asciiLast = toLower ? UInt8(ascii: "Z") : UInt8(ascii: "z")
        func changes(_ scalar: Unicode.Scalar) -> Bool {
            toLower ? scalar.properties.changesWhenLowercased : scalar.properties.changesWhenUppercased
        }
        let original = text
        var text = text
        return text.withUTF8 { bytes -> String in
            if let ascii = mappedASCII(bytes, original: original, from: asciiFirst, through: asciiLast) { return ascii }
            // Where the first change is, if any.
            var index = 0
            var firstChange: Int?
            while index < bytes.count, firstChange == nil {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte >= asciiFirst && byte <= asciiLast { firstChange = index }
                    index += 1
                } else {
                    let (scalar, length) = decode(bytes, at: index)
                    if changes(scalar) { firstChange = index }
                    index += length
                }
            }
            guard let firstChange else { return original }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            out.append(contentsOf: bytes[0..<firstChange])
            index = firstChange
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    out.append(byte >= asciiFirst && byte <= asciiLast ? byte ^ 0x20 : byte)
                    index += 1
                } else {
                    let (scalar, length) = decode(bytes, at: index)
                    if changes(scalar) {
                        let mapped = toLower ? scalar.properties.lowercaseMapping : scalar.properties.uppercaseMapping
                        out.append(contentsOf: mapped.utf8)
                    } else {
                        out.append(contentsOf: bytes[index..<(index + length)])
                    }
                    index += length
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// ASCII text with the letters in `first...last` flipped to the other case, written straight
    /// into the new string's storage; `original` when none is; nil as soon as a byte is not ASCII
    /// (the scan stops there).
    private static func mappedASCII(_ bytes: UnsafeBufferPointer<UInt8>, original: String, from first: UInt8,
                                    through last: UInt8) -> String?
    {
        var needsChange = false
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= first && byte <= last { needsChange = true }
        }
        guard needsChange else { return original }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            for index in 0..<bytes.count {
                let byte = bytes[index]
                out[index] = byte >= first && byte <= last ? byte ^ 0x20 : byte
            }
            return bytes.count
        }
    }

    /// The scalar starting at a lead byte of valid UTF-8 (a String's bytes always are), and its
    /// length in bytes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
        var value = lead & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
        for offset in 1..<length {
            value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The offset of the first match of a non-empty `pattern` at or after `start`.
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = pattern.count
        let last = text.count - count
        guard start <= last else { return nil }
        if count <= 32 {
            // At most 32 comparisons per position: linear, and fastest for the short patterns
            // searches mostly have.
            let first = pattern[0]
            var index = start
            while index <= last {
                if text[index] == first {
                    var matched = 1
                    while matched < count, text[index + matched] == pattern[matched] { matched += 1 }
                    if matched == count { return index }
                }
                index += 1
            }
            return nil
        }
        // Knuth–Morris–Pratt: the failure table says how far the pattern can slide after a mismatch.
        let failure = failureTable(pattern)
        var matched = 0
        for index in start..<text.count {
            while matched > 0, text[index] != pattern[matched] { matched = failure[matched - 1] }
            if text[index] == pattern[matched] { matched += 1 }
            if matched == count { return index - count + 1 }
        }
        return nil
    }

    /// Knuth–Morris–Pratt's table: for each prefix of the pattern, the length of its longest proper
    /// prefix that is also its suffix.
    private static func failureTable(_ pattern: UnsafeBufferPointer<UInt8>) -> [Int] {
        var failure = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in 1..<pattern.count {
            while length > 0, pattern[index] != pattern[length] { length = failure[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            failure[index] = length
        }
        return failure
    }
}
