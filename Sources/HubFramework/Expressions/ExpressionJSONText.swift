/// Arrays and dicts as text (`toString`, templates): compact JSON, keys in ascending order, written
/// with ``JSONWriter``'s rules for numbers and strings. The writer stops as soon as the text would
/// pass a size limit, so a large array never becomes a larger string just to be refused.
enum ExpressionJSONText {
    /// The JSON text of `value`, or nil when it would be longer than `limit` bytes of UTF-8.
    static func text(for value: JSONValue, limit: Int) -> String? {
        var values = 0
        return text(for: value, limit: limit, values: &values)
    }

    /// The JSON text of `value`, or nil when it would be longer than `limit` bytes of UTF-8;
    /// `values` counts the JSON values written (the work it took, with the bytes).
    static func text(for value: JSONValue, limit: Int, values: inout Int) -> String? {
        var out: [UInt8] = []
        var stack: [Frame] = [.value(value)]
        while let frame = stack.popLast() {
            switch frame {
            case .byte(let byte):
                out.append(byte)
            case .key(let key):
                appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
            case .value(let value):
                values += 1
                switch value {
                case .array(let elements):
                    out.append(UInt8(ascii: "["))
                    stack.append(.byte(UInt8(ascii: "]")))
                    for (index, element) in elements.enumerated().reversed() {
                        stack.append(.value(element))
                        if index > 0 { stack.append(.byte(UInt8(ascii: ","))) }
                    }
                case .object(let members):
                    out.append(UInt8(ascii: "{"))
                    stack.append(.byte(UInt8(ascii: "}")))
                    let sorted = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                    for (index, member) in sorted.enumerated().reversed() {
                        stack.append(.value(member.value))
                        stack.append(.key(member.key))
                        if index > 0 { stack.append(.byte(UInt8(ascii: ","))) }
                    }
                default:
                    // Scalars: JSONWriter's text, which is bounded by the scalar's own size.
                    out.append(contentsOf: JSONWriter().string(for: value).utf8)
                }
            }
            if out.count > limit { return nil }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private enum Frame {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    private static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(contentsOf: JSONWriter().string(for: .string(string)).utf8)
    }
}

