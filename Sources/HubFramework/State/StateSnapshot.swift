/// The values of a view's variables at one moment, to evaluate its components with on any thread:
/// the app's, the view's, each component scope's (by its key), and the environment.
public struct StateSnapshot: Sendable, Hashable {
    var app: [String: ExpressionValue] = [:]
    var view: [String: ExpressionValue] = [:]
    var components: [String: [String: ExpressionValue]] = [:]
    /// The locale, the text direction, the colour scheme and the window's width class.
    public var environment = ExpressionEnvironment()
    /// The inputs the person has left (by component identifier): their messages show.
    var touchedInputs: Set<String> = []
    /// The forms the person tried to submit: the messages of all their inputs show.
    var submittedForms: Set<String> = []
    /// The components whose request is in flight (by identifier): busy, and not enabled.
    var busyComponents: Set<String> = []
    /// What the server said of the values of a form it was sent, by the input's variable name:
    /// shown as the input's message until the person changes the value.
    var serverMessages: [String: String] = [:]

    /// An empty snapshot: no variables, the default environment.
    package init() {}

    init(app: [String: ExpressionValue], view: [String: ExpressionValue], components: [String: [String: ExpressionValue]],
         environment: ExpressionEnvironment, touchedInputs: Set<String>, submittedForms: Set<String>,
         busyComponents: Set<String> = [], serverMessages: [String: String] = [:])
    {
        self.app = app
        self.view = view
        self.components = components
        self.environment = environment
        self.touchedInputs = touchedInputs
        self.submittedForms = submittedForms
        self.busyComponents = busyComponents
        self.serverMessages = serverMessages
    }

    /// Sets the view's variable `name` (benchmarks and tests build snapshots without a view).
    package mutating func setViewValue(_ value: ExpressionValue, for name: String) { view[name] = value }

    /// A variable's value: the view's, else the app's.
    public subscript(name: String) -> ExpressionValue? { view[name] ?? app[name] }

    /// The value that `source` stands for; nil for an own text or the environment.
    func value(of source: BindingScope.Source) -> ExpressionValue? {
        switch source {
        case .app(let name): return app[name]
        case .view(let name): return view[name]
        case .component(let key, let name): return components[key]?[name]
        case .environment, .own, .response: return nil
        }
    }
}
