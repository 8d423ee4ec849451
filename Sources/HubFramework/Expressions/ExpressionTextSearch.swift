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

    /// `text` in lower case. ASCII text, the common case, is mapped byte by byte without Unicode
    /// tables, and returned as it is when it has no capital letter.
    static func lowercased(_ text: String) -> String {
        mappedASCII(text, from: UInt8(ascii: "A"), through: UInt8(ascii: "Z")) ?? text.lowercased()
    }

    /// `text` in upper case, with the same ASCII shortcut.
    static func uppercased(_ text: String) -> String {
        mappedASCII(text, from: UInt8(ascii: "a"), through: UInt8(ascii: "z")) ?? text.uppercased()
    }

    /// The ASCII text with letters in `first...last` flipped to the other case; nil when the text is
    /// not ASCII.
    private static func mappedASCII(_ text: String, from first: UInt8, through last: UInt8) -> String? {
        let original = text
        var text = text
        return text.withUTF8 { bytes -> String? in
            var needsChange = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte >= first && byte <= last { needsChange = true }
            }
            guard needsChange else { return original }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                for (index, byte) in bytes.enumerated() {
                    out[index] = byte >= first && byte <= last ? byte ^ 0x20 : byte
                }
                return bytes.count
            }
        }
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
