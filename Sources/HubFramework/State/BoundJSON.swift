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
    /// hears why, once per template).
    func evaluate(with variables: ExpressionVariables, budget: ExpressionBudget,
                  failed: (ExpressionError) -> Void) -> JSONValue
    {
        switch self {
        case .literal(let value): return value
        case .template(let template):
            switch template.evaluate(with: variables, budget: budget) {
            case .success(let value): return value.jsonValue
            case .failure(let error):
                failed(error)
                return ExpressionValue.defaultValue(of: template.resultType).jsonValue
            }
        case .array(let elements):
            return .array(elements.map { $0.evaluate(with: variables, budget: budget, failed: failed) })
        case .object(let members):
            return .object(members.mapValues { $0.evaluate(with: variables, budget: budget, failed: failed) })
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
