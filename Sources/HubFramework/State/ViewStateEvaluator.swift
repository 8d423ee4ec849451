import Foundation

/// Applies a view's state to the view model its document made: each component with bindings gets
/// the values of its expressions (texts, icon, image URIs, target URI, free-form objects), and a
/// component whose `visible` is false is left out (with its children), taking no space and no
/// widget. Components without bindings are shown as they are, the very same models: a long list
/// whose rows depend on nothing costs nothing here.
///
/// An expression that fails (an integer overflow, a division by zero, an element out of range, its
/// budget) gives its type's empty value: a text is empty, a visibility false. Write the fallback in
/// the expression itself with the try operator (`@{a / b !: 0}`). Each failure is listed once in
/// ``StateEvaluation/failures``, at the JSON path of the value that holds it, for the view to report.
///
/// All the expressions of one evaluation share a budget (``SharedEvaluationBudget``):
/// ``ContentLimits/maximumViewEvaluationSteps`` steps and ``ContentLimits/maximumViewEvaluationBytes``
/// bytes of the strings they give. Once it is spent, the expressions after it give their type's
/// empty value, and one failure says where it ran out.
///
/// Pure and `Sendable`: the view controller runs it off the main thread for a large view.
package struct ViewStateEvaluator: Sendable {
    let limits: ContentLimits

    package init(limits: ContentLimits) { self.limits = limits }

    /// The view model `source` shows with `snapshot`'s values.
    ///
    /// With a `memo` of the last evaluation of the same source, only the top-level components whose
    /// subtree read something `change` touched are evaluated again; the others give what they gave
    /// then. The memo is updated for the next evaluation.
    ///
    /// - Parameter stepLimit: fewer steps than ``ContentLimits/maximumViewEvaluationSteps`` for
    ///   this evaluation (the main thread's share); when they run out, the evaluation is
    ///   ``StateEvaluation/isIncomplete`` and reports nothing, for the caller to evaluate again
    ///   without the limit, off the main thread.
    package func evaluate(_ source: ViewModel, with snapshot: StateSnapshot, memo: StateEvaluationMemo = StateEvaluationMemo(),
                          change: StateChange = .all, stepLimit: Int? = nil) -> StateEvaluation
    {
        let known = memo.prepare(for: source)
        let touched = known ? memo.touched(by: change) : .max
        let steps = min(limits.maximumViewEvaluationSteps, stepLimit ?? .max)
        var pass = Pass(snapshot: snapshot, limits: limits, memo: memo, steps: steps)
        // Forms first: a button that submits one is enabled only while all its inputs are valid.
        // Whatever brings such a button back to be evaluated (a variable, a request of its own
        // beginning or ending, an input left) reads the validity: without it, it would count as
        // valid, and the button of an empty form was enabled while another component's request
        // was in flight.
        if source.hasForms, touched != 0 {
            pass.formValidity = formValidity(of: source, pass: &pass)
        }
        func evaluate(_ model: ComponentModel, index: Int, path: String, entry: StateEvaluationMemo.Entry?)
            -> StateEvaluationMemo.Entry
        {
            if let entry, entry.reads & touched == 0 { return entry }
            guard model.hasBindingsInSubtree else { return .init(result: model, reads: 0) }
            pass.reads = 0
            let result = pass.evaluate(model, index: index, parent: nil, path: { path })
            return .init(result: result, reads: pass.reads)
        }
        let header = source.headerComponentModel.map { evaluate($0, index: 0, path: "header", entry: known ? memo.header : nil) }
        memo.header = header
        let body: ComponentModelList
        if !source.bodyComponentModels.keptModels.contains(where: \.hasBindingsInSubtree) {
            // Nothing in the body depends on the state (its plain rows cannot): it stays as it is,
            // however long, and its rows are not made as models to be looked at.
            body = source.bodyComponentModels
            memo.body = []
        } else {
            var bodyEntries: [StateEvaluationMemo.Entry] = []
            bodyEntries.reserveCapacity(source.bodyComponentModels.count)
            let previousBody = known ? memo.body : []
            if let store = source.bodyComponentModels.store {
                // A body kept as records: a record has no bindings and is copied as it is; the
                // models it keeps are evaluated. (A record's memo entry is never read.)
                var rows = ComponentRowStore.Builder(basedOn: store, capacity: store.count)
                for position in 0..<store.count {
                    guard !store.isRecord(at: position) else {
                        rows.appendRow(position, of: store)
                        bodyEntries.append(.init(result: nil, reads: 0))
                        continue
                    }
                    let model = store.model(at: position)
                    let entry = evaluate(model, index: model.index, path: "body",
                                         entry: previousBody.indices.contains(position) ? previousBody[position] : nil)
                    if let shown = entry.result { rows.appendObject(shown) }
                    bodyEntries.append(entry)
                }
                body = ComponentModelList(rows.finish())
            } else {
                var shownBody: [ComponentModel] = []
                shownBody.reserveCapacity(source.bodyComponentModels.count)
                for (position, model) in source.bodyComponentModels.enumerated() {
                    let entry = evaluate(model, index: model.index, path: "body",
                                         entry: previousBody.indices.contains(position) ? previousBody[position] : nil)
                    if let shown = entry.result { shownBody.append(shown) }
                    bodyEntries.append(entry)
                }
                body = ComponentModelList(shownBody)
            }
            memo.body = bodyEntries
        }
        let previousOverlays = known ? memo.overlays : []
        let overlayEntries = source.overlayComponentModels.enumerated().map { position, model in
            evaluate(model, index: model.index, path: "overlays",
                     entry: previousOverlays.indices.contains(position) ? previousOverlays[position] : nil)
        }
        memo.overlays = overlayEntries
        let overlays = overlayEntries.compactMap(\.result)
        let viewModel = ViewModel(
            identifier: source.identifier, navigationItem: source.navigationItem, headerComponentModel: header?.result,
            bodyComponentModels: body, overlayComponentModels: overlays, customData: source.customData,
            layoutDirection: source.layoutDirection, stateDeclarations: source.stateDeclarations,
            buildDate: source.buildDate, source: source)
        if let exhaustion = pass.shared.exhaustion {
            // What the budget had no room for shows empty: none of it may be kept as evaluated.
            memo.forget()
            if exhaustion == .steps, steps < limits.maximumViewEvaluationSteps {
                return StateEvaluation(viewModel: viewModel, failures: [], isIncomplete: true)
            }
        }
        return StateEvaluation(viewModel: viewModel, failures: pass.failures)
    }

    /// Whether each form's inputs are all valid with `snapshot`'s values, by form. An input whose
    /// validators cannot be evaluated within `stepLimit` steps (at most
    /// ``ContentLimits/maximumViewEvaluationSteps``) counts as not valid.
    package func formValidity(of source: ViewModel, with snapshot: StateSnapshot, stepLimit: Int? = nil) -> [String: Bool] {
        var pass = Pass(snapshot: snapshot, limits: limits, memo: StateEvaluationMemo(),
                        steps: min(limits.maximumViewEvaluationSteps, stepLimit ?? .max))
        return formValidity(of: source, pass: &pass)
    }

    private func formValidity(of source: ViewModel, pass: inout Pass) -> [String: Bool] {
        var validity: [String: Bool] = [:]
        func visit(_ model: ComponentModel) {
            guard model.hasBindingsInSubtree else { return }
            if let bindings = model.bindings {
                // A hidden component's inputs (and its children's) are not part of their form: the
                // person can neither see nor fill them in. (A visibility that fails to evaluate is
                // reported by the evaluation that shows the view; here it only counts as shown.)
                if bindings.literalVisibility == false { return }
                var variables = pass.variables(for: bindings, model: model)
                if let visibility = bindings.visibility,
                    case .success(.boolean(false))? = pass.shared.evaluate(visibility, with: variables)
                {
                    return
                }
                if let input = bindings.input, let form = input.form {
                    let valid = pass.validate(input, scope: bindings.scope, variables: &variables,
                                              at: { "\(model.identifier).input" }) == nil
                    validity[form] = (validity[form] ?? true) && valid
                }
            }
            for child in model.children { visit(child) }
        }
        if let header = source.headerComponentModel { visit(header) }
        for model in source.bodyComponentModels.keptModels { visit(model) }
        for model in source.overlayComponentModels { visit(model) }
        return validity
    }

    /// One evaluation: the variables of each scope, filled once.
    private struct Pass {
        let snapshot: StateSnapshot
        let limits: ContentLimits
        /// What the expressions of the pass may take together.
        var shared: SharedEvaluationBudget
        var variablesByScope: [ObjectIdentifier: ExpressionVariables] = [:]
        /// The variables of the scope used last, set in place row after row (most components of a
        /// view share the view's scope): no copy of the values per component.
        var currentScope: ObjectIdentifier?
        var currentVariables: ExpressionVariables?
        var failures: [ExpressionFailure] = []
        /// The places that failed: each is listed once, with the first reason.
        var failed: Set<String> = []
        var formValidity: [String: Bool] = [:]
        /// Gives the bits of what is read.
        let memo: StateEvaluationMemo
        /// What the components evaluated since it was last reset read, as the memo's bits.
        var reads: UInt64 = 0

        init(snapshot: StateSnapshot, limits: ContentLimits, memo: StateEvaluationMemo, steps: Int) {
            self.snapshot = snapshot
            self.limits = limits
            self.memo = memo
            shared = SharedEvaluationBudget(perEvaluation: ExpressionBudget(limits: limits), steps: steps,
                                            bytes: limits.maximumViewEvaluationBytes)
        }

        /// The variables of `bindings`' scope, with the model's own texts that the bindings read.
        mutating func variables(for bindings: ComponentBindings, model: ComponentModel) -> ExpressionVariables {
            let scope = bindings.scope
            let key = ObjectIdentifier(scope)
            if currentScope != key {
                if let currentScope, let currentVariables { variablesByScope[currentScope] = currentVariables }
                currentVariables = variablesByScope.removeValue(forKey: key) ?? scope.variables(with: snapshot)
                currentScope = key
            }
            // Set in place: the copy handed out last is gone by now, so the values are not copied.
            BindingScope.setOwnValues(bindings.ownReads, of: model, in: &currentVariables!)
            return currentVariables!
        }

        mutating func value(of template: ExpressionTemplate, with variables: ExpressionVariables,
                            at path: () -> String) -> ExpressionValue
        {
            switch shared.evaluate(template, with: variables) {
            case .success(let value)?: return value
            case .failure(let error)?:
                note(error.message, at: path())
                return .defaultValue(of: template.resultType)
            case nil:
                noteExhaustion(at: path)
                return .defaultValue(of: template.resultType)
            }
        }

        mutating func note(_ message: String, at location: String) {
            if failed.insert(location).inserted, failures.count < 100 {
                failures.append(ExpressionFailure(location: location, message: message))
            }
        }

        /// The first expression the shared budget had no room for: the one failure that says so.
        private var exhaustionNoted = false
        mutating func noteExhaustion(at path: () -> String) {
            guard let exhaustion = shared.exhaustion, !exhaustionNoted else { return }
            exhaustionNoted = true
            let what = exhaustion == .steps
                ? "took more than \(limits.maximumViewEvaluationSteps) steps (the limit maximumViewEvaluationSteps)"
                : "gave more than \(ContentLimits.describe(bytes: limits.maximumViewEvaluationBytes)) of text (the limit "
                    + "maximumViewEvaluationBytes)"
            note("the view's expressions together \(what); this one and those after it were not evaluated and show empty",
                 at: path())
        }

        /// `model` with the state applied, or nil when it is hidden.
        /// - Parameter path: where the model's list is (`body`, `body[a].children`), made only to
        ///   report a failure: a row that evaluates makes no string.
        mutating func evaluate(_ model: ComponentModel, index: Int, parent: ComponentModel?, path: () -> String)
            -> ComponentModel?
        {
            // The component's JSON path: its index among its siblings as it came (children are
            // numbered again once hidden ones are left out; this is where it is in the document).
            func here() -> String {
                let list = path()
                return list == "header" ? list : "\(list)[\(model.index)]"
            }
            guard let bindings = model.bindings else {
                return model.hasBindingsInSubtree || parent != nil ? rebuild(model, index: index, parent: parent, path: here)
                    : model
            }
            reads |= memo.reads(of: bindings)
            var variables = self.variables(for: bindings, model: model)
            if let literal = bindings.literalVisibility, !literal { return nil }
            if let visibility = bindings.visibility,
                case .boolean(false) = value(of: visibility, with: variables,
                                             at: { here() + "." + bindings.fieldPaths[.component(.visible)] })
            {
                return nil
            }
            let submits = bindings.actions?.compactMap { step -> String? in
                if case .program(.submit(let form, _, _)) = step { form } else { nil }
            } ?? []
            if bindings.affectsOnlyVisibility && submits.isEmpty && !bindings.sendsRequests && !model.hasChildBindings
                && parent == nil
            {
                return model
            }
            var overrides = Overrides()
            overrides.isBusy = bindings.sendsRequests && snapshot.busyComponents.contains(model.identifier)
            overrides.isEnabled = !overrides.isBusy && submits.allSatisfy { formValidity[$0] ?? true }
            if let input = bindings.input {
                overrides.input = inputState(input, scope: bindings.scope, model: model, variables: &variables,
                                             at: here() + "." + bindings.fieldPaths[.component(.input)])
            }
            for (address, template) in bindings.fields {
                let result = value(of: template, with: variables, at: { here() + "." + bindings.fieldPaths[address] })
                overrides.values[address] = result
            }
            for (address, bound) in bindings.objects {
                var failures: [String] = []
                let value = bound.evaluate(with: variables, budget: &shared) { failures.append($0.message) }
                for failure in failures { note(failure, at: here() + "." + bindings.fieldPaths[address]) }
                noteExhaustion { here() + "." + bindings.fieldPaths[address] }
                if case .object(let object) = value { overrides.objects[address] = object }
            }
            _ = variables
            return rebuild(model, index: index, parent: parent, path: here, overrides: overrides)
        }

        /// The first validator `input`'s value does not pass, or nil when it passes them all. A
        /// validator the shared budget has no room for does not pass (`path`: where to say so).
        mutating func validate(_ input: InputBinding, scope: BindingScope,
                               variables: inout ExpressionVariables, at path: () -> String) -> InputBinding.Validator?
        {
            let value = snapshot.value(of: input.variable.source) ?? .defaultValue(of: input.variable.type)
            for validator in input.validators {
                let passes: Bool
                switch validator.rule {
                case .required:
                    switch value {
                    case .string(let text): passes = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    case .boolean(let flag): passes = flag
                    case .array(let elements): passes = !elements.isEmpty
                    default: passes = true
                    }
                case .length(let minimum, let maximum):
                    // Counting characters reads the text: charged like an expression's `len`.
                    let text = value.text
                    if shared.spend(steps: text.utf8.count / ExpressionEvaluation.bytesPerStep) {
                        let count = text.count
                        passes = count >= (minimum ?? 0) && count <= (maximum ?? .max)
                    } else {
                        passes = false
                        noteExhaustion(at: path)
                    }
                case .pattern(let pattern):
                    // The document gives the pattern and may give the text (a variable's initial value):
                    // matching is charged for the states it visits, and stops when they do not fit.
                    let (allowed, overflow) = shared.stepsLeft.multipliedReportingOverflow(by: TextPattern.visitsPerStep)
                    if let result = pattern.matches(value.text, maximumVisits: overflow ? .max : allowed),
                        shared.spend(steps: result.visits / TextPattern.visitsPerStep)
                    {
                        passes = result.matched
                    } else {
                        _ = shared.spend(steps: .max)
                        passes = false
                        noteExhaustion(at: path)
                    }
                case .range(let minimum, let maximum):
                    let number: Double? = switch value {
                    case .integer(let integer): Double(integer)
                    case .number(let number): number
                    case .string(let text): Double(text)
                    default: nil
                    }
                    passes = number.map { $0 >= (minimum ?? -.infinity) && $0 <= (maximum ?? .infinity) } ?? false
                case .expression(let template):
                    passes = shared.evaluate(template, with: variables) == .success(.boolean(true))
                    if shared.exhaustion != nil { noteExhaustion(at: path) }
                }
                if !passes { return validator }
            }
            return nil
        }

        /// `input` with the state applied.
        mutating func inputState(_ input: InputBinding, scope: BindingScope, model: ComponentModel,
                                 variables: inout ExpressionVariables, at path: String) -> InputState
        {
            let value = snapshot.value(of: input.variable.source) ?? .defaultValue(of: input.variable.type)
            let failing = validate(input, scope: scope, variables: &variables, at: { path + ".validators" })
            let shows = snapshot.touchedInputs.contains(model.identifier)
                || input.form.map { snapshot.submittedForms.contains($0) } ?? false
            var placeholder: String?
            if let bound = input.placeholder {
                var failures: [String] = []
                let evaluated = bound.evaluate(with: variables, budget: &shared) { failures.append($0.message) }
                for failure in failures { note(failure, at: path + ".placeholder") }
                noteExhaustion { path + ".placeholder" }
                if case .string(let text) = evaluated { placeholder = text } else { placeholder = evaluated == .null ? nil : "\(evaluated)" }
            }
            var options: [String] = []
            if let bound = input.options {
                var failures: [String] = []
                let evaluated = bound.evaluate(with: variables, budget: &shared) { failures.append($0.message) }
                for failure in failures { note(failure, at: path + ".options") }
                noteExhaustion { path + ".options" }
                if case .array(let elements) = evaluated {
                    options = elements.map { element in
                        if case .string(let text) = element { return text }
                        return ExpressionValue(json: element, as: .number).map(\.text) ?? ""
                    }
                }
            }
            return InputState(
                variableName: input.variable.name, variableType: input.variable.type, value: value,
                placeholder: placeholder, purpose: InputState.Purpose(rawValue: input.purpose.rawValue) ?? .text,
                maximumLength: input.maximumLength, options: options, minimum: input.minimum, maximum: input.maximum,
                step: input.step, isValid: failing == nil,
                // What the server said of the value sent comes first: it knows what the validators cannot.
                message: snapshot.serverMessages[input.variable.name] ?? (shows ? failing?.message : nil), form: input.form)
        }

        /// What the state changes in a model.
        struct Overrides {
            var values: [FieldAddress: ExpressionValue] = [:]
            var objects: [FieldAddress: JSONObject] = [:]
            var input: InputState?
            var isEnabled = true
            var isBusy = false

            func text(_ field: ComponentField, _ original: String?, limit: Int) -> String? {
                guard let value = values[.component(field)] else { return original }
                return value.text.cut(toUTF8Count: limit)
            }
        }

        /// A copy of `model` with `overrides`, at `index` under `parent`, its children evaluated.
        mutating func rebuild(_ model: ComponentModel, index: Int, parent: ComponentModel?, path: () -> String,
                              overrides: Overrides = Overrides()) -> ComponentModel
        {
            let limit = limits.maximumTextLength
            func image(_ field: ComponentField, _ data: ComponentImageData?, type: ComponentImageType) -> ComponentImageData? {
                let url = overrides.values[.image(field, .url)].flatMap { URL(string: $0.text) } ?? data?.url
                let placeholder = overrides.values[.image(field, .placeholderIconIdentifier)].flatMap { value in
                    model.bindings?.iconImageResolver.map { Icon(identifier: value.text, kind: .placeholder, resolver: $0) }
                } ?? data?.placeholderIcon
                let custom = overrides.objects[.image(field, .customData)] ?? data?.customData
                guard url != nil || placeholder != nil || data?.localImage != nil || custom != nil else { return nil }
                return ComponentImageData(identifier: nil, type: type, url: url, placeholderIcon: placeholder,
                                          localImage: data?.localImage, customData: custom)
            }
            var target = model.target
            if let original = target, overrides.values[.target(.uri)] != nil || overrides.objects[.target(.customData)] != nil {
                let uri = overrides.values[.target(.uri)].flatMap { URL(string: $0.text) } ?? original.uri
                target = ComponentTarget(uri: uri, initialViewModel: original.initialViewModel,
                                         actionIdentifiers: original.actionIdentifiers,
                                         customData: overrides.objects[.target(.customData)] ?? original.customData)
            }
            var icon = model.icon
            if let identifier = overrides.values[.component(.iconIdentifier)]?.text,
                let resolver = model.bindings?.iconImageResolver
            {
                icon = identifier.isEmpty ? nil : Icon(identifier: identifier, kind: .component, resolver: resolver)
            }
            var category = model.componentCategory
            if let value = overrides.values[.component(.category)] { category = ComponentCategory(rawValue: value.text) }
            let children = model.children
            func childPath() -> String { path() + ".children" }
            var evaluatedChildren: [ComponentModel] = []
            return ComponentModel(
                identifier: model.identifier, type: model.type, index: index,
                groupIdentifier: overrides.text(.group, model.groupIdentifier, limit: limit),
                componentIdentifier: model.componentIdentifier, componentCategory: category,
                title: overrides.text(.title, model.title, limit: limit),
                subtitle: overrides.text(.subtitle, model.subtitle, limit: limit),
                accessoryTitle: overrides.text(.accessoryTitle, model.accessoryTitle, limit: limit),
                descriptionText: overrides.text(.descriptionText, model.descriptionText, limit: limit),
                mainImageData: image(.mainImage, model.mainImageData, type: .main),
                backgroundImageData: image(.backgroundImage, model.backgroundImageData, type: .background),
                customImageData: model.customImageData, icon: icon, target: target,
                metadata: overrides.objects[.component(.metadata)] ?? model.metadata,
                loggingData: overrides.objects[.component(.loggingData)] ?? model.loggingData,
                customData: overrides.objects[.component(.customData)] ?? model.customData,
                bindings: model.bindings, input: overrides.input, isEnabled: overrides.isEnabled, isBusy: overrides.isBusy,
                parent: parent,
                makeChildren: { rebuilt in
                    // Shown children are numbered again, in order.
                    evaluatedChildren = []
                    for child in children {
                        if let shown = evaluate(child, index: evaluatedChildren.count, parent: rebuilt, path: childPath) {
                            evaluatedChildren.append(shown)
                        }
                    }
                    return evaluatedChildren
                })
        }
    }
}

/// What applying a view's state made: the view model to show, and the expressions that failed (by
/// the JSON path of the value that holds each, each place once).
package struct StateEvaluation: Sendable {
    package let viewModel: ViewModel
    package let failures: [ExpressionFailure]
    /// The evaluation ran out of the steps its caller gave it, fewer than the limit: its view model
    /// is not to be shown, and it reported nothing; evaluate again without the step limit.
    package var isIncomplete = false
}

extension ComponentModel {
    /// Whether a child (or a descendant) has bindings.
    var hasChildBindings: Bool { children.contains { $0.hasBindingsInSubtree } }
}
