/// What many evaluations may take together: all the expressions of one evaluation of a view
/// (``ViewStateEvaluator``), or all those of the actions of one event (``ActionInterpreter``).
///
/// Each expression has its own budget (``ExpressionBudget``: steps, and the size of a string it
/// builds), and there is no end to how many expressions a document makes: a template used 50,000
/// times copies its expressions into every use, and 500 rows of `custom` data of 20 `"@{s + s}"`
/// each held 640 MB built from a 130 KB document. So the evaluations share a budget of steps and of
/// the bytes of the strings they give (what the evaluated view keeps): each evaluation gets its own
/// budget within what is left, and once either is spent, the evaluations after it are not run and
/// give their type's empty value; ``exhaustion`` says which ran out, for the one report.
struct SharedEvaluationBudget {
    /// What ran out.
    enum Exhaustion: Equatable {
        /// The steps.
        case steps
        /// The bytes of the strings given.
        case bytes
    }

    /// Each evaluation's own budget.
    let perEvaluation: ExpressionBudget
    /// Steps left to all the evaluations.
    private(set) var stepsLeft: Int
    /// Bytes of strings left to all the evaluations.
    private(set) var bytesLeft: Int
    /// What ran out, if anything did: nothing is evaluated from then on.
    private(set) var exhaustion: Exhaustion?

    /// - Parameters:
    ///   - perEvaluation: each evaluation's budget.
    ///   - steps: the steps of all of them together.
    ///   - bytes: the bytes of the strings they give, together.
    init(perEvaluation: ExpressionBudget, steps: Int, bytes: Int = .max) {
        self.perEvaluation = perEvaluation
        stepsLeft = max(1, steps)
        bytesLeft = max(1, bytes)
    }

    /// The value of `template`: nil when the budget was spent before or by it (see
    /// ``exhaustion``), else its evaluation within its own budget.
    mutating func evaluate(_ template: ExpressionTemplate, with variables: ExpressionVariables)
        -> Result<ExpressionValue, ExpressionError>?
    {
        guard exhaustion == nil else { return nil }
        if let constant = template.constantValue { return .success(constant) }
        let steps = min(perEvaluation.steps, stepsLeft)
        var taken = 0
        let result = template.evaluate(with: variables, budget: ExpressionBudget(steps: steps, valueBytes: perEvaluation.valueBytes),
                                       stepsTaken: &taken)
        stepsLeft -= taken
        if case .failure(let error) = result, error.kind == .stepBudgetExhausted, steps < perEvaluation.steps {
            // It ran out of what was left to all, not of its own budget.
            exhaustion = .steps
            return nil
        }
        if stepsLeft <= 0 { exhaustion = .steps }
        if case .success(.string(let text)) = result {
            bytesLeft -= text.utf8.count
            if bytesLeft < 0 {
                exhaustion = .bytes
                return nil
            }
        }
        return result
    }

    /// Takes `steps` for work that is not an expression (an action's check of the size of a value,
    /// a validator's pattern matched); false, and the budget spent, when they do not fit.
    mutating func spend(steps: Int) -> Bool {
        guard exhaustion == nil else { return false }
        guard steps <= stepsLeft else {
            stepsLeft = 0
            exhaustion = .steps
            return false
        }
        stepsLeft -= steps
        return true
    }
}
