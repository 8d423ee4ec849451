/// One token of the expression grammar, with where it is (Unicode scalar offsets in the string).
struct ExpressionToken: Equatable {
    enum Kind: Equatable {
        /// Digits, with an optional fraction and exponent, as written (no sign).
        case number(String)
        /// A name: a variable (`title`, `env.locale`, `var.1`) or, before `(`, a function.
        case identifier(String)
        case plus, minus, star, slash, percent
        case bang, notEqual, tryOperator
        case and, or
        case less, lessOrEqual, greater, greaterOrEqual, equal
        case question, colon, leftParenthesis, rightParenthesis, comma, dot
        /// `'`: a string literal starts; the parser reads it as a template.
        case quote
        /// `}`: the expression ends.
        case closingBrace
        /// The end of the text.
        case end
        /// A character no token starts with, or `=`, `&`, `|` alone.
        case invalid(Unicode.Scalar)
    }

    var kind: Kind
    var range: Range<Int>

    /// How the token reads in a message: `'+'`, `'!:'`, `the end of the text`.
    var quoted: String {
        switch kind {
        case .number(let text): "'\(text)'"
        case .identifier(let name): "'\(name)'"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .percent: "'%'"
        case .bang: "'!'"
        case .notEqual: "'!='"
        case .tryOperator: "'!:'"
        case .and: "'&&'"
        case .or: "'||'"
        case .less: "'<'"
        case .lessOrEqual: "'<='"
        case .greater: "'>'"
        case .greaterOrEqual: "'>='"
        case .equal: "'=='"
        case .question: "'?'"
        case .colon: "':'"
        case .leftParenthesis: "'('"
        case .rightParenthesis: "')'"
        case .comma: "','"
        case .dot: "'.'"
        case .quote: "a string literal"
        case .closingBrace: "'}'"
        case .end: "the end of the text"
        case .invalid(let scalar): "'\(Character(scalar))'"
        }
    }
}
