import Foundation

/// A string value compiled: plain text, one whole expression (`"@{count + 1}"`, whose value has the
/// expression's type) or text with expressions embedded (`"Count: @{count}"`, a string).
///
/// Compile once, when the document is read, and evaluate as often as the variables change:
///
/// ```swift
/// var declarations = ExpressionDeclarations()
/// let title = declarations.declare("title", as: .string)!
/// let query = declarations.declare("query", as: .string)!
/// switch ExpressionTemplate.compile("@{contains(toLowerCase(title), toLowerCase(query))}",
///                                   declarations: declarations, resultType: .boolean) {
/// case .success(let template):
///     var variables = ExpressionVariables(declarations: declarations)
///     variables.setValue(.string("Berlin"), for: title)
///     variables.setValue(.string("ber"), for: query)
///     let visible = template.evaluate(with: variables)   // .success(.boolean(true))
/// case .failure(let problems):
///     // Located problems: report them and use the fallback.
/// }
/// ```
///
/// Compiling checks everything that can be checked without values — syntax, declarations, function
/// signatures, operand types, the result type — and folds constant parts. Evaluating is total: it
/// ends within its ``ExpressionBudget`` with a value of ``resultType`` or an ``ExpressionError``,
/// never a crash. A template is immutable and `Sendable`: evaluate it on any thread, from many at
/// once.
public struct ExpressionTemplate: Sendable {
    /// What the string turned out to be.
    public enum Kind: Sendable, Hashable {
        /// No expression: the string is used as it is.
        case text
        /// The whole string is one `@{…}`: the value has the expression's type.
        case expression
        /// Text with expressions in it (or several expressions): the value is a string.
        case interpolation
    }

    /// What the string turned out to be.
    public let kind: Kind
    /// The type of every value ``evaluate(with:budget:)`` returns.
    public let resultType: ExpressionType
    /// The slots the template reads, in ascending order: re-evaluate only when one of them changes.
    /// Functions that format in the person's locale add `env.locale`'s slot.
    public let dependencies: [ExpressionSlot]
    /// Whether the value depends on the time (`nowLocal()`): it may change with no variable
    /// changing.
    public let usesCurrentTime: Bool
    /// The value, when it is known without evaluating: plain text, or an expression whose every part
    /// is constant (`@{'a' + 'b'}`). Evaluating such a template returns it without work.
    public var constantValue: ExpressionValue? { root.constantValue }

    let root: ExpressionNode

    /// Compiles a string value.
    ///
    /// A string with no `@{` is plain text, taken as it is, backslashes included. A string with
    /// `@{` is a template: `@{expression}` parts are expressions, and in its text `\\`, `\'` and
    /// `\@{` are escapes for a backslash, a quote and a literal `@{` (any other backslash is a
    /// problem).
    ///
    /// - Parameters:
    ///   - text: the string value (JSON escapes already decoded).
    ///   - declarations: the variables the expressions may read.
    ///   - resultType: the type the caller needs (`visible` needs `.boolean`); nil for any. An
    ///     integer expression where a number is required is converted. Text and interpolations
    ///     are strings.
    ///   - limits: ``ContentLimits/maximumExpressionLength``, ``ContentLimits/maximumExpressionDepth``,
    ///     and the budget constant parts are folded within.
    /// - Returns: the template, or every problem found, located in `text` (Unicode scalar offsets).
    public static func compile(_ text: String, declarations: ExpressionDeclarations, resultType: ExpressionType? = nil,
                               limits: ContentLimits = .default) -> Result<ExpressionTemplate, ExpressionProblems>
    {
        compile(text, declarations: declarations, resultType: resultType, limits: limits, library: .standard)
    }

    static func compile(_ text: String, declarations: ExpressionDeclarations, resultType: ExpressionType?,
                        limits: ContentLimits, library: ExpressionFunctionLibrary) -> Result<ExpressionTemplate, ExpressionProblems>
    {
        guard containsTemplateSyntax(text) else {
            return finish(.text, .constant(.string(text)), .string, resultType: resultType,
                          wholeRange: { 0..<text.unicodeScalars.count }, problems: [])
        }
        let maximumLength = max(1, limits.maximumExpressionLength)
        guard text.utf8.count <= maximumLength else {
            return .failure(ExpressionProblems([ExpressionProblem(.tooLong,
                "The string is \(text.utf8.count) bytes long; a string with expressions may be at most \(maximumLength) bytes.",
                at: 0..<text.unicodeScalars.count)]))
        }
        var parser = ExpressionParser(text, maximumDepth: limits.maximumExpressionDepth)
        let parts: [ExpressionTemplatePart]
        do {
            parts = try parser.parseTemplate()
        } catch {
            return .failure(ExpressionProblems([error]))
        }
        var checker = ExpressionChecker(declarations: declarations, library: library,
                                        foldBudget: ExpressionBudget(limits: limits))
        if parts.count == 1, case .expression(let syntax?, let range) = parts[0] {
            let checked = checker.check(syntax)
            return finish(.expression, checked.node, checked.type, resultType: resultType,
                          wholeRange: { range }, problems: checker.problems)
        }
        if parts.count == 1, case .expression(nil, let range) = parts[0] {
            return .failure(ExpressionProblems([ExpressionProblem(.syntax,
                "The expression is empty: write one between '@{' and '}'.", at: range)]))
        }
        let node = checker.checkTemplate(parts)
        return finish(.interpolation, node, .string, resultType: resultType, wholeRange: { 0..<text.unicodeScalars.count },
                      problems: checker.problems)
    }

    /// Checks the result type against the caller's and builds the template. The whole string's
    /// range is only counted (scalars are counted one by one) when a problem needs it.
    private static func finish(_ kind: Kind, _ node: ExpressionNode, _ type: ExpressionType?, resultType: ExpressionType?,
                               wholeRange: () -> Range<Int>, problems: [ExpressionProblem])
        -> Result<ExpressionTemplate, ExpressionProblems>
    {
        var problems = problems
        var node = node
        var type = type
        if let required = resultType, let actual = type, !required.accepts(actual) {
            let what = kind == .expression ? "this expression gives \(article(actual))"
                : "this \(kind == .text ? "text" : "text with expressions in it") is a String"
            problems.append(ExpressionProblem(.wrongResultType, "The value must be \(article(required)), but \(what).",
                                              at: wholeRange()))
        } else if resultType == .number, type == .integer {
            node = node.constantValue.map { value in .constant(.number((try? value.double()) ?? 0)) } ?? .toNumber(node)
            type = .number
        }
        guard problems.isEmpty, let type else {
            return .failure(ExpressionProblems(problems.sorted { $0.range.lowerBound < $1.range.lowerBound }))
        }
        return .success(ExpressionTemplate(kind: kind, type: type, root: node))
    }

    private static func article(_ type: ExpressionType) -> String {
        type == .integer || type == .array ? "an \(type.displayName)" : "a \(type.displayName)"
    }

    private init(kind: Kind, type: ExpressionType, root: ExpressionNode) {
        self.kind = kind
        resultType = type
        self.root = root
        var slots = Set<Int>()
        var effects: ExpressionFunction.Effects = []
        root.collectDependencies(into: &slots, effects: &effects)
        if effects.contains(.readsLocale) { slots.insert(ExpressionSlot.environmentLocale.index) }
        dependencies = slots.sorted().map(ExpressionSlot.init)
        usesCurrentTime = effects.contains(.readsClock)
    }

    /// Evaluates the template with the variables' current values.
    ///
    /// - Parameters:
    ///   - variables: the values, by slot, of the declarations the template was compiled with.
    ///   - budget: how many steps the evaluation may take and how large a string it may build.
    /// - Returns: a value of ``resultType``, or why the evaluation failed.
    public func evaluate(with variables: ExpressionVariables, budget: ExpressionBudget = .default)
        -> Result<ExpressionValue, ExpressionError>
    {
        var steps = 0
        return evaluate(with: variables, budget: budget, stepsTaken: &steps)
    }

    /// Evaluates the template, adding the steps it took (all of the budget's when it ran out) to
    /// `stepsTaken`: for callers that share a budget among many evaluations
    /// (``SharedEvaluationBudget``).
    func evaluate(with variables: ExpressionVariables, budget: ExpressionBudget, stepsTaken: inout Int)
        -> Result<ExpressionValue, ExpressionError>
    {
        if case .constant(let value) = root { return .success(value) }
        var evaluation = ExpressionEvaluation(values: variables.values, budget: budget)
        defer { stepsTaken += budget.steps - max(0, evaluation.stepsLeft) }
        do {
            return .success(try evaluation.evaluate(root))
        } catch {
            return .failure(error)
        }
    }

    /// Whether the template reads any of `slots`: whether a change to them needs it re-evaluated.
    public func depends(on slots: Set<ExpressionSlot>) -> Bool {
        dependencies.contains(where: slots.contains)
    }

    /// Whether `text` holds an expression, `@{` not escaped by a backslash: the JSON reader's fast
    /// check, a single pass over the bytes that allocates nothing. A string for which it is false
    /// may still hold an escaped `\@{`, which ``compile(_:declarations:resultType:limits:)`` turns
    /// into `@{` (a constant); ``containsTemplateSyntax(_:)`` tells those apart from plain text.
    public static func containsExpression(_ text: String) -> Bool {
        var backslashes = 0
        // Whether the previous byte is an `@`, and if so whether a backslash escapes it.
        var previousAtIsEscaped: Bool?
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previousAtIsEscaped == false { return true }
            if byte == UInt8(ascii: "@") {
                previousAtIsEscaped = backslashes % 2 == 1
                backslashes = 0
                continue
            }
            previousAtIsEscaped = nil
            backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
        }
        return false
    }

    /// Whether `text` holds `@{` at all, escaped or not: whether it is a template (compiled, with
    /// escapes) rather than plain text (used as it is). Allocates nothing.
    public static func containsTemplateSyntax(_ text: String) -> Bool {
        // Every string of a document is asked: scanned as bytes where it has them in one piece
        // (native strings do), which is several times faster than walking its UTF-8 view.
        if let found = text.utf8.withContiguousStorageIfAvailable(containsTemplateSyntax(utf8:)) {
            return found
        }
        var previousWasAt = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previousWasAt { return true }
            previousWasAt = byte == UInt8(ascii: "@")
        }
        return false
    }

    /// ``containsTemplateSyntax(_:)`` for UTF-8 bytes (the one-pass reader asks it of a text where
    /// it lies in the document).
    static func containsTemplateSyntax(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 1, let base = bytes.baseAddress else { return false }
        // `memchr` looks for the `@` many bytes at a time; most texts have none.
        var start = 0
        while start < bytes.count - 1,
            let found = memchr(base + start, Int32(UInt8(ascii: "@")), bytes.count - 1 - start)
        {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index + 1] == UInt8(ascii: "{") { return true }
            start = index + 1
        }
        return false
    }
}
