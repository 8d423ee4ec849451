import Foundation

/// The bytes of a plain row the one-pass reader has read, with its texts cut out: what the next row
/// of a long body most likely looks like, byte for byte.
///
/// A long body is written by one program, row after row, with the same keys in the same order and
/// the same spacing; only the texts differ. `ViewDocumentReader` learns a shape from a row it read
/// member by member and found plain (a record in the body's store), and tries it on the next row
/// first: the bytes between the texts are compared as they are, and each text is scanned for its
/// closing quote. A row that matches has the same members, read the same way, as the row the shape
/// was learned from, so its texts alone decide what it is; anything that differs (another key, a
/// space, an escape, a byte outside ASCII, a number) makes the match fail, and the row is read
/// member by member as before. V8's `JSON.parse` speculates on an object's keys in the same way.
///
/// A row's custom data is a hole too, the whole object: it differs from row to row (an index, a
/// count), and is checked by `JSONScanner.skipPlainValue`, which makes nothing of it.
struct PlainRowShape {
    /// The fields whose texts the holes hold, in the row's order (`.customData`: an object's bytes,
    /// the others the bytes between a string's quotes).
    let fields: [ComponentField]
    /// The depth of the custom data's object in the document.
    private let valueDepth: Int
    /// The bytes before each hole (up to and with its opening quote) and, last, after the final one
    /// (from its closing quote's next byte to the row's closing brace): `fields.count + 1` segments.
    private let literal: [UInt8]
    private let segmentEnds: [Int]

    /// The shape of the row at `row` in `base`, whose texts lie at `holes` (each the bytes between
    /// a text's quotes, or a custom data object's bytes, in order), the custom data at `valueDepth`
    /// in the document; nil when the holes do not lie in the row one after the other.
    init?(row: Range<Int>, in base: UnsafePointer<UInt8>, holes: [(field: ComponentField, range: Range<Int>)],
          valueDepth: Int)
    {
        guard !holes.isEmpty else { return nil }
        var literal: [UInt8] = []
        var segmentEnds: [Int] = []
        var cursor = row.lowerBound
        for hole in holes {
            guard hole.range.lowerBound > cursor, hole.range.upperBound < row.upperBound else { return nil }
            if hole.field == .customData {
                // An object's bytes, from its brace to its brace.
                guard base[hole.range.lowerBound] == ASCII.openBrace, base[hole.range.upperBound - 1] == ASCII.closeBrace
                else { return nil }
            } else {
                // A text's bytes are preceded by its opening quote and followed by its closing one.
                guard base[hole.range.lowerBound - 1] == ASCII.quote, base[hole.range.upperBound] == ASCII.quote
                else { return nil }
            }
            literal.append(contentsOf: UnsafeBufferPointer(start: base + cursor, count: hole.range.lowerBound - cursor))
            segmentEnds.append(literal.count)
            cursor = hole.field == .customData ? hole.range.upperBound : hole.range.upperBound + 1
        }
        literal.append(contentsOf: UnsafeBufferPointer(start: base + cursor, count: row.upperBound - cursor))
        segmentEnds.append(literal.count)
        fields = holes.map(\.field)
        self.valueDepth = valueDepth
        self.literal = literal
        self.segmentEnds = segmentEnds
    }

    /// Matches the row starting at `scanner`'s index: true with each text's bytes in `holes` (the
    /// same order as ``fields``) and the index past the row's closing brace; false, with the index
    /// unmoved, when the row is shaped otherwise or one of its texts is not plain ASCII.
    func match(_ scanner: inout JSONScanner, holes: inout [Range<Int>]) -> Bool {
        holes.removeAll(keepingCapacity: true)
        let start = scanner.index
        return literal.withUnsafeBufferPointer { literal in
            var segmentStart = 0
            var cursor = start
            for (segment, segmentEnd) in segmentEnds.enumerated() {
                let length = segmentEnd - segmentStart
                guard length <= scanner.count - cursor,
                    memcmp(scanner.base + cursor, literal.baseAddress! + segmentStart, length) == 0
                else {
                    scanner.index = start
                    return false
                }
                cursor += length
                segmentStart = segmentEnd
                guard holes.count < fields.count else { break }
                scanner.index = cursor
                let hole = fields[segment] == .customData
                    ? (cursor < scanner.count && scanner.base[cursor] == ASCII.openBrace
                        ? scanner.skipPlainValue(enclosingDepth: valueDepth) : nil)
                    : scanner.scanPlainASCIIString()
                guard let text = hole else {
                    scanner.index = start
                    return false
                }
                holes.append(text)
                cursor = scanner.index
            }
            scanner.index = cursor
            return true
        }
    }
}
