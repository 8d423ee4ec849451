import Foundation

/// Writes a `JSONValue` as UTF-8 JSON text.
///
/// The writer is iterative (no recursion), so values of any depth can be written.
/// Integral numbers below 2^53 are written without a fraction (`15`, not `15.0`); other numbers use
/// the shortest text that reads back to the same `Double`. JSON has no representation for NaN or
/// infinity; they are written as `null`. Non-ASCII characters are written as UTF-8, control
/// characters are escaped, `/` is not.
public struct JSONWriter: Sendable {
    /// How the text is laid out. The default (no options) is compact text with keys in the
    /// dictionary's order.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Line breaks and two-space indentation.
        public static let prettyPrinted = Options(rawValue: 1)
        /// Object keys in ascending (code point) order, for stable output.
        public static let sortedKeys = Options(rawValue: 2)
    }

    /// How the text is laid out; change it between two writes if needed.
    public var options: Options

    /// Creates a writer.
    /// - Parameter options: how the text is laid out; compact by default.
    public init(options: Options = []) {
        self.options = options
    }

    /// The JSON text of `value` as UTF-8 data.
    public func data(for value: JSONValue) -> Data {
        Data(bytes(for: value))
    }

    /// The JSON text of `value`.
    public func string(for value: JSONValue) -> String {
        String(decoding: bytes(for: value), as: UTF8.self)
    }

    private enum Frame {
        case array([JSONValue], next: Int)
        case object([(key: String, value: JSONValue)], next: Int)
    }

    private func bytes(for root: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        let pretty = options.contains(.prettyPrinted)
        var stack: [Frame] = []

        func newline(_ depth: Int) {
            guard pretty else { return }
            out.append(UInt8(ascii: "\n"))
            for _ in 0..<depth { out.append(UInt8(ascii: " ")); out.append(UInt8(ascii: " ")) }
        }

        // Writes a scalar, or opens a container (pushing a frame). Returns true when it opened one.
        func begin(_ value: JSONValue) -> Bool {
            switch value {
            case .null: out.append(contentsOf: "null".utf8)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .number(let number): writeNumber(number, to: &out)
            case .string(let string): writeString(string, to: &out)
            case .array(let elements):
                if elements.isEmpty {
                    out.append(contentsOf: "[]".utf8)
                } else {
                    out.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                    return true
                }
            case .object(let members):
                if members.isEmpty {
                    out.append(contentsOf: "{}".utf8)
                } else {
                    out.append(UInt8(ascii: "{"))
                    let pairs = options.contains(.sortedKeys)
                        ? members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                        : Array(members)
                    stack.append(.object(pairs.map { (key: $0.key, value: $0.value) }, next: 0))
                    return true
                }
            }
            return false
        }

        // Before element `next` of a container of `count` (whose frame was just popped): closes the
        // container with `closer` after its last element and returns false, or writes the separator
        // and the element's indentation and returns true. Arrays and objects differ only in that.
        func startElement(_ next: Int, of count: Int, closer: UInt8) -> Bool {
            if next == count {
                newline(stack.count)
                out.append(closer)
                return false
            }
            if next > 0 { out.append(UInt8(ascii: ",")) }
            newline(stack.count + 1)
            return true
        }

        _ = begin(root)
        while let frame = stack.popLast() {
            switch frame {
            case .array(let elements, let next):
                guard startElement(next, of: elements.count, closer: UInt8(ascii: "]")) else { continue }
                stack.append(.array(elements, next: next + 1))
                _ = begin(elements[next])
            case .object(let members, let next):
                guard startElement(next, of: members.count, closer: UInt8(ascii: "}")) else { continue }
                writeString(members[next].key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                stack.append(.object(members, next: next + 1))
                _ = begin(members[next].value)
            }
        }
        return out
    }
}

private func writeNumber(_ number: Double, to out: inout [UInt8]) {
    guard number.isFinite else {
        out.append(contentsOf: "null".utf8)
        return
    }
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
        out.append(contentsOf: String(Int64(number)).utf8)
    } else {
        // Swift prints the shortest round-tripping form, e.g. `0.1`, `1e+30`, `5e-324`: all valid JSON.
        out.append(contentsOf: number.description.utf8)
    }
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

private func writeString(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0..<0x20:
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        default:
            out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}
