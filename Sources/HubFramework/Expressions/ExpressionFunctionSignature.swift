/// One signature of a library function: its name, the types of its parameters and of its result.
///
/// Calls are resolved at compile time against the signatures of the function's name: an exact match
/// first, then one where integers are converted to numbers. A call no signature accepts is a
/// located problem that lists the signatures there are.
public struct ExpressionFunctionSignature: Sendable, Hashable, CustomStringConvertible {
    /// The function's name, as DivKit names it: `toLowerCase`, `getOptStringFromDict`.
    public let name: String
    /// The parameter types, in order.
    public let parameters: [ExpressionType]
    /// Whether the last parameter may be repeated (`max(Integer…)`, `getStringFromDict(Dict,
    /// String…)`): the call then takes one or more arguments of that type in its place.
    public let isVariadic: Bool
    /// The type of the result.
    public let resultType: ExpressionType
    /// What the function does, in one sentence.
    public let summary: String

    /// `name(Type, Type…) → Type`.
    public var description: String {
        var types = parameters.map(\.displayName)
        if isVariadic, !types.isEmpty { types[types.count - 1] += "…" }
        return "\(name)(\(types.joined(separator: ", "))) → \(resultType.displayName)"
    }

    /// Whether a call with arguments of `types` fits, and how many integers it converts to numbers
    /// to do so (0 for an exact match); nil when it does not fit.
    func conversions(for types: [ExpressionType]) -> Int? {
        if isVariadic {
            guard types.count >= parameters.count else { return nil }
        } else {
            guard types.count == parameters.count else { return nil }
        }
        var conversions = 0
        for (index, type) in types.enumerated() {
            let parameter = parameters[min(index, parameters.count - 1)]
            guard parameter.accepts(type) else { return nil }
            if parameter != type { conversions += 1 }
        }
        return conversions
    }
}
