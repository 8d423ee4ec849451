/// Reads a string value into template parts and expression trees: a recursive-descent parser over
/// the string's Unicode scalars, with the tokenizer built in.
///
/// The grammar is DivKit's (docs/json.md, "Grammar", has it in EBNF). Each level of nesting —
/// parentheses, call arguments, conditional branches, string literals with templates — is counted,
/// and the parser stops with a located problem past ``ContentLimits/maximumExpressionDepth``, so no
/// text can make it recurse deeper than that. Chains of operators are read in loops.
///
/// The first syntax error ends the parse: after it, where the expression ends is a guess.
struct ExpressionParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private let maximumDepth: Int
    private var depth = 0

    init(_ text: String, maximumDepth: Int) {
        scalars = Array(text.unicodeScalars)
        self.maximumDepth = max(1, maximumDepth)
    }

    // MARK: Templates

    /// The whole string: text and `@{…}` parts, in order.
    mutating func parseTemplate() throws(ExpressionProblem) -> [ExpressionTemplatePart] {
        var parts: [ExpressionTemplatePart] = []
        while true {
            let text = try readText(inLiteral: false)
            if !text.isEmpty { parts.append(.text(text)) }
            guard position < scalars.count else { return parts }
            parts.append(try parseEmbeddedExpression())
        }
    }

    /// `@{ expression }` at the current position (which is at the `@`).
    private mutating func parseEmbeddedExpression() throws(ExpressionProblem) -> ExpressionTemplatePart {
        let start = position
        position += 2
        if peek().kind == .closingBrace {
            position = peek().range.upperBound
            return .expression(nil, start..<position)
        }
        let expression = try parseExpression()
        let closing = next()
        guard closing.kind == .closingBrace else {
            if closing.kind == .end {
                throw problem("The expression that starts here has no closing '}'.", at: start..<(start + 2))
            }
            throw Self.unexpected(closing, expected: "an operator or '}'")
        }
        return .expression(expression, start..<closing.range.upperBound)
    }

    /// Text up to the end, an `@{` or (in a string literal) the closing quote, with its escapes
    /// applied: `\\` is a backslash, `\'` a quote, `\@{` the two characters `@{`.
    private mutating func readText(inLiteral: Bool) throws(ExpressionProblem) -> String {
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\\" {
                let start = position
                while position < scalars.count, scalars[position] == "\\" { position += 1 }
                let count = position - start
                for _ in 0..<(count / 2) { text.append("\\") }
                guard count % 2 == 1 else { continue }
                let backslash = (position - 1)..<position
                guard position < scalars.count, scalars[position] != " " else {
                    throw problem("A backslash alone: write '\\\\' for a backslash.", at: backslash)
                }
                if scalars[position] == "'" {
                    text.append("'")
                    position += 1
                } else if scalars[position] == "@", position + 1 < scalars.count, scalars[position + 1] == "{" {
                    text.append("@")
                    text.append("{")
                    position += 2
                } else {
                    throw problem("Unknown escape '\\\(Character(scalars[position]))': the escapes are '\\\\', '\\'' and '\\@{'.",
                                  at: backslash.lowerBound..<(position + 1))
                }
                continue
            }
            if inLiteral, scalar == "'" { break }
            if scalar == "@", position + 1 < scalars.count, scalars[position + 1] == "{" { break }
            text.append(scalar)
            position += 1
        }
        return String(text)
    }

    // MARK: Expressions, loosest first

    /// `condition ? a : b`, or anything tighter.
    private mutating func parseExpression() throws(ExpressionProblem) -> ExpressionSyntax {
        let condition = try parseBinary()
        let question = peek()
        guard question.kind == .question else { return condition }
        position = question.range.upperBound
        try enterNesting(at: question.range)
        let then = try parseExpression()
        let colon = next()
        guard colon.kind == .colon else {
            throw Self.unexpected(colon, expected: "':' and the value when the condition is false")
        }
        let otherwise = try parseExpression()
        depth -= 1
        return .conditional(condition, questionRange: question.range, then, colonRange: colon.range, otherwise)
    }

    /// Operands and the binary operators between them, read in one loop, then grouped by
    /// precedence. The grouping recurses over the seven precedence levels, not over the operands, so
    /// a level of nesting costs the parser a few stack frames, not one per precedence level.
    private mutating func parseBinary() throws(ExpressionProblem) -> ExpressionSyntax {
        var operands = [try parsePrefix()]
        var operators: [(BinaryToken, Range<Int>)] = []
        while let binary = BinaryToken(peek().kind) {
            let token = next()
            operators.append((binary, token.range))
            operands.append(try parsePrefix())
        }
        return operators.isEmpty ? operands[0] : Self.group(operands[...], operators[...], level: 0)
    }

    /// `operands` with `operators` between them (one fewer), grouped from precedence `level` on: the
    /// operators of that level split the operands into parts grouped at the next level.
    private static func group(_ operands: ArraySlice<ExpressionSyntax>, _ operators: ArraySlice<(BinaryToken, Range<Int>)>,
                              level: Int) -> ExpressionSyntax
    {
        guard !operators.isEmpty, level <= BinaryToken.tightestLevel else { return operands[operands.startIndex] }
        let splits = operators.indices.filter { operators[$0].0.level == level }
        guard !splits.isEmpty else { return group(operands, operators, level: level + 1) }
        // Operator i stands between operand i and operand i + 1 (the slices share their indices).
        var parts: [ExpressionSyntax] = []
        var start = operators.startIndex
        for split in splits + [operators.endIndex] {
            parts.append(group(operands[start...split], operators[start..<split], level: level + 1))
            start = split + 1
        }
        if level == BinaryToken.tryOperator.level {
            return .attempt(parts, operatorRanges: splits.map { operators[$0].1 })
        }
        let links = zip(splits, parts.dropFirst()).map { split, part in
            ExpressionSyntax.ChainLink(operation: operators[split].0.operation!, operatorRange: operators[split].1, operand: part)
        }
        return .chain(parts[0], links)
    }

    /// `!x`, `-x`, `+x`. As in DivKit, two prefix operators in a row are refused (`--x`, `!-x`): the
    /// second needs parentheses. A minus before a number literal is part of the literal, so the
    /// smallest integer, `-9223372036854775808`, can be written.
    private mutating func parsePrefix() throws(ExpressionProblem) -> ExpressionSyntax {
        let token = peek()
        let prefixOperator: ExpressionSyntax.PrefixOperator
        switch token.kind {
        case .bang: prefixOperator = .not
        case .minus: prefixOperator = .minus
        case .plus: prefixOperator = .plus
        default: return try parsePrimary()
        }
        position = token.range.upperBound
        let operandToken = peek()
        switch operandToken.kind {
        case .bang, .minus, .plus:
            throw problem("Two prefix operators in a row: put \(operandToken.quoted) and what follows in parentheses.",
                          at: operandToken.range)
        case .number(let digits) where prefixOperator != .not:
            position = operandToken.range.upperBound
            let sign = prefixOperator == .minus ? "-" : ""
            return .literal(try numberValue(sign + digits, at: operandToken.range), token.range.lowerBound..<operandToken.range.upperBound)
        default:
            return .prefix(prefixOperator, operatorRange: token.range, try parsePrimary())
        }
    }

    private mutating func parsePrimary() throws(ExpressionProblem) -> ExpressionSyntax {
        let token = next()
        switch token.kind {
        case .number(let digits):
            return .literal(try numberValue(digits, at: token.range), token.range)
        case .identifier(let name):
            return try parseName(name, at: token.range)
        case .leftParenthesis:
            return try parseParenthesized(startingAt: token.range)
        case .quote:
            return try parseStringLiteral(startingAt: token.range.lowerBound)
        default:
            throw Self.valueExpected(token)
        }
    }

    // The recursive functions keep their frames small (the stack a level of nesting costs, most
    // of all in debug builds, where every local of a function has its own slot): messages are made
    // in separate functions, and each construct is parsed by a function of its own.

    /// A literal `true`/`false`, a variable, or a call (the position after the name).
    private mutating func parseName(_ name: String, at range: Range<Int>) throws(ExpressionProblem) -> ExpressionSyntax {
        if name == "true" || name == "false" { return .literal(.boolean(name == "true"), range) }
        guard peek().kind == .leftParenthesis else { return .variable(name, range) }
        if name.contains(".") { throw Self.methodProblem(name, at: range) }
        return try parseCall(name, nameRange: range)
    }

    /// `( expression )`, the position after the `(`.
    private mutating func parseParenthesized(startingAt open: Range<Int>) throws(ExpressionProblem) -> ExpressionSyntax {
        try enterNesting(at: open)
        let inner = try parseExpression()
        let closing = next()
        guard closing.kind == .rightParenthesis else { throw Self.unclosedParenthesis(closing, openedAt: open) }
        depth -= 1
        return .parenthesized(inner, open.lowerBound..<closing.range.upperBound)
    }

    @inline(never)
    private static func valueExpected(_ token: ExpressionToken) -> ExpressionProblem {
        if case .invalid = token.kind { return unexpected(token, expected: "") }
        return ExpressionProblem(.syntax, "Expected a value here (a literal, a variable, a call or '('), found \(token.quoted).",
                                 at: token.range)
    }

    @inline(never)
    private static func methodProblem(_ name: String, at range: Range<Int>) -> ExpressionProblem {
        let dot = name.lastIndex(of: ".")!
        let method = name[name.index(after: dot)...]
        return ExpressionProblem(.syntax, "Methods are not supported: write \(method)(\(name[..<dot]), …) instead of \(name)(…).",
                                 at: range)
    }

    @inline(never)
    private static func unclosedParenthesis(_ closing: ExpressionToken, openedAt open: Range<Int>) -> ExpressionProblem {
        unexpected(closing, expected: "')' to close the '(' at offset \(open.lowerBound)")
    }

    /// `name(argument, …)`, the position after the name.
    private mutating func parseCall(_ name: String, nameRange: Range<Int>) throws(ExpressionProblem) -> ExpressionSyntax {
        let open = next()
        try enterNesting(at: open.range)
        var arguments: [ExpressionSyntax] = []
        if peek().kind == .rightParenthesis {
            let closing = next()
            depth -= 1
            return .call(name, nameRange: nameRange, arguments, nameRange.lowerBound..<closing.range.upperBound)
        }
        while true {
            arguments.append(try parseExpression())
            let separator = next()
            switch separator.kind {
            case .comma:
                continue
            case .rightParenthesis:
                depth -= 1
                return .call(name, nameRange: nameRange, arguments, nameRange.lowerBound..<separator.range.upperBound)
            default:
                throw Self.unexpected(separator, expected: "',' or ')' in the arguments of '\(name)'")
            }
        }
    }

    /// `'text'` or `'text @{expression} text'`, the position after the opening quote.
    private mutating func parseStringLiteral(startingAt start: Int) throws(ExpressionProblem) -> ExpressionSyntax {
        try enterNesting(at: start..<(start + 1))
        var parts: [ExpressionTemplatePart] = []
        while true {
            let text = try readText(inLiteral: true)
            if !text.isEmpty { parts.append(.text(text)) }
            guard position < scalars.count else {
                throw problem("The string literal that starts here has no closing quote.", at: start..<(start + 1))
            }
            if scalars[position] == "'" {
                position += 1
                break
            }
            parts.append(try parseEmbeddedExpression())
        }
        depth -= 1
        let range = start..<position
        switch parts.count {
        case 0: return .literal(.string(""), range)
        case 1: if case .text(let text) = parts[0] { return .literal(.string(text), range) }
        default: break
        }
        return .template(parts, range)
    }

    private mutating func enterNesting(at range: Range<Int>) throws(ExpressionProblem) {
        depth += 1
        if depth > maximumDepth {
            throw ExpressionProblem(.tooDeep, "The expression is nested more than \(maximumDepth) levels deep here.", at: range)
        }
    }

    /// The value of a number literal as written (`-` included): an integer when it has neither a
    /// point nor an exponent, otherwise a number.
    private func numberValue(_ text: String, at range: Range<Int>) throws(ExpressionProblem) -> ExpressionValue {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let integer = Int(text) else {
                throw problem("Value \(text) can't be converted to Integer type: integers are from -9223372036854775808 to 9223372036854775807.",
                              at: range)
            }
            return .integer(integer)
        }
        guard let number = Double(text), number.isFinite else {
            throw problem("Value \(text) can't be converted to Number type.", at: range)
        }
        return .number(number)
    }

    /// The problem of finding `token` where `expected` should be; a character that is no token at
    /// all says so instead.
    @inline(never)
    private static func unexpected(_ token: ExpressionToken, expected: String) -> ExpressionProblem {
        if case .invalid(let scalar) = token.kind {
            if scalar == "=" || scalar == "&" || scalar == "|" {
                return ExpressionProblem(.syntax, "Unknown operator \(token.quoted): the operators are ==, &&, ||.", at: token.range)
            }
            return ExpressionProblem(.syntax, "Unexpected character \(token.quoted).", at: token.range)
        }
        return ExpressionProblem(.syntax, "Expected \(expected), found \(token.quoted).", at: token.range)
    }

    private func problem(_ message: String, at range: Range<Int>) -> ExpressionProblem {
        ExpressionProblem(.syntax, message, at: range)
    }

    // MARK: Tokens

    /// The next token, without moving.
    private func peek() -> ExpressionToken {
        var copy = self
        return copy.next()
    }

    /// The next token in an expression; whitespace (space, tab, CR, LF) between tokens is skipped.
    private mutating func next() -> ExpressionToken {
        while position < scalars.count, Self.isWhitespace(scalars[position]) {
            position += 1
        }
        let start = position
        guard position < scalars.count else { return ExpressionToken(kind: .end, range: start..<start) }
        let scalar = scalars[position]
        let following: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
        func token(_ kind: ExpressionToken.Kind, length: Int = 1) -> ExpressionToken {
            position = start + length
            return ExpressionToken(kind: kind, range: start..<position)
        }
        switch scalar {
        case "+": return token(.plus)
        case "-": return token(.minus)
        case "*": return token(.star)
        case "/": return token(.slash)
        case "%": return token(.percent)
        case "?": return token(.question)
        case ":": return token(.colon)
        case "(": return token(.leftParenthesis)
        case ")": return token(.rightParenthesis)
        case ",": return token(.comma)
        case "'": return token(.quote)
        case "}": return token(.closingBrace)
        case "!":
            if following == "=" { return token(.notEqual, length: 2) }
            if following == ":" { return token(.tryOperator, length: 2) }
            return token(.bang)
        case "=": return following == "=" ? token(.equal, length: 2) : token(.invalid(scalar))
        case "&": return following == "&" ? token(.and, length: 2) : token(.invalid(scalar))
        case "|": return following == "|" ? token(.or, length: 2) : token(.invalid(scalar))
        case "<": return following == "=" ? token(.lessOrEqual, length: 2) : token(.less)
        case ">": return following == "=" ? token(.greaterOrEqual, length: 2) : token(.greater)
        default:
            break
        }
        if Self.isDigit(scalar) || (scalar == "." && following.map(Self.isDigit) == true) {
            return token(.number(readNumber()), length: position - start)
        }
        if scalar == "." { return token(.dot) }
        if Self.isLetter(scalar) || scalar == "_" {
            while position < scalars.count,
                  Self.isLetter(scalars[position]) || Self.isDigit(scalars[position]) || scalars[position] == "_"
                  || scalars[position] == "."
            {
                position += 1
            }
            let name = String(String.UnicodeScalarView(scalars[start..<position]))
            return token(.identifier(name), length: position - start)
        }
        return token(.invalid(scalar))
    }

    /// Digits, then `.digits` and an exponent when present; the position at the first character.
    private mutating func readNumber() -> String {
        let start = position
        func digits() {
            while position < scalars.count, Self.isDigit(scalars[position]) { position += 1 }
        }
        digits()
        if position + 1 < scalars.count, scalars[position] == ".", Self.isDigit(scalars[position + 1]) {
            position += 1
            digits()
        }
        if position < scalars.count, scalars[position] == "e" || scalars[position] == "E", position > start,
           Self.isDigit(scalars[position - 1])
        {
            var exponentStart = position + 1
            if exponentStart < scalars.count, scalars[exponentStart] == "+" || scalars[exponentStart] == "-" {
                exponentStart += 1
            }
            if exponentStart < scalars.count, Self.isDigit(scalars[exponentStart]) {
                position = exponentStart
                digits()
            }
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The binary operators, with their precedence levels from the loosest (0, `||`) to the
    /// tightest (6, `*` `/` `%`). The try operator `!:` sits between the comparisons and the sums,
    /// as in DivKit (`x !: 8 + 4` is `x !: (8 + 4)`, `x !: 8 > 4` is `(x !: 8) > 4`).
    private enum BinaryToken {
        case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, tryOperator, plus, minus, times,
             divide, remainder

        static let tightestLevel = 6

        init?(_ kind: ExpressionToken.Kind) {
            switch kind {
            case .or: self = .or
            case .and: self = .and
            case .equal: self = .equal
            case .notEqual: self = .notEqual
            case .less: self = .less
            case .lessOrEqual: self = .lessOrEqual
            case .greater: self = .greater
            case .greaterOrEqual: self = .greaterOrEqual
            case .tryOperator: self = .tryOperator
            case .plus: self = .plus
            case .minus: self = .minus
            case .star: self = .times
            case .slash: self = .divide
            case .percent: self = .remainder
            default: return nil
            }
        }

        var level: Int {
            switch self {
            case .or: 0
            case .and: 1
            case .equal, .notEqual: 2
            case .less, .lessOrEqual, .greater, .greaterOrEqual: 3
            case .tryOperator: 4
            case .plus, .minus: 5
            case .times, .divide, .remainder: 6
            }
        }

        /// The chain operator; nil for `!:`, which makes an attempt node instead.
        var operation: ExpressionSyntax.BinaryOperator? {
            switch self {
            case .or: .or
            case .and: .and
            case .equal: .equal
            case .notEqual: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            case .greaterOrEqual: .greaterOrEqual
            case .tryOperator: nil
            case .plus: .plus
            case .minus: .minus
            case .times: .times
            case .divide: .divide
            case .remainder: .remainder
            }
        }
    }
}
