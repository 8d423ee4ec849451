/// A free-form JSON value (a component's `custom`, `metadata` or `logging`, an action's data) whose
/// strings may be expression templates: each such string compiled, the rest kept as it is.
/// Evaluating it gives the JSON value with each template replaced by its value (a whole-string
/// expression gives its own type: `"@{count}"` becomes a number).
indirect enum BoundJSON: Sendable {
    case literal(JSONValue)
    case template(ExpressionTemplate)
    case array([BoundJSON])
    case object([String: BoundJSON])

    /// Whether nothing in it is a template.
    var isLiteral: Bool { if case .literal = self { true } else { false } }

    /// The value with `variables`; a template that fails gives its type's empty value (`failed`
    /// hears why, once per template), and so does one that `budget` has no more room for (its
    /// ``SharedEvaluationBudget/exhaustion`` says so).
    func evaluate(with variables: ExpressionVariables, budget: inout SharedEvaluationBudget,
                  failed: (ExpressionError) -> Void) -> JSONValue
    {
        switch self {
        case .literal(let value): return value
        case .template(let template):
            switch budget.evaluate(template, with: variables) {
            case .success(let value)?: return value.jsonValue
            case .failure(let error)?:
                failed(error)
                return ExpressionValue.defaultValue(of: template.resultType).jsonValue
            case nil:
                return ExpressionValue.defaultValue(of: template.resultType).jsonValue
            }
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(element.evaluate(with: variables, budget: &budget, failed: failed)) }
            return .array(values)
        case .object(let members):
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members { values[key] = member.evaluate(with: variables, budget: &budget, failed: failed) }
            return .object(values)
        }
    }

    /// The slots its templates read.
    var dependencies: Set<ExpressionSlot> {
        switch self {
        case .literal: return []
        case .template(let template): return Set(template.dependencies)
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion($1.dependencies) }
        case .object(let members): return members.values.reduce(into: []) { $0.formUnion($1.dependencies) }
        }
    }

    /// Whether `value` holds a string with `@{` anywhere.
    static func hasTemplates(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return ExpressionTemplate.containsTemplateSyntax(text)
        case .array(let elements): return elements.contains(where: hasTemplates)
        case .object(let members): return members.values.contains(where: hasTemplates)
        default: return false
        }
    }
}
