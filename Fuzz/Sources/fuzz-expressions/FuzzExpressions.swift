import Foundation
import HubFramework

/// Variables of every type, declared once, with values that reach the functions' edge cases.
private let (declarations, variables): (ExpressionDeclarations, ExpressionVariables) = {
    let values: [String: ExpressionValue] = [
        "s": .string("Grüße, World 👩‍💻 \\ ' @{x}"), "e": .string(""), "i": .integer(.max), "j": .integer(-7),
        "z": .integer(0), "n": .number(-2.5), "b": .boolean(true), "d": .datetime(Date(timeIntervalSince1970: 3_933_296)),
        "a": .array(["x", 1, 2.5, true, nil, ["k": [1]], []]), "o": .dictionary(["k": ["m": "v"], "n": 1e300, "s": "t"]),
    ]
    let declarations = ExpressionDeclarations(values.mapValues(\.type))
    var variables = ExpressionVariables(declarations: declarations,
                                        environment: ExpressionEnvironment(locale: "ru-RU", direction: .rightToLeft))
    for (name, value) in values { variables.setValue(value, forName: name) }
    return (declarations, variables)
}()

/// Small limits, so that inputs reach them: a budget of a few hundred steps and bytes.
private let limits: ContentLimits = {
    var limits = ContentLimits.default
    limits.maximumExpressionDepth = 16
    limits.maximumExpressionValueBytes = 4_096
    return limits
}()

/// One input, from libFuzzer: the input, as text, is compiled as a string value; what compiles is
/// evaluated within the budget. Problems and evaluation errors are expected outcomes; a crash, a
/// sanitizer report, a hang, a problem outside the text or a value of another type than the one
/// compiled is a bug.
func fuzzExpressions(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let length = text.unicodeScalars.count
    // The first byte picks the result type the caller requires, as a schema would, or none.
    let types = ExpressionType.allCases
    let pick = data.first.map { Int($0) % (types.count + 1) } ?? types.count
    let required: ExpressionType? = pick < types.count ? types[pick] : nil
    switch ExpressionTemplate.compile(text, declarations: declarations, resultType: required, limits: limits) {
    case .failure(let problems):
        guard !problems.isEmpty else { fatalError("a failure without problems: \(text.debugDescription)") }
        for problem in problems {
            guard problem.range.lowerBound >= 0, problem.range.upperBound <= length else {
                fatalError("a problem outside the text: \(problem) in \(text.debugDescription)")
            }
            _ = problem.range(in: text)
            _ = problem.utf16Range(in: text)
        }
    case .success(let template):
        // Text without "@{" is plain, and a real "@{" is never plain.
        if !ExpressionTemplate.containsTemplateSyntax(text), template.kind != .text || template.constantValue != .string(text) {
            fatalError("text without @{ was not kept as it is: \(text.debugDescription)")
        }
        if ExpressionTemplate.containsExpression(text), template.kind == .text {
            fatalError("an expression was taken for text: \(text.debugDescription)")
        }
        if let required, !required.accepts(template.resultType) {
            fatalError("\(template.resultType) compiled where \(required) is required: \(text.debugDescription)")
        }
        guard template.dependencies.allSatisfy({ $0.index < declarations.count }) else {
            fatalError("a dependency on an undeclared slot: \(text.debugDescription)")
        }
        switch template.evaluate(with: variables, budget: ExpressionBudget(steps: 500, valueBytes: 4_096)) {
        case .success(let value):
            guard value.type == template.resultType else {
                fatalError("a \(value.type) from a template of type \(template.resultType): \(text.debugDescription)")
            }
            _ = value.text
        case .failure(let error):
            _ = error.message
        }
    }
    return 0
}
