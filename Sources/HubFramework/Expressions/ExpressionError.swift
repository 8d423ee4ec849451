/// Why an evaluation failed: the expression was fine when it was compiled, but the values it met
/// were not (a division by zero, an overflow, an index out of range, text that is not a number), or
/// it ran out of its budget.
///
/// A failed evaluation is a value like any other result, never a crash: the caller shows its fallback
/// (a default, the previous value, nothing) and may log the message. The try operator `a !: b`
/// catches these errors inside an expression.
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// Integer arithmetic left the 64-bit range.
        case integerOverflow
        /// Number arithmetic gave an infinite or undefined result.
        case numberOverflow
        /// Division or remainder by zero.
        case divisionByZero
        /// An index or a range outside a string or an array.
        case outOfBounds
        /// A conversion (`toInteger('abc')`) or a function argument that cannot be used.
        case invalidValue
        /// A dict has no member at the path asked for.
        case missingProperty
        /// An array element or dict member is not of the type asked for.
        case wrongValueType
        /// The evaluation took more steps than its ``ExpressionBudget`` allows.
        case stepBudgetExhausted
        /// A value (a string being built) would be larger than the budget allows.
        case valueTooLarge
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The message, in DivKit's form where DivKit has the same failure:
    /// `Failed to evaluate [2 / 0]. Division by zero is not supported.`
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: what kind of failure this is.
    ///   - message: the message.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }

    /// `Failed to evaluate [expression]. reason`.
    static func failed(_ kind: Kind, _ expression: String, _ reason: String) -> ExpressionError {
        ExpressionError(kind, message: "Failed to evaluate [\(expression)]. \(reason)")
    }

    /// `name(a, b)` for messages, the arguments written as values.
    static func call(_ name: String, _ arguments: [ExpressionValue]) -> String {
        name + "(" + arguments.map(\.messageText).joined(separator: ", ") + ")"
    }
}
