/// A checked, compiled expression: what the evaluator runs.
///
/// The checker has proved every operand's type, so nodes only say what to do; chains of operators
/// are one node with a list of steps, evaluated in a loop, so the tree is as deep as the
/// expression's nesting and no deeper. Constant parts have been folded into `constant` nodes.
indirect enum ExpressionNode: Sendable {
    case constant(ExpressionValue)
    /// The value in a slot.
    case variable(Int)
    /// `!x`.
    case not(ExpressionNode)
    /// `-x`, integer or number.
    case negate(ExpressionNode)
    /// An integer made a number, where a number is required (a branch, a result).
    case toNumber(ExpressionNode)
    /// `first op operand op operand …`, left to right.
    case fold(ExpressionNode, [Step])
    /// `a && b && …`, stopping at the first false.
    case and([ExpressionNode])
    /// `a || b || …`, stopping at the first true.
    case or([ExpressionNode])
    /// `condition ? then : else`.
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    /// `a !: b !: …`: the first operand that evaluates without an error; the last one's error.
    case attempt([ExpressionNode])
    case call0(ExpressionFunction)
    case call1(ExpressionFunction, ExpressionNode)
    case call2(ExpressionFunction, ExpressionNode, ExpressionNode)
    case call3(ExpressionFunction, ExpressionNode, ExpressionNode, ExpressionNode)
    case callN(ExpressionFunction, [ExpressionNode])
    /// Text and values written as text, joined.
    case template([Piece])

    /// One operator and its right operand in a ``fold(_:_:)``.
    struct Step: Sendable {
        /// Never `and` or `or`: those are nodes of their own, which stop early.
        var operation: ExpressionSyntax.BinaryOperator
        var operand: ExpressionNode
    }

    /// A piece of a template.
    enum Piece: Sendable {
        case text(String)
        case value(ExpressionNode)
    }

    /// The constant value, when this node is one.
    var constantValue: ExpressionValue? {
        if case .constant(let value) = self { return value } else { return nil }
    }

    /// Every slot the node reads, and the effects of the functions it calls.
    func collectDependencies(into slots: inout Set<Int>, effects: inout ExpressionFunction.Effects) {
        switch self {
        case .constant:
            break
        case .variable(let slot):
            slots.insert(slot)
        case .not(let operand), .negate(let operand), .toNumber(let operand):
            operand.collectDependencies(into: &slots, effects: &effects)
        case .fold(let first, let steps):
            first.collectDependencies(into: &slots, effects: &effects)
            for step in steps { step.operand.collectDependencies(into: &slots, effects: &effects) }
        case .and(let operands), .or(let operands), .attempt(let operands):
            for operand in operands { operand.collectDependencies(into: &slots, effects: &effects) }
        case .conditional(let condition, let then, let otherwise):
            for operand in [condition, then, otherwise] { operand.collectDependencies(into: &slots, effects: &effects) }
        case .call0(let function):
            effects.formUnion(function.effects)
        case .call1(let function, let a):
            effects.formUnion(function.effects)
            a.collectDependencies(into: &slots, effects: &effects)
        case .call2(let function, let a, let b):
            effects.formUnion(function.effects)
            for operand in [a, b] { operand.collectDependencies(into: &slots, effects: &effects) }
        case .call3(let function, let a, let b, let c):
            effects.formUnion(function.effects)
            for operand in [a, b, c] { operand.collectDependencies(into: &slots, effects: &effects) }
        case .callN(let function, let arguments):
            effects.formUnion(function.effects)
            for operand in arguments { operand.collectDependencies(into: &slots, effects: &effects) }
        case .template(let pieces):
            for case .value(let operand) in pieces { operand.collectDependencies(into: &slots, effects: &effects) }
        }
    }
}
