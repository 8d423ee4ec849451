/// A library function with one signature and its implementation.
///
/// A class so that a compiled call holds it with one reference. Implementations receive arguments
/// already converted to the signature's types' values (an integer argument of a number parameter
/// arrives as an integer: ``ExpressionValue`` accessors convert), and throw an ``ExpressionError``
/// whose message is the reason only (`Indexes are out of bounds.`); the evaluator adds the call
/// (`Failed to evaluate [substring('012', 2, 5)]. …`).
final class ExpressionFunction: Sendable {
    typealias Nullary = @Sendable (inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue
    typealias Unary = @Sendable (ExpressionValue, inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue
    typealias Binary = @Sendable (ExpressionValue, ExpressionValue, inout ExpressionEvaluation) throws(ExpressionError)
        -> ExpressionValue
    typealias Ternary = @Sendable (ExpressionValue, ExpressionValue, ExpressionValue, inout ExpressionEvaluation)
        throws(ExpressionError) -> ExpressionValue
    typealias Variadic = @Sendable ([ExpressionValue], inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue

    enum Implementation: Sendable {
        case nullary(Nullary)
        case unary(Unary)
        case binary(Binary)
        case ternary(Ternary)
        case variadic(Variadic)
    }

    /// What the function depends on besides its arguments.
    struct Effects: OptionSet, Sendable {
        let rawValue: Int
        /// Reads the current time (`nowLocal`): never folded, and the template says so.
        static let readsClock = Effects(rawValue: 1)
        /// Formats in `env.locale`: the template depends on that slot.
        static let readsLocale = Effects(rawValue: 2)
    }

    let signature: ExpressionFunctionSignature
    let implementation: Implementation
    let effects: Effects
    /// Whether an integer argument is accepted for a number parameter (converted). False for
    /// conversions, where it would hide a mistake: `toInteger(3)` is a problem, as in DivKit, not 3.
    let convertsIntegers: Bool

    init(_ signature: ExpressionFunctionSignature, effects: Effects = [], convertsIntegers: Bool = true,
         _ implementation: Implementation)
    {
        self.signature = signature
        self.implementation = implementation
        self.effects = effects
        self.convertsIntegers = convertsIntegers
    }

    var name: String { signature.name }
}
