/// The type of an expression's value, known before the expression runs.
///
/// Every variable is declared with a type (``ExpressionDeclarations``), every literal and function
/// has one, so the type of every expression is checked when it is compiled: `'abc' - 1` is a
/// problem in the document, not a surprise on the screen. An integer is accepted where a number is
/// expected (it is converted); no other type converts by itself.
public enum ExpressionType: String, Sendable, Hashable, CaseIterable {
    /// Text. Literals are written between single quotes: `'text'`.
    case string
    /// A 64-bit signed integer: `42`, `-7`. Arithmetic that leaves the range is an error, not a
    /// wrap-around.
    case integer
    /// A 64-bit floating-point number: `1.5`, `.5`, `2e3`. Division by zero is an error.
    case number
    /// `true` or `false`.
    case boolean
    /// A point in time, to the millisecond (``ExpressionValue/datetime(_:)``).
    case datetime
    /// A JSON array, from a variable (the language has no array literals).
    case array
    /// A JSON object, from a variable. Called "dict" in the language, as in DivKit's.
    case dictionary = "dict"

    /// The name used in messages, as DivKit writes it: `String`, `Integer`, `Number`, `Boolean`,
    /// `DateTime`, `Array`, `Dict`.
    public var displayName: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .number: "Number"
        case .boolean: "Boolean"
        case .datetime: "DateTime"
        case .array: "Array"
        case .dictionary: "Dict"
        }
    }

    /// The type named `name` in a declaration: the raw values (`string`, `integer`, `number`,
    /// `boolean`, `datetime`, `array`, `dict`), with `object` as another name for `dict` (JSON's
    /// word for it). Nil for any other name.
    public init?(declarationName name: String) {
        if name == "object" {
            self = .dictionary
        } else {
            self.init(rawValue: name)
        }
    }

    /// Whether a value of type `other` may be used where this type is expected: the same type, or an
    /// integer where a number is expected.
    public func accepts(_ other: ExpressionType) -> Bool {
        self == other || (self == .number && other == .integer)
    }
}
