/// A variable a document declares in `state`: its name, its type and the value it starts with.
public struct StateVariable: Sendable, Hashable {
    /// The name expressions use (`count`, `query`).
    public let name: String
    /// The type every value it takes has.
    public let type: ExpressionType
    /// The value it has before anything changes it.
    public let initialValue: ExpressionValue

    /// A variable.
    /// - Parameters:
    ///   - name: the name expressions use.
    ///   - type: the type every value it takes has.
    ///   - initialValue: its first value, of `type` (an integer is taken for a number).
    public init(name: String, type: ExpressionType, initialValue: ExpressionValue) {
        self.name = name
        self.type = type
        if type == .number, case .integer(let integer) = initialValue {
            self.initialValue = .number(Double(integer))
        } else {
            self.initialValue = initialValue
        }
    }
}

extension ExpressionType {
    /// "an integer", "a string": the type in a sentence.
    var describedWithArticle: String {
        let name = displayName.lowercased()
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }
}
