import Foundation

/// A JSON value. Custom data, metadata and logging data of models are JSON objects, which makes
/// every model `Equatable` and `Sendable`.
///
/// Numbers are stored as `Double` (integers up to 2^53 are exact) and written back without a
/// fractional part when they are integral.
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`. Builders treat it like a value of the wrong type: ignored and reported.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number, integral or not.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object. When a document repeats a key, the parser keeps the last value.
    case object([String: JSONValue])

    // MARK: Reading

    /// The string, or nil when this is not a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean, or nil when this is not a boolean (numbers are not converted).
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The number, or nil when this is not a number.
    public var doubleValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The elements, or nil when this is not an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, or nil when this is not an object.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }
    /// True only for ``null``.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The integer value of a number (truncated), or nil when this is not a finite number in `Int` range.
    public var intValue: Int? {
        guard case .number(let n) = self, n.isFinite, n >= Double(Int.min), n < Double(Int.max) else { return nil }
        return Int(n)
    }

    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] } else { return nil }
    }

    /// The element at `index` when this is an array and the index is in bounds.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] } else { return nil }
    }

    // MARK: Foundation bridging

    /// Converts a value produced by `JSONSerialization` (or built from Swift literals) into a JSON value.
    /// Returns nil for values that have no JSON representation.
    public init?(any value: Any) {
        switch value {
        case let v as JSONValue: self = v
        case is NSNull: self = .null
        case let s as String: self = .string(s)
        case let n as NSNumber:
            // On Linux, JSONSerialization produces NSNumber for both booleans and numbers.
            if CFGetTypeIDIfAvailable(n) { self = .bool(n.boolValue) } else { self = .number(n.doubleValue) }
        case let b as Bool: self = .bool(b)
        case let i as Int: self = .number(Double(i))
        case let d as Double: self = .number(d)
        case let a as [Any]:
            var out: [JSONValue] = []
            out.reserveCapacity(a.count)
            for element in a {
                guard let v = JSONValue(any: element) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case let o as [String: Any]:
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(o.count)
            for (k, element) in o {
                guard let v = JSONValue(any: element) else { return nil }
                out[k] = v
            }
            self = .object(out)
        default: return nil
        }
    }

    /// The Foundation representation (`NSNull`, `String`, `Bool`, `Double`/`Int`, arrays, dictionaries).
    public var anyValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n):
            if n.rounded() == n, abs(n) < 9.0e15 { return Int(n) }
            return n
        case .string(let s): return s
        case .array(let a): return a.map(\.anyValue)
        case .object(let o): return o.mapValues(\.anyValue)
        }
    }
}

/// Tells a boolean `NSNumber` from a numeric one.
private func CFGetTypeIDIfAvailable(_ number: NSNumber) -> Bool {
    // `objCType` is "c" for booleans produced by JSONSerialization and by `NSNumber(value: Bool)`.
    let type = String(cString: number.objCType)
    return type == "c" || type == "B"
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var o: [String: JSONValue] = [:]
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
}

/// A JSON object: the type of custom data, metadata and logging data.
public typealias JSONObject = [String: JSONValue]
