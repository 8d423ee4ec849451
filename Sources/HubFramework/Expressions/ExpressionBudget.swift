/// How much one evaluation may do: how many steps it may take and how large a value it may build.
///
/// The language has no loops and no recursion, so an evaluation takes at most one step per part of
/// the expression (a literal, a variable, an operator, a call), plus one per 64 bytes of the long
/// strings, arrays and dicts its calls and operators read, compare or build; the step budget caps
/// that work for callers that evaluate many expressions on a deadline. The value budget caps the strings an
/// evaluation builds (concatenation, templates, `padStart`, `replaceAll`, `toString` of an array…):
/// the size of the result is computed before it is built, and an evaluation that would pass it
/// fails instead (``ExpressionError/Kind/valueTooLarge``).
public struct ExpressionBudget: Sendable, Hashable {
    /// The most steps (nodes evaluated) one evaluation may take; at least 1.
    public var steps: Int
    /// The most bytes of UTF-8 a string built by the evaluation may hold; at least 1.
    public var valueBytes: Int

    /// Creates a budget; values below 1 count as 1.
    /// - Parameters:
    ///   - steps: the most steps.
    ///   - valueBytes: the most bytes a built string may hold.
    public init(steps: Int, valueBytes: Int) {
        self.steps = max(1, steps)
        self.valueBytes = max(1, valueBytes)
    }

    /// The budget of `limits`: ``ContentLimits/maximumExpressionSteps`` and
    /// ``ContentLimits/maximumExpressionValueBytes``.
    public init(limits: ContentLimits) {
        self.init(steps: limits.maximumExpressionSteps, valueBytes: limits.maximumExpressionValueBytes)
    }

    /// The budget of the default content limits.
    public static let `default` = ExpressionBudget(limits: .default)
}
