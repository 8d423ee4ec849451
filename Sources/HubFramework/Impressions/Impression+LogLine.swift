import Foundation

extension Impression {
    /// One line that describes the impression, the format `hub-viewer --log-impressions` prints
    /// (docs/viewer.md), stable so that scripts can read it:
    ///
    /// ```text
    /// impression body[12] id=croissant logging={"item":"croissant"} visible=100% after=803ms view=demo:bakery
    /// ```
    ///
    /// Fields, separated by one space, always in this order: `impression`; the component type with
    /// the index path in brackets (`header[0]`, `body[12]`, `overlay[1]`, `body[3,0]` for a child);
    /// `id=` the identifier, written as a JSON string when it is empty or holds a space, a quote,
    /// `=` or a control character; `logging=` the `logging` object as compact JSON with sorted
    /// keys; `visible=` the visible percentage, rounded down to a whole number; `after=` the time
    /// it had been visible in whole milliseconds; and, when `viewURI` is given, `view=` the view's URI.
    public func logLine(viewURI: URL?) -> String {
        let type: String
        switch componentType {
        case .header: type = "header"
        case .body: type = "body"
        case .overlay: type = "overlay"
        }
        let path = indexPath.map(String.init).joined(separator: ",")
        let logging = JSONWriter(options: .sortedKeys).string(for: .object(loggingData))
        let percentage = Int((min(1, max(0, visibleFraction)) * 100 + 1e-9).rounded(.down))
        let after = Int(visibleDuration.inMilliseconds.rounded(.down))
        var line = "impression \(type)[\(path)] id=\(Self.field(identifier)) logging=\(logging) visible=\(percentage)%"
            + " after=\(after)ms"
        if let viewURI { line += " view=\(viewURI.absoluteString)" }
        return line
    }

    /// `value` as it is when it cannot be mistaken for the next field, as a JSON string otherwise.
    private static func field(_ value: String) -> String {
        let plain = !value.isEmpty && !value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0.properties.generalCategory == .control
                || $0.properties.isWhitespace
        }
        return plain ? value : JSONWriter().string(for: .string(value))
    }
}
