import HubFramework

/// Text made safe to hand to GTK, Pango, ATK or the window system, whatever its source.
///
/// Two kinds of text are expensive or dangerous there, and a document can carry either:
/// - **Very long text.** A window title is an X property: one of 50 MB exceeds the largest request
///   the X server takes, and the viewer dies with `BadLength`. A tooltip, an accessible name or a
///   header bar title is laid out whole too.
/// - **Long runs without a break opportunity.** Pango wraps a run it cannot break by trying break
///   positions one after the other; the time grows with the square of the run's length. 16 KiB of
///   `x` in a wrapping label held the main loop for about 30 s (the error page of a 20,000-character
///   URI did the same), 4 KiB for 0.4 s. Texts are therefore given a break opportunity, an invisible
///   zero-width space (U+200B), every ``longestUnbrokenRun`` characters of a run that has none.
///   Wrapped text breaks there; other text looks the same.
///
/// ``maximumLength`` comes from the same measurements (GTK 3.24, Pango 1.50, on the 2-core
/// development machine): a wrapping label of 4 KiB of ordinary text takes GTK 30–50 ms to lay out,
/// one of 16 KiB 110–150 ms even with the break opportunities, and more than a second without the
/// minimum width that ``Label/wrapsLines`` sets.
///
/// Every text-setting property of the widget layer (``Label/text``, ``Label/escapeMarkup(_:)``,
/// ``Widget/tooltip``, ``Widget/accessibleName``, ``Window/title``, ``HeaderBar/title`` and the
/// accessible names of cells) goes through here, so no caller can forget it.
package enum DisplayText {
    /// The longest text, in bytes of UTF-8, given to a label, a tooltip or an accessible name
    /// (``Label/maximumTextLength``).
    package static let maximumLength = 4_096
    /// The longest title, in bytes of UTF-8, given to a window or a header bar: titles show on one
    /// line of a title bar or a window list, so more is never seen.
    package static let maximumTitleLength = 1_024
    /// The longest text, in bytes of UTF-8, given to a label that shows one line and ellipsizes the
    /// rest: more than the widest screen shows on a line in any script.
    package static let maximumSingleLineLength = 1_024
    /// The most characters in a row without a break opportunity: a run this long wraps within a
    /// frame, and no word of a natural language is longer.
    package static let longestUnbrokenRun = 32

    /// `text` cut to `maximumLength` bytes (at a character boundary, with "…"), with a break
    /// opportunity every ``longestUnbrokenRun`` characters of a run that has none.
    package static func bounded(_ text: String, maximumLength: Int = maximumLength) -> String {
        softBroken(cut(text, to: maximumLength))
    }

    /// A title for a window or a header bar: one line, at most ``maximumTitleLength`` bytes.
    package static func title(_ text: String) -> String {
        let cut = cut(text, to: maximumTitleLength)
        guard cut.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0.value != 0x20 }) else { return cut }
        return String(String.UnicodeScalarView(cut.unicodeScalars.map { $0.properties.isWhitespace ? " " : $0 }))
    }

    /// `text` cut to at most `maximumLength` bytes of UTF-8 at a character boundary, ending with "…"
    /// when it was cut.
    package static func cut(_ text: String, to maximumLength: Int) -> String {
        text.cut(toUTF8Count: maximumLength)
    }

    /// Whether `text` has more than `length` characters (Unicode scalars) in a row without a break
    /// opportunity: an ASCII space, tab or line break. Reads the bytes, decoding nothing, and stops at
    /// the first such run.
    package static func hasUnbrokenRun(longerThan length: Int, in text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                run = 0
            } else if byte & 0xC0 != 0x80 {  // the first byte of a scalar
                run += 1
                if run > length { return true }
            }
        }
        return false
    }

    /// `text` with U+200B after every ``longestUnbrokenRun`` characters that have no break
    /// opportunity between them. Whitespace and U+200B itself count as break opportunities. The
    /// space only goes between two characters (grapheme clusters), so no user-perceived character
    /// is split.
    package static func softBroken(_ text: String) -> String {
        // Most texts: no run of more than longestUnbrokenRun bytes without an ASCII space, checked
        // on the bytes without decoding anything.
        var run = 0
        var needsBreaks = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                run = 0
            } else {
                run += 1
                if run > longestUnbrokenRun {
                    needsBreaks = true
                    break
                }
            }
        }
        guard needsBreaks else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / longestUnbrokenRun * 3)
        run = 0
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: every byte is a character (but "\r\n", whose "\n" is a break opportunity anyway).
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + text.utf8.count / longestUnbrokenRun * 3)
            for byte in text.utf8 {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    run = 0
                } else {
                    if run == longestUnbrokenRun {
                        bytes.append(contentsOf: [0xE2, 0x80, 0x8B])  // U+200B
                        run = 0
                    }
                    run += 1
                }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Between characters (grapheme clusters) only: Thai, Lao, Hangul jamo, Indic conjuncts and
        // emoji sequences all stay whole. The text between two breaks is copied in one piece.
        var segmentStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let first = text.unicodeScalars[index]
            if first.properties.isWhitespace || first == "\u{200B}" {
                run = 0
            } else {
                if run == longestUnbrokenRun {
                    result += text[segmentStart..<index]
                    result.append("\u{200B}")
                    segmentStart = index
                    run = 0
                }
                run += 1
            }
            index = text.index(after: index)
        }
        result += text[segmentStart...]
        return result
    }
}
