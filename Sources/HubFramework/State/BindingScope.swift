import Foundation

/// Where a component's expressions read their variables: the declarations they were compiled
/// against, and where each slot's value comes from.
///
/// A component sees, from the outermost in: the environment (`env.locale`, `env.direction`,
/// `env.colorScheme`, `env.widthClass`), the app's variables (a backend app's manifest), the view's
/// (`state` of the document), those of the components it sits in and its own (`state` of a
/// component, for it and its children), an inner declaration hiding an outer one of the same name;
/// and, after all of those, its own texts: `title`, `subtitle`, `accessory`, `description` and `id`,
/// which let each row of a long list filter itself (`@{contains(toLowerCase(title), toLowerCase(query))}`)
/// without declaring anything. A declared variable of one of those names hides the text.
///
/// Scopes are shared: every component of a view that declares nothing of its own uses the view's
/// scope, so an expression written on a million rows is compiled once.
final class BindingScope: Sendable {
    /// Where a slot's value comes from.
    enum Source: Sendable, Hashable {
        case environment
        case app(String)
        case view(String)
        /// A component's variable: the key of the component's scope (``scopeKey``) and the name.
        case component(String, String)
        /// One of the component's own texts.
        case own(OwnValue)
        /// What a request's answer gave (``ResponseValues``), in the actions that follow it.
        case response(ResponseValues.Field)
    }

    /// A component's texts its expressions read by name.
    enum OwnValue: String, Sendable, Hashable, CaseIterable {
        case title, subtitle, accessory, description
        case identifier = "id"
    }

    let declarations: ExpressionDeclarations
    /// By slot index.
    let sources: [Source]
    /// The variables declared in the scope, by name, with where they live (own texts excluded):
    /// what actions may change.
    let variables: [String: (source: Source, type: ExpressionType)]
    /// The scope this one is inside (nil for the view's).
    let parent: BindingScope?
    /// The key of the component whose `state` made this scope (nil for the view's).
    let scopeKey: String?

    /// A scope over `parent` with the variables `declared` (a view's, with `app` around it, when
    /// `parent` is nil; else a component's, under `scopeKey`).
    init(app: StateDeclarations, view: StateDeclarations) {
        var entries: [(String, ExpressionType, Source)] = []
        for variable in app.variables { entries.append((variable.name, variable.type, .app(variable.name))) }
        for variable in view.variables { entries.append((variable.name, variable.type, .view(variable.name))) }
        (declarations, sources, variables) = Self.make(entries)
        parent = nil
        scopeKey = nil
        self.chain = entries
    }

    /// A component's scope: `parent`'s variables, then the component's own (`declared`), under `scopeKey`.
    init(component declared: StateDeclarations, scopeKey: String, parent: BindingScope) {
        var entries = parent.chain
        for variable in declared.variables {
            entries.append((variable.name, variable.type, .component(scopeKey, variable.name)))
        }
        (declarations, sources, variables) = Self.make(entries)
        self.parent = parent
        self.scopeKey = scopeKey
        chain = entries
    }

    /// `parent` with the values of a request's answer, `response.status` and the others
    /// (``ResponseValues``): the scope of the actions that follow a request. They cannot be changed.
    init(response parent: BindingScope) {
        var entries = parent.chain
        for field in ResponseValues.Field.allCases { entries.append((field.name, field.type, .response(field))) }
        (declarations, sources, variables) = Self.make(entries)
        self.parent = parent.parent
        scopeKey = parent.scopeKey
        chain = entries
    }

    /// Sets the `response.…` slots of `variables` to `response`'s values.
    func setResponseValues(_ response: ResponseValues, in variables: inout ExpressionVariables) {
        for (index, source) in sources.enumerated() {
            guard case .response(let field) = source else { continue }
            _ = variables.setValue(response.value(of: field), for: ExpressionSlot(index))
        }
    }

    /// The declared variables, outermost first (inner ones of the same name come later and win).
    private let chain: [(String, ExpressionType, Source)]

    private static func make(_ entries: [(String, ExpressionType, Source)])
        -> (ExpressionDeclarations, [Source], [String: (source: Source, type: ExpressionType)])
    {
        var winners: [String: (source: Source, type: ExpressionType)] = [:]
        var order: [String] = []
        for (name, type, source) in entries {
            if winners[name] == nil { order.append(name) }
            winners[name] = (source, type)
        }
        var declarations = ExpressionDeclarations()
        var sources = Array(repeating: Source.environment, count: declarations.count)
        for name in order {
            guard let winner = winners[name], let slot = declarations.declare(name, as: winner.type) else { continue }
            Self.place(winner.source, at: slot, in: &sources)
        }
        // The component's own texts, unless a variable took the name.
        for own in OwnValue.allCases where winners[own.rawValue] == nil {
            guard let slot = declarations.declare(own.rawValue, as: .string) else { continue }
            Self.place(.own(own), at: slot, in: &sources)
        }
        return (declarations, sources, winners)
    }

    private static func place(_ source: Source, at slot: ExpressionSlot, in sources: inout [Source]) {
        while sources.count <= slot.index { sources.append(.environment) }
        sources[slot.index] = source
    }

    /// The variable an `input` or an action object names under `variable`, declared in the scope
    /// (own texts are not variables: nothing changes them). Nil, with a located problem, when the
    /// object names none (`missing` says what needs one) or one that is not declared (with the
    /// nearest declared name).
    func variable(namedIn object: JSONObject, at location: JSONLocation?, missing: String,
                  problems: JSONProblemCollector) -> VariableReference?
    {
        guard case .string(let name)? = object["variable"] else {
            problems.report(missing, at: location)
            return nil
        }
        if ResponseValues.Field.allCases.contains(where: { $0.name == name }) {
            problems.report("\"\(name)\" is a request's answer, which the actions that follow it read and cannot change",
                            at: .key("variable", in: location))
            return nil
        }
        guard let declared = variables[name] else {
            let suggestion = UnknownKeyCheck.nearest(to: name, among: Array(variables.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.report("undeclared variable \"\(name)\"\(suggestion)", at: .key("variable", in: location))
            return nil
        }
        return VariableReference(name: name, source: declared.source, type: declared.type)
    }

    /// The source of `slot`.
    func source(of slot: ExpressionSlot) -> Source {
        sources.indices.contains(slot.index) ? sources[slot.index] : .environment
    }

    /// The scope's variables with `snapshot`'s values (own texts empty until ``setOwnValues(of:in:)``).
    func variables(with snapshot: StateSnapshot) -> ExpressionVariables {
        var variables = ExpressionVariables(declarations: declarations, environment: snapshot.environment)
        for (index, source) in sources.enumerated() {
            if let value = snapshot.value(of: source) { _ = variables.setValue(value, for: ExpressionSlot(index)) }
        }
        return variables
    }

    /// Sets the own texts in `reads` (the slots a component's bindings read) to `model`'s.
    static func setOwnValues(_ reads: [(slot: ExpressionSlot, value: OwnValue)], of model: ComponentModel,
                             in variables: inout ExpressionVariables)
    {
        for (slot, own) in reads {
            _ = variables.setValue(.string(ownText(own, of: model)), for: slot)
        }
    }

    private static func ownText(_ own: OwnValue, of model: ComponentModel) -> String {
        switch own {
        case .title: model.title ?? ""
        case .subtitle: model.subtitle ?? ""
        case .accessory: model.accessoryTitle ?? ""
        case .description: model.descriptionText ?? ""
        case .identifier: model.identifier
        }
    }

    /// Sets the own texts of `variables` to `model`'s.
    func setOwnValues(of model: ComponentModel, in variables: inout ExpressionVariables) {
        for (index, source) in sources.enumerated() {
            guard case .own(let own) = source else { continue }
            _ = variables.setValue(.string(Self.ownText(own, of: model)), for: ExpressionSlot(index))
        }
    }
}
