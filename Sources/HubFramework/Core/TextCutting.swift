/// Cutting text to a size in bytes without ever cutting a character in half.
extension String {
    /// The text cut to at most `maximumLength` bytes of UTF-8, ending with "…" when it was cut. The
    /// cut falls between two characters (grapheme clusters), so no scalar, combining mark, emoji
    /// sequence, flag or conjunct is split: what is shown is always text the author wrote.
    package func cut(toUTF8Count maximumLength: Int) -> String {
        guard utf8.count > maximumLength else { return self }
        let ellipsis = "…"
        var end = utf8.index(utf8.startIndex, offsetBy: Swift.max(0, maximumLength - ellipsis.utf8.count))
        // Back to the start of a character.
        while end > startIndex, end.samePosition(in: self) == nil {
            end = utf8.index(before: end)
        }
        return String(self[..<end]) + ellipsis
    }
}
