/// The problems that kept a string from compiling (``ExpressionTemplate/compile(_:declarations:resultType:limits:)``),
/// in the order of their places in the string. Never empty.
public struct ExpressionProblems: Error, Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The problems.
    public var problems: [ExpressionProblem]

    /// Wraps problems.
    /// - Parameter problems: at least one problem.
    public init(_ problems: [ExpressionProblem]) {
        self.problems = problems
    }

    /// The index of the first problem.
    public var startIndex: Int { problems.startIndex }
    /// The index after the last problem.
    public var endIndex: Int { problems.endIndex }
    /// The problem at `position`.
    public subscript(position: Int) -> ExpressionProblem { problems[position] }

    /// The problems' descriptions, one per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
