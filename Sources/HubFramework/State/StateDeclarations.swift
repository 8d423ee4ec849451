/// The variables one scope declares, in the order the document gives them: a view's `state`, a
/// component's `state` (for it and its children) or a backend app's (for every view of the app).
///
/// A declaration is either short, the initial value alone, whose type is read from it
/// (`"count": 0` is an integer, `"ratio": 0.5` a number, `"query": ""` a string, `"agreed": false`
/// a boolean, `[]` an array, `{}` an object), or long, an object with `type` and `value`, for a
/// type the value cannot say (`"price": {"type": "number", "value": 1}`) or an object that would read
/// as a long declaration. `ViewStateReader` reads them with located problems.
public struct StateDeclarations: Sendable, Hashable {
    /// The variables, in document order.
    public private(set) var variables: [StateVariable] = []

    /// No variables.
    public init() {}

    /// The variables given, in order; a name given twice keeps its first declaration.
    public init(_ variables: [StateVariable]) {
        for variable in variables { add(variable) }
    }

    /// Whether there are no variables.
    public var isEmpty: Bool { variables.isEmpty }

    /// The variable called `name`, if declared.
    public func variable(named name: String) -> StateVariable? {
        variables.first { $0.name == name }
    }

    /// Adds `variable` unless one of that name is declared; false when it was.
    @discardableResult
    public mutating func add(_ variable: StateVariable) -> Bool {
        guard self.variable(named: variable.name) == nil else { return false }
        variables.append(variable)
        return true
    }
}
