import Foundation

/// A value an expression computes, or a variable holds.
///
/// Values are plain data (`Sendable`, `Hashable`): they can be kept, compared and handed to other
/// threads. Arrays and dicts hold JSON, as they come from documents.
public enum ExpressionValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A 64-bit signed integer.
    case integer(Int)
    /// A 64-bit floating-point number; always finite (an operation that would give infinity or NaN
    /// fails instead).
    case number(Double)
    /// A boolean.
    case boolean(Bool)
    /// A point in time. The language counts in whole milliseconds; calendar fields (`getYear`,
    /// `setDay`, …) are those of UTC.
    case datetime(Date)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object (a "dict").
    case dictionary([String: JSONValue])

    /// The type of this value.
    public var type: ExpressionType {
        switch self {
        case .string: .string
        case .integer: .integer
        case .number: .number
        case .boolean: .boolean
        case .datetime: .datetime
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The value as text, the way `toString` and string templates write it: strings as they are,
    /// integers in decimal, numbers as DivKit writes them (`5.0`, `3.1415`, `1.0E23`), booleans
    /// `true`/`false`, datetimes `yyyy-MM-dd HH:mm:ss` in UTC, arrays and dicts as compact JSON with
    /// sorted keys.
    public var text: String {
        switch self {
        case .string(let string): string
        case .integer(let integer): String(integer)
        case .number(let number): ExpressionNumberText.text(for: number)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .datetime(let date): ExpressionDateTime(date).text
        case .array(let elements): ExpressionJSONText.text(for: .array(elements), limit: .max) ?? ""
        case .dictionary(let members): ExpressionJSONText.text(for: .object(members), limit: .max) ?? ""
        }
    }

    /// The value as JSON: numbers as numbers, datetimes as their ``text``.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let string): .string(string)
        case .integer(let integer): .number(Double(integer))
        case .number(let number): .number(number)
        case .boolean(let boolean): .bool(boolean)
        case .datetime: .string(text)
        case .array(let elements): .array(elements)
        case .dictionary(let members): .object(members)
        }
    }

    /// Reads a value of type `type` from JSON, as a document declares a variable's value: a string
    /// for `string`, an integral number in range for `integer` (`3.0` is accepted, `3.5` is not),
    /// any number for `number`, `true`/`false` for `boolean`, `yyyy-MM-dd HH:mm:ss` (UTC) or
    /// milliseconds since 1970 for `datetime`, an array for `array`, an object for `dict`. Nil when
    /// the JSON does not hold a value of that type.
    public init?(json: JSONValue, as type: ExpressionType) {
        switch (type, json) {
        case (.string, .string(let string)): self = .string(string)
        case (.integer, .number(let number)):
            guard let integer = ExpressionValue.exactInteger(number) else { return nil }
            self = .integer(integer)
        case (.number, .number(let number)) where number.isFinite: self = .number(number)
        case (.boolean, .bool(let boolean)): self = .boolean(boolean)
        case (.datetime, .string(let string)):
            guard let dateTime = ExpressionDateTime(text: string) else { return nil }
            self = .datetime(dateTime.date)
        case (.datetime, .number(let number)):
            guard let milliseconds = ExpressionValue.exactInteger(number) else { return nil }
            self = .datetime(ExpressionDateTime(millisecondsSince1970: milliseconds).date)
        case (.array, .array(let elements)): self = .array(elements)
        case (.dictionary, .object(let members)): self = .dictionary(members)
        default: return nil
        }
    }

    /// The default value of a type, which variables hold until they are given one: `''`, `0`,
    /// `0.0`, `false`, 1970-01-01 00:00:00, `[]`, `{}`.
    public static func defaultValue(of type: ExpressionType) -> ExpressionValue {
        switch type {
        case .string: .string("")
        case .integer: .integer(0)
        case .number: .number(0)
        case .boolean: .boolean(false)
        case .datetime: .datetime(Date(timeIntervalSince1970: 0))
        case .array: .array([])
        case .dictionary: .dictionary([:])
        }
    }

    /// `number` as an `Int` when it is integral and in range.
    static func exactInteger(_ number: Double) -> Int? {
        guard number.isFinite, number == number.rounded(.towardZero),
              number >= -9_223_372_036_854_775_808.0, number < 9_223_372_036_854_775_808.0
        else { return nil }
        return Int(number)
    }

    /// The value as it appears in an evaluation error, as DivKit writes it: strings quoted (`'abc'`),
    /// arrays and dicts as `<array>` and `<dict>`, others as their ``text``. Long strings are cut,
    /// so that a message stays short whatever the data.
    var messageText: String {
        switch self {
        case .string(let string): "'" + string.cut(toUTF8Count: 64) + "'"
        case .array: "<array>"
        case .dictionary: "<dict>"
        default: text
        }
    }
}

extension ExpressionValue: CustomStringConvertible {
    /// The value's ``text``.
    public var description: String { text }
}
