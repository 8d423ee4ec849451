import Foundation

/// A quick check of a URL's text, for the rows of a long document: true only for an absolute URL
/// written with the characters RFC 3986 allows as they are (letters, digits, `-._~`,
/// `!$&'()*+,;=`, `:@/?#`, and `%` with two hexadecimal digits), one `#` at most, and an authority
/// (after `//`) whose host is a plain name with at most a port of digits after it. Any such text
/// parses (`JSONValueCheck.url(from:)` gives a URL), so a row's URL can be kept as its text and
/// parsed when its model is made. False says nothing: the reader then parses the text itself.
enum URLSyntax {
    static func isPlainAbsolute(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // The scheme: a letter, then letters, digits, `+`, `-` and `.`, then `:`.
        guard let first = text.first, isLetter(first) else { return false }
        index = 1
        while index < text.count, isLetter(text[index]) || isDigit(text[index])
            || text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: ".")
        {
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: ":") else { return false }
        index += 1
        if text.count - index >= 2, text[index] == UInt8(ascii: "/"), text[index + 1] == UInt8(ascii: "/") {
            index += 2
            // The authority: a host of letters, digits, `-`, `.`, `_` and `~`, and a port of digits.
            while index < text.count, isLetter(text[index]) || isDigit(text[index]) || text[index] == UInt8(ascii: "-")
                || text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: "_") || text[index] == UInt8(ascii: "~")
            {
                index += 1
            }
            if index < text.count, text[index] == UInt8(ascii: ":") {
                index += 1
                let portStart = index
                while index < text.count, isDigit(text[index]) { index += 1 }
                guard index - portStart <= 5 else { return false }
            }
            guard index == text.count || text[index] == UInt8(ascii: "/") || text[index] == UInt8(ascii: "?")
                || text[index] == UInt8(ascii: "#")
            else { return false }
        }
        var sawFragment = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < text.count, isHexDigit(text[index + 1]), isHexDigit(text[index + 2]) else { return false }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                guard !sawFragment else { return false }
                sawFragment = true
            } else if !isAllowed(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// Unreserved, sub-delimiters, and `:@/?` (`#` and `%` are checked on their own).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
