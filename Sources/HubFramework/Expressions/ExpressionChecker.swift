/// Checks the types of a parsed expression against the declarations and the function library, and
/// compiles it: variables become slots, calls are resolved to one signature, integers are converted
/// where numbers are required, and constant parts are evaluated once, here.
///
/// Every problem found is kept (a wrong type does not hide an undeclared variable elsewhere); a part
/// whose type could not be known is not reported again where it is used.
struct ExpressionChecker {
    private let declarations: ExpressionDeclarations
    private let library: ExpressionFunctionLibrary
    private let foldBudget: ExpressionBudget
    private(set) var problems: [ExpressionProblem] = []

    init(declarations: ExpressionDeclarations, library: ExpressionFunctionLibrary, foldBudget: ExpressionBudget) {
        self.declarations = declarations
        self.library = library
        self.foldBudget = foldBudget
    }

    /// A compiled node and its type; nil when a problem made the type unknown.
    struct Checked {
        var node: ExpressionNode
        var type: ExpressionType?
    }

    // MARK: Templates

    /// The parts of a template (the string value, or a string literal with expressions) as one string
    /// node.
    mutating func checkTemplate(_ parts: [ExpressionTemplatePart]) -> ExpressionNode {
        var pieces: [ExpressionNode.Piece] = []
        for part in parts {
            switch part {
            case .text(let text):
                pieces.append(.text(text))
            case .expression(nil, _):
                break
            case .expression(let syntax?, _):
                let checked = check(syntax)
                if case .constant(let value) = checked.node, let text = try? value.text(limit: foldBudget.valueBytes) {
                    pieces.append(.text(text))
                } else {
                    pieces.append(.value(checked.node))
                }
            }
        }
        // Neighbouring texts (literal, or constants written as text) become one.
        var merged: [ExpressionNode.Piece] = []
        for piece in pieces {
            if case .text(let text) = piece, case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + text)
            } else {
                merged.append(piece)
            }
        }
        switch merged.count {
        case 0: return .constant(.string(""))
        case 1: if case .text(let text) = merged[0] { return fold(.constant(.string(text))) }
        default: break
        }
        return fold(.template(merged))
    }

    // MARK: Expressions

    mutating func check(_ syntax: ExpressionSyntax) -> Checked {
        switch syntax {
        case .literal(let value, _):
            return Checked(node: .constant(value), type: value.type)
        case .variable(let name, let range):
            return checkVariable(name, at: range)
        case .parenthesized(let inner, _):
            return check(inner)
        case .prefix(let prefixOperator, let operatorRange, let operand):
            return checkPrefix(prefixOperator, operatorRange: operatorRange, operand)
        case .chain(let first, let links):
            return checkChain(first, links)
        case .conditional(let condition, _, let then, _, let otherwise):
            return checkConditional(condition, then, otherwise)
        case .attempt(let operands, let operatorRanges):
            return checkAttempt(operands, operatorRanges: operatorRanges)
        case .call(let name, let nameRange, let arguments, let range):
            return checkCall(name, nameRange: nameRange, arguments, range: range)
        case .template(let parts, _):
            return Checked(node: checkTemplate(parts), type: .string)
        }
    }

    private mutating func checkVariable(_ name: String, at range: Range<Int>) -> Checked {
        if let slot = declarations.slot(named: name) {
            return Checked(node: .variable(slot.index), type: declarations.type(of: slot))
        }
        if name.hasPrefix("env.") {
            report(.undeclaredVariable, "Unknown environment variable '\(name)': the environment has "
                + ExpressionEnvironment.variableNames.joined(separator: ", ") + ".", at: range)
        } else {
            let suggestion = UnknownKeyCheck.nearest(to: name, among: declarations.allNames).map { " Did you mean '\($0)'?" } ?? ""
            report(.undeclaredVariable, "Variable '\(name)' is not declared.\(suggestion)", at: range)
        }
        return Checked(node: .constant(.string("")), type: nil)
    }

    private mutating func checkPrefix(_ prefixOperator: ExpressionSyntax.PrefixOperator, operatorRange: Range<Int>,
                                      _ operandSyntax: ExpressionSyntax) -> Checked
    {
        let operand = check(operandSyntax)
        let range = operatorRange.lowerBound..<operandSyntax.range.upperBound
        switch prefixOperator {
        case .not:
            if let type = operand.type, type != .boolean {
                report(.wrongType, "A Boolean is expected after a unary not, found \(type.displayName).", at: range)
                return Checked(node: operand.node, type: .boolean)
            }
            return Checked(node: fold(.not(operand.node)), type: .boolean)
        case .minus, .plus:
            guard let type = operand.type else { return operand }
            guard type == .integer || type == .number else {
                let name = prefixOperator == .minus ? "minus" : "plus"
                report(.wrongType, "A Number is expected after a unary \(name), found \(type.displayName).", at: range)
                return Checked(node: operand.node, type: nil)
            }
            return prefixOperator == .plus ? operand : Checked(node: fold(.negate(operand.node)), type: type)
        }
    }

    private mutating func checkChain(_ firstSyntax: ExpressionSyntax, _ links: [ExpressionSyntax.ChainLink]) -> Checked {
        let first = check(firstSyntax)
        let operation = links[0].operation
        if operation == .and || operation == .or {
            var nodes = [first.node]
            var leftType = first.type
            var leftRange = firstSyntax.range
            for link in links {
                let operand = check(link.operand)
                _ = binaryResultType(link.operation, leftType, leftRange: leftRange, operand.type,
                                     rightRange: link.operand.range)
                nodes.append(operand.node)
                leftType = .boolean
                leftRange = leftRange.lowerBound..<link.operand.range.upperBound
            }
            return Checked(node: fold(operation == .and ? .and(nodes) : .or(nodes)), type: .boolean)
        }
        var steps: [ExpressionNode.Step] = []
        var type = first.type
        var leftRange = firstSyntax.range
        for link in links {
            let operand = check(link.operand)
            type = binaryResultType(link.operation, type, leftRange: leftRange, operand.type, rightRange: link.operand.range)
            steps.append(.init(operation: link.operation, operand: operand.node))
            leftRange = leftRange.lowerBound..<link.operand.range.upperBound
        }
        return Checked(node: fold(.fold(first.node, steps)), type: type)
    }

    private mutating func binaryResultType(_ operation: ExpressionSyntax.BinaryOperator, _ left: ExpressionType?,
                                           leftRange: Range<Int>, _ right: ExpressionType?, rightRange: Range<Int>)
        -> ExpressionType?
    {
        let fixedResult: ExpressionType? = switch operation {
        case .and, .or, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: .boolean
        default: nil
        }
        guard let left, let right else { return fixedResult }
        func applies(to type: ExpressionType) -> Bool {
            switch operation {
            case .and, .or: type == .boolean
            case .equal, .notEqual: true
            case .less, .lessOrEqual, .greater, .greaterOrEqual: type == .integer || type == .number || type == .datetime
            case .plus: type == .integer || type == .number || type == .string
            case .minus, .times, .divide, .remainder: type == .integer || type == .number
            }
        }
        let symbol = operation.rawValue
        for (type, range) in [(left, leftRange), (right, rightRange)] where !applies(to: type) {
            report(.wrongType, "Operator '\(symbol)' cannot be applied to \(type.displayName) type.", at: range)
            return fixedResult
        }
        let numeric: Set<ExpressionType> = [.integer, .number]
        guard left == right || (numeric.contains(left) && numeric.contains(right)) else {
            report(.wrongType, "Operator '\(symbol)' cannot be applied to different types: \(left.displayName) and \(right.displayName).",
                   at: leftRange.lowerBound..<rightRange.upperBound)
            return fixedResult
        }
        if let fixedResult { return fixedResult }
        return left == right ? left : .number
    }

    private mutating func checkConditional(_ conditionSyntax: ExpressionSyntax, _ thenSyntax: ExpressionSyntax,
                                           _ otherwiseSyntax: ExpressionSyntax) -> Checked
    {
        let condition = check(conditionSyntax)
        if let type = condition.type, type != .boolean {
            report(.wrongType, "Ternary must be called with a Boolean value as a condition, found \(type.displayName).",
                   at: conditionSyntax.range)
        }
        let branches = unify([check(thenSyntax), check(otherwiseSyntax)], ranges: [thenSyntax.range, otherwiseSyntax.range],
                             what: "The two branches of '?:'")
        let node: ExpressionNode = if case .constant(.boolean(let holds)) = condition.node {
            holds ? branches.nodes[0] : branches.nodes[1]
        } else {
            .conditional(condition.node, branches.nodes[0], branches.nodes[1])
        }
        return Checked(node: node, type: branches.type)
    }

    private mutating func checkAttempt(_ operandSyntaxes: [ExpressionSyntax], operatorRanges: [Range<Int>]) -> Checked {
        let operands = unify(operandSyntaxes.map { check($0) }, ranges: operandSyntaxes.map(\.range),
                             what: "The two sides of '!:'")
        // A constant first operand cannot fail: it is the value.
        if case .constant = operands.nodes[0] {
            return Checked(node: operands.nodes[0], type: operands.type)
        }
        return Checked(node: .attempt(operands.nodes), type: operands.type)
    }

    /// One type for values that take each other's place (branches, try operands): all the same, or
    /// integers and numbers, which become numbers.
    private mutating func unify(_ values: [Checked], ranges: [Range<Int>], what: String)
        -> (nodes: [ExpressionNode], type: ExpressionType?)
    {
        var nodes = values.map(\.node)
        let types = values.compactMap(\.type)
        guard types.count == values.count, let first = types.first else { return (nodes, nil) }
        if types.allSatisfy({ $0 == first }) { return (nodes, first) }
        if types.allSatisfy({ $0 == .integer || $0 == .number }) {
            for index in nodes.indices where types[index] == .integer {
                nodes[index] = fold(.toNumber(nodes[index]))
            }
            return (nodes, .number)
        }
        let different = types.first { $0 != first }!
        report(.wrongType, "\(what) have different types: \(first.displayName) and \(different.displayName); they must have the same type.",
               at: ranges[0].lowerBound..<ranges[ranges.count - 1].upperBound)
        return (nodes, nil)
    }

    private mutating func checkCall(_ name: String, nameRange: Range<Int>, _ argumentSyntaxes: [ExpressionSyntax],
                                    range: Range<Int>) -> Checked
    {
        let arguments = argumentSyntaxes.map { check($0) }
        let candidates = library.functions(named: name)
        guard !candidates.isEmpty else {
            let suggestion = UnknownKeyCheck.nearest(to: name, among: library.names).map { " Did you mean '\($0)'?" } ?? ""
            report(.unknownFunction, "Unknown function '\(name)'.\(suggestion)", at: nameRange)
            return Checked(node: .constant(.string("")), type: nil)
        }
        let types = arguments.compactMap(\.type)
        guard types.count == arguments.count else {
            // An argument's type is unknown (already reported): the result's type is known only
            // when every signature agrees on it.
            let results = Set(candidates.map(\.signature.resultType))
            return Checked(node: .constant(.string("")), type: results.count == 1 ? results.first : nil)
        }
        let best = candidates.compactMap { function in
            function.signature.conversions(for: types).flatMap { $0 == 0 || function.convertsIntegers ? (function, $0) : nil }
        }.min { $0.1 < $1.1 }
        guard let (function, _) = best else {
            let signatures = candidates.map(\.signature.description).joined(separator: "; ")
            let given = types.isEmpty ? "no arguments" : "given argument types: " + types.map(\.displayName).joined(separator: ", ")
            report(.wrongArguments, "Function '\(name)' has no matching overload for \(given). Its signatures: \(signatures).",
                   at: range)
            return Checked(node: .constant(.string("")), type: nil)
        }
        let parameters = function.signature.parameters
        let nodes = arguments.enumerated().map { index, argument -> ExpressionNode in
            let parameter = parameters[min(index, parameters.count - 1)]
            return parameter == .number && argument.type == .integer ? fold(.toNumber(argument.node)) : argument.node
        }
        let node: ExpressionNode = switch function.implementation {
        case .nullary: .call0(function)
        case .unary: .call1(function, nodes[0])
        case .binary: .call2(function, nodes[0], nodes[1])
        case .ternary: .call3(function, nodes[0], nodes[1], nodes[2])
        case .variadic: .callN(function, nodes)
        }
        return Checked(node: fold(node), type: function.signature.resultType)
    }

    // MARK: Folding

    /// The node's value when every operand is a constant and nothing else is read (no clock, no
    /// locale), computed now; the node itself when not, or when evaluating it fails (the failure
    /// is then the evaluation's, where `!:` can catch it).
    private func fold(_ node: ExpressionNode) -> ExpressionNode {
        let operands: [ExpressionNode]
        switch node {
        case .constant, .variable, .attempt:
            return node
        case .not(let a), .negate(let a), .toNumber(let a):
            operands = [a]
        case .fold(let first, let steps):
            operands = [first] + steps.map(\.operand)
        case .and(let nodes), .or(let nodes):
            operands = nodes
        case .conditional(let condition, let then, let otherwise):
            operands = [condition, then, otherwise]
        case .call0(let function):
            guard function.effects.isEmpty else { return node }
            operands = []
        case .call1(let function, let a):
            guard function.effects.isEmpty else { return node }
            operands = [a]
        case .call2(let function, let a, let b):
            guard function.effects.isEmpty else { return node }
            operands = [a, b]
        case .call3(let function, let a, let b, let c):
            guard function.effects.isEmpty else { return node }
            operands = [a, b, c]
        case .callN(let function, let nodes):
            guard function.effects.isEmpty else { return node }
            operands = nodes
        case .template(let pieces):
            operands = pieces.compactMap { piece in
                if case .value(let node) = piece { node } else { nil }
            }
        }
        guard operands.allSatisfy({ $0.constantValue != nil }) else { return node }
        var evaluation = ExpressionEvaluation(values: [], budget: foldBudget)
        guard let value = try? evaluation.evaluate(node) else { return node }
        return .constant(value)
    }

    private mutating func report(_ kind: ExpressionProblem.Kind, _ message: String, at range: Range<Int>) {
        problems.append(ExpressionProblem(kind, message, at: range))
    }
}
