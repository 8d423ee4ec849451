import Foundation

/// A finished path that ends with a type check and yields typed values.
///
/// Create one with `MutableJSONPath.stringPath()` and friends. `mutableCopy()` keeps the type check,
/// so operations appended afterwards only ever see values that passed it.
public protocol JSONDestinationPath: Sendable, CustomStringConvertible {
    /// The Swift type the path yields: `Bool`, `Int`, `String`, `URL` or ``JSONObject``.
    associatedtype Value

    /// The underlying path, type check included.
    var path: JSONPath { get }

    /// Converts a value that passed the type check.
    static func convert(_ value: JSONValue) -> Value?
}

extension JSONDestinationPath {
    /// Every value the path selects in `json`, in document order.
    public func values(in json: JSONValue) -> [Value] {
        path.evaluate(json, at: nil, problems: nil).compactMap { Self.convert($0.value) }
    }

    /// Every value the path selects in the object `json`.
    public func values(in json: JSONObject) -> [Value] {
        values(in: .object(json))
    }

    /// A mutable path with the same operations, the type check included.
    public func mutableCopy() -> MutableJSONPath {
        path.mutableCopy()
    }

    public var description: String { path.description }

    /// The first value and its location, with problems reported.
    func first(in json: JSONValue, at location: JSONLocation?, problems: JSONProblemCollector?)
        -> (value: Value, location: JSONLocation?)?
    {
        guard let located = path.first(in: json, at: location, problems: problems),
            let value = Self.convert(located.value)
        else { return nil }
        return (value: value, location: located.location)
    }

    /// All values with their locations, with problems reported.
    func locatedValues(in json: JSONValue, at location: JSONLocation?, problems: JSONProblemCollector?)
        -> [(value: Value, location: JSONLocation?)]
    {
        path.evaluate(json, at: location, problems: problems).compactMap { located in
            Self.convert(located.value).map { (value: $0, location: located.location) }
        }
    }
}

/// A path to a boolean. Numbers count as booleans (non-zero is true), as they did in the original.
public struct JSONBoolPath: JSONDestinationPath {
    public let path: JSONPath

    public static func convert(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number != 0
        default: return nil
        }
    }

    /// The first value's truth, or false when the path selects nothing.
    public func bool(in json: JSONValue) -> Bool {
        values(in: json).first ?? false
    }

    /// The first value's truth in the object `json`, or false when the path selects nothing.
    public func bool(in json: JSONObject) -> Bool {
        bool(in: .object(json))
    }
}

/// A path to an integer. Numbers are truncated towards zero; booleans read as 0 and 1.
public struct JSONIntegerPath: JSONDestinationPath {
    public let path: JSONPath

    public static func convert(_ value: JSONValue) -> Int? {
        switch value {
        case .bool(let flag): return flag ? 1 : 0
        default: return value.intValue
        }
    }

    /// The first value, or 0 when the path selects nothing.
    public func integer(in json: JSONValue) -> Int {
        values(in: json).first ?? 0
    }

    /// The first value in the object `json`, or 0 when the path selects nothing.
    public func integer(in json: JSONObject) -> Int {
        integer(in: .object(json))
    }
}

/// A path to a string.
public struct JSONStringPath: JSONDestinationPath {
    public let path: JSONPath

    public static func convert(_ value: JSONValue) -> String? {
        value.stringValue
    }

    /// The first value, or nil.
    public func string(in json: JSONValue) -> String? {
        values(in: json).first
    }

    /// The first value in the object `json`, or nil when the path selects nothing.
    public func string(in json: JSONObject) -> String? {
        string(in: .object(json))
    }
}

/// A path to a URL, given in JSON as a string. Strings `URL(string:)` would have to percent-encode
/// (spaces, non-ASCII characters such as "é") are not URLs and are dropped.
public struct JSONURLPath: JSONDestinationPath {
    public let path: JSONPath

    public static func convert(_ value: JSONValue) -> URL? {
        value.stringValue.flatMap(JSONValueCheck.url(from:))
    }

    /// The first value, or nil.
    public func url(in json: JSONValue) -> URL? {
        values(in: json).first
    }

    /// The first value in the object `json`, or nil when the path selects no valid URL.
    public func url(in json: JSONObject) -> URL? {
        url(in: .object(json))
    }
}

/// A path to a JSON object.
public struct JSONDictionaryPath: JSONDestinationPath {
    public let path: JSONPath

    public static func convert(_ value: JSONValue) -> JSONObject? {
        value.objectValue
    }

    /// The first value, or nil.
    public func dictionary(in json: JSONValue) -> JSONObject? {
        values(in: json).first
    }

    /// The first value in the object `json`, or nil when the path selects no object.
    public func dictionary(in json: JSONObject) -> JSONObject? {
        dictionary(in: .object(json))
    }
}
