import HubFramework

/// One step of a path into a JSON document: an object key or an array index.
enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// Reads a path in the form the framework reports problems with — `body[3].images.main.uri`,
    /// `images.custom["my image"]`, `[2].text` for a top-level array, `""` for the top level — back
    /// into its steps. Nil when the text is not such a path.
    static func components(of path: String) -> [JSONPathComponent]? {
        let bytes = Array(path.utf8)
        var components: [JSONPathComponent] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."):
                index += 1
            case UInt8(ascii: "["):
                index += 1
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "\"") {
                    // A quoted key is a JSON string literal: find its closing quote, then let the
                    // framework's parser undo the escapes.
                    let start = index
                    index += 1
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    guard index < bytes.count else { return nil }
                    index += 1
                    guard case .string(let key)? = try? JSONParser().parse(String(decoding: bytes[start..<index], as: UTF8.self))
                    else { return nil }
                    components.append(.key(key))
                } else {
                    var number = 0
                    let start = index
                    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        number = number &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                    }
                    guard index > start else { return nil }
                    components.append(.index(number))
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
            default:
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: ".") && bytes[index] != UInt8(ascii: "[") {
                    index += 1
                }
                components.append(.key(String(decoding: bytes[start..<index], as: UTF8.self)))
            }
        }
        return components
    }

    /// The path's text in the framework's form (the inverse of ``components(of:)``): plain keys
    /// joined with dots, other keys quoted in brackets, indexes in brackets.
    static func text(of components: [JSONPathComponent]) -> String {
        JSONLocation.path(of: components.map { component -> JSONLocation.Component in
            switch component {
            case .key(let key): return .key(key)
            case .index(let index): return .index(index)
            }
        })
    }
}
