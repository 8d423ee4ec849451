import Foundation

/// Runs the actions a document wrote (``JSONAction``) for one event: in order, each seeing what the
/// ones before it changed, within ``ContentLimits/maximumActionSteps`` actions and
/// ``ContentLimits/maximumActionEvaluationSteps`` steps of their expressions and value checks.
///
/// Actions change the view's state directly; what they ask of the app (open a URI, perform a
/// registered action, submit a form) is handed to `perform` as an ``ActionInterpreter/Effect``, in
/// order. An expression that fails leaves its action undone (reported). Nothing an action does
/// runs actions by itself: a changed variable re-renders the view, it does not select anything, so
/// no document can make actions run without end; an event that passes a limit stops there, with
/// one report, and what its actions changed before stays (each change is whole, checked before it
/// is made).
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
        /// Send a request to the document's server; answers whether it was sent (the view calls
        /// ``runHandlers(of:with:)`` with its answer).
        case send(PreparedRequest)
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
        var event = Event(limits: limits)
        // The view renders once, after the last action.
        state.batch {
            for step in steps {
                guard event.mayRun(report: report) else { break }
                switch step {
                case .identifier(let identifier):
                    // What the app does may change any variable: sizes known before are not.
                    event.sizes.removeAll()
                    _ = perform(.perform(identifier, nil))
                case .program(let action): run(action, scope: scope, model: model, event: &event)
                }
            }
        }
        return event.actions > 0
    }

    /// Runs `actions` for `model` (whose scope and texts the expressions read). Returns whether
    /// anything ran.
    @discardableResult
    func run(_ actions: [JSONAction], for model: ComponentModel) -> Bool {
        guard let scope = model.bindings?.scope else { return false }
        var event = Event(limits: limits)
        state.batch { run(actions, scope: scope, model: model, event: &event) }
        return event.actions > 0
    }

    /// What one event has run and may still run.
    private struct Event {
        let limits: ContentLimits
        /// Actions run (or begun).
        var actions = 0
        /// A limit was passed: nothing more runs.
        var stopped = false
        /// What the expressions and value checks of the event may still take.
        var budget: SharedEvaluationBudget
        /// The size of the JSON text of the values the event set, or more: appending to an array
        /// measures the element, not the whole array again.
        var sizes: [BindingScope.Source: Int] = [:]
        /// The values the variables the event changed had before it: a request sent puts back the
        /// ones changed before it when it fails.
        var rollback = StateRollback()
        /// The answer the actions read as `response.…`, for those that follow a request.
        var response: ResponseValues?

        init(limits: ContentLimits) {
            self.limits = limits
            budget = SharedEvaluationBudget(perEvaluation: ExpressionBudget(limits: limits),
                                            steps: limits.maximumActionEvaluationSteps)
        }

        /// Counts one more action; false, and the event stopped (reported once), when it would
        /// pass ``ContentLimits/maximumActionSteps``.
        mutating func mayRun(report: (String) -> Void) -> Bool {
            guard !stopped else { return false }
            guard actions < limits.maximumActionSteps else {
                report("more than \(limits.maximumActionSteps) actions ran for one event (the limit maximumActionSteps); "
                    + "the rest were not run")
                stopped = true
                return false
            }
            actions += 1
            return true
        }

        /// Stops the event when its budget ran out (reported once); returns whether it did.
        mutating func stopIfSpent(report: (String) -> Void) -> Bool {
            guard !stopped, budget.exhaustion != nil else { return stopped }
            report("the actions of one event took more than \(limits.maximumActionEvaluationSteps) steps of their "
                + "expressions and value checks (the limit maximumActionEvaluationSteps); the rest were not run")
            stopped = true
            return true
        }
    }

    private func run(_ actions: [JSONAction], scope: BindingScope, model: ComponentModel, event: inout Event) {
        for action in actions {
            guard event.mayRun(report: report) else { return }
            run(action, scope: scope, model: model, event: &event)
        }
    }

    private func run(_ action: JSONAction, scope: BindingScope, model: ComponentModel, event: inout Event) {
        // Each action sees what the ones before it changed.
        var variables = scope.variables(with: state.snapshot())
        scope.setOwnValues(of: model, in: &variables)
        if let response = event.response { scope.setResponseValues(response, in: &variables) }
        switch action {
        case .set(let variable, let value):
            guard let new = self.value(of: value, with: variables, as: variable.type, event: &event) else { return }
            assign(new, to: variable, event: &event)
        case .toggle(let variable):
            guard case .boolean(let flag)? = state.value(of: variable.source) else { return }
            assign(.boolean(!flag), to: variable, event: &event)
        case .append(let variable, let value):
            guard case .array(var elements)? = state.value(of: variable.source),
                let element = jsonValue(of: value, with: variables, event: &event),
                spendCopying(elements, event: &event)
            else { return }
            elements.append(element)
            assign(.array(elements), to: variable, event: &event, appended: element)
        case .remove(let variable, let value):
            guard case .array(let elements)? = state.value(of: variable.source),
                let element = jsonValue(of: value, with: variables, event: &event)
            else { return }
            // Each element is compared with the value: charged before, as an expression's `==` is.
            var values = 0
            let elementBytes = ExpressionJSONText.text(for: element, limit: limits.maximumStateValueBytes, values: &values)?
                .utf8.count ?? limits.maximumStateValueBytes
            let (work, overflow) = elements.count.multipliedReportingOverflow(by: values + elementBytes / ExpressionEvaluation.bytesPerStep)
            guard event.budget.spend(steps: overflow ? .max : work / ExpressionEvaluation.bytesPerStep + 1) else {
                _ = event.stopIfSpent(report: report)
                return
            }
            // Fewer elements: no larger than the value it replaces, which was within the limit.
            setSmaller(.array(elements.filter { $0 != element }), to: variable, event: &event)
        case .removeAt(let variable, let index):
            guard case .array(var elements)? = state.value(of: variable.source),
                case .integer(let position)? = evaluate(index, with: variables, event: &event),
                spendCopying(elements, event: &event)
            else { return }
            guard elements.indices.contains(position) else {
                report("remove: there is no element at \(position) in \"\(variable.name)\" (\(elements.count) elements)")
                return
            }
            elements.remove(at: position)
            setSmaller(.array(elements), to: variable, event: &event)
        case .condition(let condition, let then, let otherwise):
            guard case .boolean(let flag)? = evaluate(condition, with: variables, event: &event) else { return }
            run(flag ? then : otherwise, scope: scope, model: model, event: &event)
        case .open(let uri):
            guard case .string(let text)? = evaluate(uri, with: variables, event: &event) else { return }
            guard let url = URL(string: text), url.scheme != nil else {
                report("open: \(JSONWriter().string(for: .string(String(text.prefix(200))))) is not a URI")
                return
            }
            // Held to the view's content origin by whoever carries it out, as a target's URI is.
            event.sizes.removeAll()
            _ = perform(.open(url))
        case .perform(let identifier, let data):
            var object: JSONObject?
            if let data {
                // A template that fails gives its type's empty value in the data (reported).
                let value = data.evaluate(with: variables, budget: &event.budget) { report($0.message) }
                if event.stopIfSpent(report: report) { return }
                if case .object(let members) = value { object = members } else { object = ["value": value] }
            }
            event.sizes.removeAll()
            _ = perform(.perform(identifier, object))
        case .submit(let form, let then, let request):
            event.sizes.removeAll()
            guard perform(.validate(form: form)) else { return }
            run(then, scope: scope, model: model, event: &event)
            if let request { send(request, form: form, with: variables, model: model, event: &event) }
        case .request(let request):
            send(request, form: nil, with: variables, model: model, event: &event)
        }
    }

    /// Evaluates what `request` sends and hands it to `perform`, with what the event changed so
    /// far (rolled back if it fails). A value that fails to evaluate sends nothing (reported).
    private func send(_ request: RequestAction, form: String?, with variables: ExpressionVariables,
                      model: ComponentModel, event: inout Event)
    {
        guard case .string(let url)? = evaluate(request.url, with: variables, event: &event) else { return }
        var body: JSONValue?
        if let bound = request.body {
            guard let value = jsonValue(of: bound, with: variables, event: &event) else { return }
            body = value
        }
        var headers: [String: String] = [:]
        for (name, template) in request.headers {
            guard case .string(let value)? = evaluate(template, with: variables, event: &event) else { return }
            guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                report("request: the header \(name) may not hold a line break; the request was not sent")
                return
            }
            headers[name] = value
        }
        event.sizes.removeAll()
        _ = perform(.send(PreparedRequest(method: request.method, url: url, body: body, form: form, headers: headers,
                                          handlers: RequestHandlers(action: request, model: model),
                                          rollback: event.rollback)))
    }

    /// Runs the actions that follow a request with its answer: `onSuccess` or `onError` (after the
    /// variables the request's event changed before it were put back, when it failed), then
    /// `onFinish`, as one event that renders once. Returns whether anything ran.
    @discardableResult
    package func runHandlers(of request: PreparedRequest, with response: ResponseValues) -> Bool {
        let action = request.handlers.action
        var event = Event(limits: limits)
        event.response = response
        state.batch {
            if !response.ok {
                for source in request.rollback.order {
                    if let original = request.rollback.originals[source] { state.setValue(original, for: source) }
                }
            }
            run(response.ok ? action.onSuccess : action.onError, scope: action.responseScope,
                model: request.handlers.model, event: &event)
            run(action.onFinish, scope: action.responseScope, model: request.handlers.model, event: &event)
        }
        return event.actions > 0
    }

    private func evaluate(_ template: ExpressionTemplate, with variables: ExpressionVariables, event: inout Event)
        -> ExpressionValue?
    {
        switch event.budget.evaluate(template, with: variables) {
        case .success(let value)?: return value
        case .failure(let error)?:
            report(error.message)
            return nil
        case nil:
            _ = event.stopIfSpent(report: report)
            return nil
        }
    }

    private func jsonValue(of bound: BoundJSON, with variables: ExpressionVariables, event: inout Event) -> JSONValue? {
        var failed = false
        let value = bound.evaluate(with: variables, budget: &event.budget) { error in
            failed = true
            report(error.message)
        }
        if event.stopIfSpent(report: report) { return nil }
        return failed ? nil : value
    }

    private func value(of bound: BoundJSON, with variables: ExpressionVariables, as type: ExpressionType,
                       event: inout Event) -> ExpressionValue?
    {
        if case .template(let template) = bound { return evaluate(template, with: variables, event: &event) }
        guard let json = jsonValue(of: bound, with: variables, event: &event) else { return nil }
        return ExpressionValue(json: json, as: type)
    }

    /// Takes the steps of copying `elements` (an array changed is a copy of the variable's): one
    /// per 64 elements. False, and the event stopped, when they do not fit.
    private func spendCopying(_ elements: [JSONValue], event: inout Event) -> Bool {
        guard event.budget.spend(steps: elements.count / ExpressionEvaluation.bytesPerStep) else {
            _ = event.stopIfSpent(report: report)
            return false
        }
        return true
    }

    /// The size of the JSON text of `value`, or nil when it is larger than `limit`; measuring takes
    /// a step per JSON value and per 64 bytes. Nil, and the event stopped, when those steps do not fit.
    private func measure(_ value: JSONValue, limit: Int, event: inout Event) -> Int?? {
        var values = 0
        let text = ExpressionJSONText.text(for: value, limit: limit, values: &values)
        let bytes = text?.utf8.count ?? limit
        guard event.budget.spend(steps: values + bytes / ExpressionEvaluation.bytesPerStep) else {
            _ = event.stopIfSpent(report: report)
            return nil
        }
        return .some(text?.utf8.count)
    }

    /// Sets the variable, within the size a value may have. Measuring the size is work like an
    /// expression's: an event that sets a large array many times runs out of its budget instead of
    /// measuring a megabyte a thousand times. `appended`: the value is the variable's array with
    /// this element appended; when the event knows the array's size, only the element is measured.
    private func assign(_ value: ExpressionValue, to variable: VariableReference, event: inout Event,
                        appended: JSONValue? = nil)
    {
        let limit = limits.maximumStateValueBytes
        var size: Int?
        if let appended, let known = event.sizes[variable.source] {
            // The array's text, a comma unless it was empty, the element's text.
            guard let measured = measure(appended, limit: limit, event: &event) else { return }
            if let element = measured { size = known + (known > 2 ? 1 : 0) + element }
            if size.map({ $0 > limit }) ?? true {
                // Known sizes may be more than the real ones (after a removal): measure to be sure.
                size = nil
            }
        }
        if size == nil {
            guard let measured = measure(value.jsonValue, limit: limit, event: &event) else { return }
            size = measured
        }
        guard let size, size <= limit else {
            report("\"\(variable.name)\" would hold more than \(ContentLimits.describe(bytes: limit)) "
                + "(the limit maximumStateValueBytes); it was not changed")
            return
        }
        event.rollback.record(variable.source, original: state.value(of: variable.source))
        if state.setValue(value, for: variable.source) {
            event.sizes[variable.source] = size
        } else {
            report("\"\(variable.name)\" cannot hold \(value.type.describedWithArticle)")
        }
    }

    /// Sets the variable to a value no larger than its present one (which is within the size a
    /// value may have): nothing to measure.
    private func setSmaller(_ value: ExpressionValue, to variable: VariableReference, event: inout Event) {
        event.rollback.record(variable.source, original: state.value(of: variable.source))
        if !state.setValue(value, for: variable.source) {
            report("\"\(variable.name)\" cannot hold \(value.type.describedWithArticle)")
        }
    }
}
