/// The values of declared variables, by slot: what an evaluation reads.
///
/// A value type, cheap to copy until it is changed: keep one per row or per thread, set the values
/// that change and evaluate. Every variable starts with its type's default value
/// (``ExpressionValue/defaultValue(of:)``), the `env` variables with the environment's.
///
/// ```swift
/// var variables = ExpressionVariables(declarations: declarations)
/// variables.setValue(.string("Berlin"), for: title)
/// let result = template.evaluate(with: variables)
/// ```
public struct ExpressionVariables: Sendable, Hashable {
    /// The declarations the slots belong to.
    public let declarations: ExpressionDeclarations
    private(set) var values: [ExpressionValue]

    /// Variables with default values, and the environment's in the `env` slots.
    /// - Parameters:
    ///   - declarations: the variables there are.
    ///   - environment: the `env` values.
    public init(declarations: ExpressionDeclarations, environment: ExpressionEnvironment = ExpressionEnvironment()) {
        self.declarations = declarations
        var values = environment.values
        values.reserveCapacity(declarations.count)
        for index in values.count..<declarations.count {
            values.append(.defaultValue(of: declarations.type(of: ExpressionSlot(index))))
        }
        self.values = values
    }

    /// The value in `slot`.
    public subscript(slot: ExpressionSlot) -> ExpressionValue {
        values[slot.index]
    }

    /// Stores `value` in `slot` when it fits the variable's type (an integer is stored in a number
    /// variable as a number).
    /// - Returns: false, storing nothing, when the value is of another type, is a number that is not
    ///   finite (the language's numbers always are), or the slot is not declared.
    @discardableResult
    public mutating func setValue(_ value: ExpressionValue, for slot: ExpressionSlot) -> Bool {
        guard slot.index >= 0, slot.index < values.count else { return false }
        if case .number(let number) = value, !number.isFinite { return false }
        let type = declarations.type(of: slot)
        if value.type == type {
            values[slot.index] = value
            return true
        }
        if type == .number, case .integer(let integer) = value {
            values[slot.index] = .number(Double(integer))
            return true
        }
        return false
    }

    /// Stores `value` in the variable called `name`, as ``setValue(_:for:)`` does.
    /// - Returns: false when there is no such variable or the value does not fit its type.
    @discardableResult
    public mutating func setValue(_ value: ExpressionValue, forName name: String) -> Bool {
        guard let slot = declarations.slot(named: name) else { return false }
        return setValue(value, for: slot)
    }

    /// Replaces the `env` values.
    public mutating func setEnvironment(_ environment: ExpressionEnvironment) {
        for (index, value) in environment.values.enumerated() {
            values[index] = value
        }
    }
}
