import Foundation

/// The variables every view of an app sees (a backend app's manifest declares them in its `state`):
/// a cart's count, the signed-in person's name. They live as long as the app, and each view of the
/// app re-renders when one of them changes.
@MainActor
public final class AppState {
    /// What the app declares.
    public private(set) var declarations: StateDeclarations
    private(set) var values: [String: ExpressionValue]
    private var observers = WeakObserverList<any AppStateObserver>()

    /// The variables `declarations` declares, at their initial values.
    public init(declarations: StateDeclarations = StateDeclarations()) {
        self.declarations = declarations
        values = Dictionary(uniqueKeysWithValues: declarations.variables.map { ($0.name, $0.initialValue) })
    }

    /// Takes on new declarations (a manifest read again): a variable declared as before keeps its
    /// value, another starts from its declaration, and one no longer declared goes. The views of the
    /// app re-render.
    public func declare(_ declarations: StateDeclarations) {
        let changed = Set(self.declarations.variables.map(\.name)).union(declarations.variables.map(\.name))
        values = StateValues.kept(values, old: self.declarations, new: declarations)
        self.declarations = declarations
        for name in changed.sorted() {
            for observer in observers.all { observer.appState(self, didChange: name) }
        }
    }

    /// The value of `name`, if declared.
    public func value(of name: String) -> ExpressionValue? { values[name] }

    /// Sets `name` to `value` when it is declared and `value` has its type (an integer is taken for a
    /// number); returns whether it did. The views of the app re-render.
    @discardableResult
    public func setValue(_ value: ExpressionValue, for name: String) -> Bool {
        guard let variable = declarations.variable(named: name), let accepted = StateValues.accept(value, for: variable)
        else { return false }
        guard values[name] != accepted else { return true }
        values[name] = accepted
        for observer in observers.all { observer.appState(self, didChange: name) }
        return true
    }

    func addObserver(_ observer: any AppStateObserver) { observers.add(observer) }
    func removeObserver(_ observer: any AppStateObserver) { observers.remove(observer) }
}

/// Hears when a variable of the app changes (each view's state).
@MainActor
protocol AppStateObserver: AnyObject {
    func appState(_ state: AppState, didChange name: String)
}

/// Rules for the values variables take.
enum StateValues {
    /// The values of `new`'s variables after `old`'s: a variable declared the same (name, type and
    /// initial value) keeps its value in `values`; another takes its initial value.
    static func kept(_ values: [String: ExpressionValue], old: StateDeclarations,
                     new: StateDeclarations) -> [String: ExpressionValue]
    {
        var result: [String: ExpressionValue] = [:]
        for variable in new.variables {
            if old.variable(named: variable.name) == variable, let value = values[variable.name] {
                result[variable.name] = value
            } else {
                result[variable.name] = variable.initialValue
            }
        }
        return result
    }

    /// `value` as a value of `variable`'s type: itself, or an integer as a number; nil for another type.
    static func accept(_ value: ExpressionValue, for variable: StateVariable) -> ExpressionValue? {
        if value.type == variable.type { return value }
        if variable.type == .number, case .integer(let integer) = value { return .number(Double(integer)) }
        return nil
    }

    /// An input's value as a value of `type`, where the conversion is exact: itself, an integer as a
    /// number, an integral number as an integer, a number as its text for a string, a text that
    /// reads as a number (or integer) as one.
    static func convert(_ value: ExpressionValue, to type: ExpressionType) -> ExpressionValue? {
        if value.type == type { return value }
        switch (value, type) {
        case (.integer(let integer), .number): return .number(Double(integer))
        case (.number(let number), .integer):
            guard number.rounded() == number, let integer = Int(exactly: number) else { return nil }
            return .integer(integer)
        case (.integer, .string), (.number, .string), (.boolean, .string): return .string(value.text)
        case (.string(let text), .integer): return Int(text.trimmingCharacters(in: .whitespaces)).map { .integer($0) }
        case (.string(let text), .number):
            return Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? .number($0) : nil }
        default: return nil
        }
    }
}
