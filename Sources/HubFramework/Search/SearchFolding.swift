import Foundation

/// Text as a search compares it: case and accents folded away, in a locale's rules, as UTF-8.
///
/// A character folds to its case-folded form (Foundation's, in the locale: "ß" to "ss", and in
/// Turkish and Azerbaijani "I" to dotless "ı" and "İ" to "i"), decomposed, without its nonspacing
/// marks (the accents of Latin letters, the points of Hebrew and the vowel marks of Arabic) and
/// without format characters (the invisible marks that set the direction of right-to-left text,
/// which would otherwise split a word in two).
///
/// ASCII, most of what views show, is folded inline; any other character the first time it is met
/// through Foundation, then from a table, so that folding a million rows takes some tens of
/// milliseconds. Not thread-safe (the table): each search makes its own.
struct SearchFolding {
    let locale: Locale
    /// Whether "I" and "i" are two letters with case pairs of their own (Turkish, Azerbaijani).
    private let hasDottedAndDotlessI: Bool
    /// The folded UTF-8 of each non-ASCII scalar met so far.
    private var table: [UInt32: [UInt8]] = [:]

    init(locale: Locale) {
        self.locale = locale
        let language = locale.language.languageCode?.identifier ?? ""
        hasDottedAndDotlessI = language == "tr" || language == "az"
    }

    /// The folded UTF-8 bytes of `text`.
    mutating func fold(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        fold(text, into: &folded)
        return folded
    }

    /// Replaces `folded`'s bytes with the folded UTF-8 of `text` (its storage is kept, so that one
    /// buffer serves every text of a search).
    mutating func fold(_ text: String, into folded: inout [UInt8]) {
        var text = text
        text.withUTF8 { fold(utf8: $0, into: &folded) }
    }

    /// Replaces `folded`'s bytes with the folded `bytes`, valid UTF-8 (a text a view model's row
    /// store keeps, read where it lies).
    mutating func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into folded: inout [UInt8]) {
        folded.removeAll(keepingCapacity: true)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A {  // A–Z
                    if byte == 0x49 && hasDottedAndDotlessI {
                        folded.append(0xC4)  // ı, U+0131
                        folded.append(0xB1)
                    } else {
                        folded.append(byte | 0x20)
                    }
                } else {
                    folded.append(byte)
                }
                index += 1
                continue
            }
            // A scalar of 2 to 4 bytes (the string is valid UTF-8).
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<min(length, count - index) {
                value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F)
            }
            index += length
            if let known = table[value] {
                folded.append(contentsOf: known)
            } else {
                let made = foldedScalar(value)
                table[value] = made
                folded.append(contentsOf: made)
            }
        }
    }

    /// One non-ASCII scalar folded, as UTF-8.
    private func foldedScalar(_ value: UInt32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(value) else { return [] }
        // Case first, then the marks: "İ" is "I" and a dot above, and dropping the dot first would
        // leave Turkish an "I", which folds to "ı".
        let cased = String(Character(scalar)).folding(options: .caseInsensitive, locale: locale)
        var result: [UInt8] = []
        for part in cased.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .format: continue
            default: result.append(contentsOf: String(part).utf8)
            }
        }
        return result
    }

    /// Whether `folded` holds `word` (both folded) anywhere.
    static func contains(_ folded: [UInt8], _ word: [UInt8]) -> Bool {
        let needle = word.count
        guard needle > 0 else { return true }
        let haystack = folded.count
        guard needle <= haystack else { return false }
        return folded.withUnsafeBufferPointer { text in
            word.withUnsafeBufferPointer { word in
                let first = word[0]
                var start = 0
                let last = haystack - needle
                while start <= last {
                    if text[start] == first {
                        var offset = 1
                        while offset < needle && text[start + offset] == word[offset] { offset += 1 }
                        if offset == needle { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
