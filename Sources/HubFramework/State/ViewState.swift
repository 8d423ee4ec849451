/// The state of one view: the values of its variables, and those of its components' scopes, which
/// actions and inputs change and the view's expressions read (``StateSnapshot``).
///
/// State stays with its page: a navigator keeps one per page, so Back and Forward find the values
/// as they were, even for a page whose view was let go and made again; two pages of the same URI
/// have a state each. When a view's document comes again (a reload, a live push), every variable
/// whose declaration did not change (same name, type and initial value) keeps its value; the others
/// start again from their new declaration.
@MainActor
public final class ViewState: AppStateObserver {
    /// The app's variables, shared by every view of the app; nil for a view of its own.
    public let app: AppState?
    private var viewDeclarations = StateDeclarations()
    private var viewValues: [String: ExpressionValue] = [:]
    private var componentDeclarations: [String: StateDeclarations] = [:]
    private var componentValues: [String: [String: ExpressionValue]] = [:]
    /// The locale, direction, colour scheme and width class expressions see as `env.…`.
    public var environment = ExpressionEnvironment() {
        didSet { if environment != oldValue, !isTakingEnvironment { notify([.environment]) } }
    }
    /// Takes `environment` without telling ``onChange``: for the view, which evaluates anyway or
    /// re-renders itself. Returns whether it changed.
    package func takeEnvironment(_ environment: ExpressionEnvironment) -> Bool {
        guard environment != self.environment else { return false }
        isTakingEnvironment = true
        defer { isTakingEnvironment = false }
        self.environment = environment
        return true
    }
    private var isTakingEnvironment = false

    /// The inputs the person has left, and the forms they tried to submit: their messages show.
    private var touchedInputs: Set<String> = []
    private var submittedForms: Set<String> = []
    /// The components whose request is in flight, and what the server said of form values.
    private var busyComponents: Set<String> = []
    private var serverMessages: [String: String] = [:]
    /// Hears every change, with what changed (the view re-renders what depends on it).
    package var onChange: (@MainActor (StateChange) -> Void)?

    /// An empty state; `app` is the app's, whose changes reach this view too.
    public init(app: AppState? = nil) {
        self.app = app
        app?.addObserver(self)
    }

    /// The variables the view declares now.
    public var declarations: StateDeclarations { viewDeclarations }

    /// The value of the view's variable `name`, else of the app's; nil when neither declares it.
    public func value(of name: String) -> ExpressionValue? { viewValues[name] ?? app?.value(of: name) }

    /// Sets the view's variable `name` (else the app's) to `value`, when it is declared and `value`
    /// has its type; returns whether it did. What depends on it re-renders.
    @discardableResult
    public func setValue(_ value: ExpressionValue, for name: String) -> Bool {
        if viewDeclarations.variable(named: name) != nil { return setValue(value, for: .view(name)) }
        return app?.setValue(value, for: name) ?? false
    }

    /// Sets the variable `source` stands for (an app's, the view's or a component scope's).
    @discardableResult
    func setValue(_ value: ExpressionValue, for source: BindingScope.Source) -> Bool {
        switch source {
        case .app(let name):
            return app?.setValue(value, for: name) ?? false
        case .view(let name):
            guard let variable = viewDeclarations.variable(named: name),
                let accepted = StateValues.accept(value, for: variable)
            else { return false }
            guard viewValues[name] != accepted else { return true }
            viewValues[name] = accepted
            notify([source])
            return true
        case .component(let key, let name):
            guard let variable = componentDeclarations[key]?.variable(named: name),
                let accepted = StateValues.accept(value, for: variable)
            else { return false }
            guard componentValues[key]?[name] != accepted else { return true }
            componentValues[key, default: [:]][name] = accepted
            notify([source])
            return true
        case .environment, .own, .response:
            return false
        }
    }

    /// The person changed the value of `model`'s input: its variable takes `value` (converted to the
    /// variable's type where that is exact: a number's text for a string, an integral number for an
    /// integer). Returns whether it did.
    @discardableResult
    package func setInputValue(_ value: ExpressionValue, of model: ComponentModel) -> Bool {
        guard let variable = model.bindings?.input?.variable,
            let converted = StateValues.convert(value, to: variable.type)
        else { return false }
        // What the server said of the value no longer holds once the person changes it.
        if serverMessages.removeValue(forKey: variable.name) != nil { notify(StateChange(interaction: true)) }
        return setValue(converted, for: variable.source)
    }

    /// Marks the component `identifier` as waiting for its request's answer (busy), or no longer.
    package func setBusy(_ isBusy: Bool, component identifier: String) {
        let changed = isBusy ? busyComponents.insert(identifier).inserted : busyComponents.remove(identifier) != nil
        if changed { notify(StateChange(requests: true)) }
    }

    /// Shows `messages` (by variable name) as what the server said of the values of `form`'s inputs
    /// sent to it; the messages of the form shown before go.
    package func setServerMessages(_ messages: [String: String], form: String) {
        var changed = formWasSubmittedQuietly(form)
        let new = messages.mapValues { $0.cut(toUTF8Count: 1_024) }
        if new != serverMessages {
            serverMessages = new
            changed = true
        }
        if changed { notify(StateChange(interaction: true)) }
    }

    /// Whether the server said something of the value of `name`.
    package func serverMessage(for name: String) -> String? { serverMessages[name] }

    private func formWasSubmittedQuietly(_ form: String) -> Bool { submittedForms.insert(form).inserted }

    /// The person left `model`'s input: its message shows from now on.
    package func inputWasLeft(_ model: ComponentModel) {
        guard model.bindings?.input != nil, touchedInputs.insert(model.identifier).inserted else { return }
        notify(StateChange(interaction: true))
    }

    /// The person tried to submit `form`: the messages of all its inputs show.
    package func formWasSubmitted(_ form: String) {
        guard submittedForms.insert(form).inserted else { return }
        notify(StateChange(interaction: true))
    }

    /// The value `source` stands for now.
    func value(of source: BindingScope.Source) -> ExpressionValue? {
        switch source {
        case .app(let name): return app?.value(of: name)
        case .view(let name): return viewValues[name]
        case .component(let key, let name): return componentValues[key]?[name]
        case .environment, .own, .response: return nil
        }
    }

    /// Takes on the declarations of the view's document as it came now (the first time, after a
    /// reload or a live push): a variable declared as before keeps its value, another starts from
    /// its declaration, and one no longer declared goes. The same for each component scope in
    /// `components` (by key); scopes no longer declared go.
    package func adopt(_ view: StateDeclarations, components: [String: StateDeclarations] = [:]) {
        let keptView = StateValues.kept(viewValues, old: viewDeclarations, new: view)
        var keptComponents: [String: [String: ExpressionValue]] = [:]
        for (key, declarations) in components {
            keptComponents[key] = StateValues.kept(componentValues[key] ?? [:],
                                                   old: componentDeclarations[key] ?? StateDeclarations(), new: declarations)
        }
        viewDeclarations = view
        viewValues = keptView
        componentDeclarations = components
        componentValues = keptComponents
    }

    /// The values now, for evaluating on any thread.
    public func snapshot() -> StateSnapshot {
        StateSnapshot(app: app?.values ?? [:], view: viewValues, components: componentValues, environment: environment,
                      touchedInputs: touchedInputs, submittedForms: submittedForms, busyComponents: busyComponents,
                      serverMessages: serverMessages)
    }

    private func notify(_ changed: Set<BindingScope.Source>) {
        notify(StateChange(sources: changed))
    }

    private func notify(_ change: StateChange) {
        if batchDepth > 0 {
            batched.formUnion(change)
        } else {
            onChange?(change)
        }
    }

    /// Changes made in a batch, told once it ends.
    private var batchDepth = 0
    private var batched = StateChange.none

    /// Runs `body`, telling ``onChange`` of its changes once, when it ends: the actions of one event
    /// (a button that sets three variables) render once, each seeing the values the ones before set.
    package func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0, !batched.isEmpty {
                let change = batched
                batched = .none
                onChange?(change)
            }
        }
        return try body()
    }

    func appState(_ state: AppState, didChange name: String) {
        notify([.app(name)])
    }
}
