/// The parsed form of an expression, before its types are checked: what the parser builds and the
/// checker reads. Every node knows its place (Unicode scalar offsets in the string).
///
/// Chains of operators of the same precedence are one node holding all their operands, so that the
/// tree is only as deep as the expression's real nesting (parentheses, calls, branches, string
/// templates), which the parser bounds; `a + b + … + z` is wide, not deep.
indirect enum ExpressionSyntax {
    /// A literal: a number, `true`/`false`, or a string without expressions in it.
    case literal(ExpressionValue, Range<Int>)
    /// A variable's name.
    case variable(String, Range<Int>)
    /// `!x`, `-x`, `+x`.
    case prefix(PrefixOperator, operatorRange: Range<Int>, ExpressionSyntax)
    /// `a op b op c …`, left to right, all operators of one precedence level.
    case chain(ExpressionSyntax, [ChainLink])
    /// `condition ? then : else`.
    case conditional(ExpressionSyntax, questionRange: Range<Int>, ExpressionSyntax, colonRange: Range<Int>, ExpressionSyntax)
    /// `a !: b !: c`: the first that evaluates without an error.
    case attempt([ExpressionSyntax], operatorRanges: [Range<Int>])
    /// `name(arguments)`; the range runs from the name to the closing parenthesis.
    case call(String, nameRange: Range<Int>, [ExpressionSyntax], Range<Int>)
    /// A string literal with expressions in it: `'Hello, @{name}!'`.
    case template([ExpressionTemplatePart], Range<Int>)
    /// `( expression )`, kept for the range.
    case parenthesized(ExpressionSyntax, Range<Int>)

    /// One operator and the operand after it, in a chain.
    struct ChainLink {
        var operation: BinaryOperator
        var operatorRange: Range<Int>
        var operand: ExpressionSyntax
    }

    enum PrefixOperator: String {
        case not = "!"
        case minus = "-"
        case plus = "+"
    }

    enum BinaryOperator: String, Sendable {
        case or = "||"
        case and = "&&"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case plus = "+"
        case minus = "-"
        case times = "*"
        case divide = "/"
        case remainder = "%"
    }

    /// Where the node is.
    var range: Range<Int> {
        switch self {
        case .literal(_, let range), .variable(_, let range), .call(_, _, _, let range), .template(_, let range),
             .parenthesized(_, let range):
            return range
        case .prefix(_, let operatorRange, let operand):
            return operatorRange.lowerBound..<operand.range.upperBound
        case .chain(let first, let links):
            return first.range.lowerBound..<(links.last?.operand.range.upperBound ?? first.range.upperBound)
        case .conditional(let condition, _, _, _, let otherwise):
            return condition.range.lowerBound..<otherwise.range.upperBound
        case .attempt(let operands, _):
            return operands[0].range.lowerBound..<operands[operands.count - 1].range.upperBound
        }
    }
}

/// A piece of a template: text, or an expression to write as text. The top level of a string value
/// and a string literal with `@{…}` in it are both lists of parts.
enum ExpressionTemplatePart {
    /// Text, with its escapes already applied.
    case text(String)
    /// `@{expression}`; nil for an empty `@{}`. The range covers `@{` to `}`.
    case expression(ExpressionSyntax?, Range<Int>)
}
