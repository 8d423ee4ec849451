import Foundation

/// The JSON document the scale benchmark opens: `{"title":"N rows","body":[…]}` with N rows of
/// `default:row`, each with a title and a subtitle, about 127 bytes a row — what someone trying
/// the viewer with a big file of their own would write.
enum ScaleRowsDocument {
    /// The identifier of row `number`: `row-0000042`.
    static func id(_ number: Int) -> String {
        let id = String(number)
        return "row-" + String(repeating: "0", count: max(0, 7 - id.count)) + id
    }

    /// The document of `count` rows in memory; `replacing` gives another text for a row (nil: the usual).
    static func data(count: Int, replacing: (Int) -> String? = { _ in nil }) -> Data {
        var text = #"{"title":"\#(count) rows","body":["#
        text.reserveCapacity(count * 130)
        for number in 1...max(1, count) where count > 0 {
            text += replacing(number) ?? row(number)
            if number < count { text += "," }
        }
        return Data((text + "]}").utf8)
    }

    /// One row, 1-based `number`.
    static func row(_ number: Int) -> String {
        return #"{"id":"\#(id(number))","component":{"id":"default:row"},"#
            + #""text":{"title":"Row number \#(number)","subtitle":"The subtitle of row \#(number)"}}"#
    }

    /// Writes the document of `count` rows to `url` (a row per line), in chunks so that even a
    /// million rows never sit in memory as one string.
    static func write(count: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(#"{"title":"\#(count) rows","body":["#.utf8) + Data("\n".utf8))
        var chunk = ""
        for number in 1...max(1, count) where count > 0 {
            chunk += row(number)
            chunk += number == count ? "\n" : ",\n"
            if number % 10_000 == 0 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "]}\n").utf8))
    }
}
