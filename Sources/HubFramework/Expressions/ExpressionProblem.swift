/// Something wrong with an expression, found when it is compiled, and where it is.
///
/// The place is a range of **Unicode scalar offsets** in the string value that holds the expression
/// (the text after JSON's escapes are decoded): offset 0 is the string's first scalar. Scalars are
/// what the JSON reader counts columns in, so a caller turns an offset into a line and column by
/// adding it to the position of the string's first character (and counting any JSON escapes
/// before it); ``range(in:)`` and ``utf16Range(in:)`` convert it for other uses.
public struct ExpressionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: Sendable, Hashable {
        /// The text is not a well-formed expression: an unknown character, a missing `)`, `'` or
        /// `}`, an integer literal out of range, an escape that does not exist.
        case syntax
        /// A variable that is not declared.
        case undeclaredVariable
        /// A function the library does not have.
        case unknownFunction
        /// A function called with arguments none of its signatures accepts.
        case wrongArguments
        /// An operator, condition or branch applied to values of types it does not accept.
        case wrongType
        /// The expression's result is not of the type the caller requires.
        case wrongResultType
        /// The string is longer than ``ContentLimits/maximumExpressionLength``.
        case tooLong
        /// The expression is nested deeper than ``ContentLimits/maximumExpressionDepth``.
        case tooDeep
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The message, for people: `Variable 'titel' is not declared. Did you mean 'title'?`
    public var message: String
    /// Where the problem is: Unicode scalar offsets in the string value.
    public var range: Range<Int>

    /// Creates a problem.
    /// - Parameters:
    ///   - kind: what kind of problem this is.
    ///   - message: the message.
    ///   - range: Unicode scalar offsets in the string value.
    public init(_ kind: Kind, _ message: String, at range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    /// `offset: message`, with the start offset.
    public var description: String { "\(range.lowerBound): \(message)" }

    /// The problem's range as string indices in `text`, the string the expression was compiled
    /// from. Offsets past the end are clamped to it.
    public func range(in text: String) -> Range<String.Index> {
        let scalars = text.unicodeScalars
        let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let upper = scalars.index(lower, offsetBy: range.count, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return lower..<upper
    }

    /// The problem's range in UTF-16 code units of `text` (for APIs that count in UTF-16, such as
    /// GTK text buffers' character offsets do not, but many editors do).
    public func utf16Range(in text: String) -> Range<Int> {
        let indices = range(in: text)
        let lower = text.utf16.distance(from: text.startIndex, to: indices.lowerBound)
        return lower..<(lower + text.utf16.distance(from: indices.lowerBound, to: indices.upperBound))
    }
}
