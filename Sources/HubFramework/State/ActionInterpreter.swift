import Foundation

/// Runs the actions a document wrote (``JSONAction``) for one event: in order, each seeing what the
/// ones before it changed, within ``ContentLimits/maximumActionSteps`` steps.
///
/// Actions change the view's state directly; what they ask of the app (open a URI, perform a
/// registered action, submit a form) is handed to `perform` as an ``ActionInterpreter/Effect``, in
/// order. An expression that fails leaves its action undone (reported once). Nothing an action does
/// runs actions by itself: a changed variable re-renders the view, so no document can make actions
/// run without end.
@MainActor
package struct ActionInterpreter {
    /// What an action asks of the app.
    package enum Effect {
        /// Open a URI (held to the view's content origin).
        case open(URL)
        /// Perform the registered action with custom data (nil for an identifier written as a
        /// string in `actions`).
        case perform(Identifier, JSONObject?)
        /// Check the form's inputs and show their messages; answers whether all are valid.
        case validate(form: String)
    }

    let state: ViewState
    let limits: ContentLimits
    /// Carries out an effect; for `validate`, answers whether the form is valid, for `perform`,
    /// whether an action handled it.
    let perform: (Effect) -> Bool
    /// Hears why an action was not done (an expression failed, the step limit).
    let report: (String) -> Void

    package init(state: ViewState, limits: ContentLimits, perform: @escaping (Effect) -> Bool,
                 report: @escaping (String) -> Void)
    {
        self.state = state
        self.limits = limits
        self.perform = perform
        self.report = report
    }

    /// Runs the target's actions of `model` in order, when one of them is an action a document
    /// wrote: identifiers through `perform`, the others here. Nil when the target has none (its
    /// identifiers are offered as before); else whether anything ran.
    package func runTargetActions(of model: ComponentModel) -> Bool? {
        guard let steps = model.bindings?.actions, let scope = model.bindings?.scope else { return nil }
        // The view renders once, after the last action.
        return state.batch { runSteps(steps, scope: scope, model: model) }
    }

    private func runSteps(_ steps: [TargetActionStep], scope: BindingScope, model: ComponentModel) -> Bool {
        var count = 0
        for step in steps {
            switch step {
            case .identifier(let identifier):
                count += 1
                _ = perform(.perform(identifier, nil))
            case .program(let action):
                run([action], scope: scope, model: model, steps: &count)
            }
            if count == .max { break }
        }
        return count > 0
    }

    /// Runs `actions` for `model` (whose scope and texts the expressions read). Returns whether
    /// anything ran.
    @discardableResult
    func run(_ actions: [JSONAction], for model: ComponentModel) -> Bool {
        guard let scope = model.bindings?.scope else { return false }
        var steps = 0
        state.batch { run(actions, scope: scope, model: model, steps: &steps) }
        return steps > 0
    }

    private func run(_ actions: [JSONAction], scope: BindingScope, model: ComponentModel, steps: inout Int) {
        for action in actions {
            guard steps < limits.maximumActionSteps else {
                report("more than \(limits.maximumActionSteps) actions ran for one event (the limit maximumActionSteps); "
                    + "the rest were not run")
                steps = .max
                return
            }
            steps += 1
            // Each action sees what the ones before it changed.
            var variables = scope.variables(with: state.snapshot())
            scope.setOwnValues(of: model, in: &variables)
            switch action {
            case .set(let variable, let value):
                guard let new = self.value(of: value, with: variables, as: variable.type) else { continue }
                assign(new, to: variable)
            case .toggle(let variable):
                guard case .boolean(let flag)? = state.value(of: variable.source) else { continue }
                assign(.boolean(!flag), to: variable)
            case .append(let variable, let value):
                guard case .array(var elements)? = state.value(of: variable.source),
                    let element = jsonValue(of: value, with: variables)
                else { continue }
                elements.append(element)
                assign(.array(elements), to: variable)
            case .remove(let variable, let value):
                guard case .array(let elements)? = state.value(of: variable.source),
                    let element = jsonValue(of: value, with: variables)
                else { continue }
                assign(.array(elements.filter { $0 != element }), to: variable)
            case .removeAt(let variable, let index):
                guard case .array(var elements)? = state.value(of: variable.source),
                    case .integer(let position)? = evaluate(index, with: variables)
                else { continue }
                guard elements.indices.contains(position) else {
                    report("remove: there is no element at \(position) in \"\(variable.name)\" (\(elements.count) elements)")
                    continue
                }
                elements.remove(at: position)
                assign(.array(elements), to: variable)
            case .condition(let condition, let then, let otherwise):
                guard case .boolean(let flag)? = evaluate(condition, with: variables) else { continue }
                run(flag ? then : otherwise, scope: scope, model: model, steps: &steps)
            case .open(let uri):
                guard case .string(let text)? = evaluate(uri, with: variables) else { continue }
                guard let url = URL(string: text), url.scheme != nil else {
                    report("open: \(JSONWriter().string(for: .string(String(text.prefix(200))))) is not a URI")
                    continue
                }
                _ = perform(.open(url))
            case .perform(let identifier, let data):
                var object: JSONObject?
                if let data {
                    let value = data.evaluate(with: variables, budget: ExpressionBudget(limits: limits)) { report($0.message) }
                    if case .object(let members) = value { object = members } else { object = ["value": value] }
                }
                _ = perform(.perform(identifier, object))
            case .submit(let form, let then):
                if perform(.validate(form: form)) { run(then, scope: scope, model: model, steps: &steps) }
            }
        }
    }

    private func evaluate(_ template: ExpressionTemplate, with variables: ExpressionVariables) -> ExpressionValue? {
        switch template.evaluate(with: variables, budget: ExpressionBudget(limits: limits)) {
        case .success(let value): return value
        case .failure(let error):
            report(error.message)
            return nil
        }
    }

    private func jsonValue(of bound: BoundJSON, with variables: ExpressionVariables) -> JSONValue? {
        var failed = false
        let value = bound.evaluate(with: variables, budget: ExpressionBudget(limits: limits)) { error in
            failed = true
            report(error.message)
        }
        return failed ? nil : value
    }

    private func value(of bound: BoundJSON, with variables: ExpressionVariables, as type: ExpressionType) -> ExpressionValue? {
        if case .template(let template) = bound { return evaluate(template, with: variables) }
        guard let json = jsonValue(of: bound, with: variables) else { return nil }
        return ExpressionValue(json: json, as: type)
    }

    /// Sets the variable, within the size a value may have.
    private func assign(_ value: ExpressionValue, to variable: VariableReference) {
        let size = ExpressionJSONText.text(for: value.jsonValue, limit: limits.maximumStateValueBytes)?.utf8.count ?? .max
        guard size <= limits.maximumStateValueBytes else {
            report("\"\(variable.name)\" would hold more than \(ContentLimits.describe(bytes: limits.maximumStateValueBytes)) "
                + "(the limit maximumStateValueBytes); it was not changed")
            return
        }
        if !state.setValue(value, for: variable.source) {
            report("\"\(variable.name)\" cannot hold \(value.type.describedWithArticle)")
        }
    }
}
