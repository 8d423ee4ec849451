import Foundation

/// Compiles what a document's components made depend on state (their ``BoundComponentFields``, their
/// images' and target's templates) into ``ComponentBindings``, once the document is read and the
/// variables in scope are known, and reports every problem where it is: the JSON path of the string,
/// and the character inside it.
///
/// The problems (each a located warning; the component is shown, with what failed left empty):
/// - a template that does not compile: an undeclared variable (with "did you mean"), an unknown
///   function or the wrong arguments, an operator on the wrong types, a syntax error;
/// - a `visible` that is not a boolean expression;
/// - an action that changes a variable of another type, or one that is not declared;
/// - an input bound to a variable that is not declared, or a validator that cannot be used.
///
/// The same text compiled in the same scope is compiled once: a million rows that share an
/// expression share its template.
final class BindingCompiler {
    private let limits: ContentLimits
    /// Templates by text, result type and scope.
    private var cache: [CacheKey: Result<ExpressionTemplate, ExpressionProblems>] = [:]
    /// The fields' paths, by schema (a document's components share one).
    private var fieldPaths: [ObjectIdentifier: FieldPaths] = [:]

    private struct CacheKey: Hashable {
        let text: String
        let resultType: ExpressionType?
        let scope: ObjectIdentifier
    }

    init(limits: ContentLimits) {
        self.limits = limits
    }

    // MARK: A document

    /// Compiles the components `builder` holds that were read since the last compilation (those
    /// with bound fields and no bindings yet), in the scope of the app's and the view's variables.
    func compile(_ builder: ViewModelBuilder, app: StateDeclarations, problems: JSONProblemCollector) {
        let scope = BindingScope(app: app, view: builder.stateDeclarations)
        builder.forEachComponentBuilder { component, location in
            compile(component, scope: scope, scopeKey: "", location: location, problems: problems)
        }
    }

    /// Bindings for a component nobody checked (no document's declarations): every variable but
    /// the component's own is undeclared, so nothing that reads one compiles; nothing is reported.
    /// The component's own variables are kept under its identifier, as in a document, so that two
    /// such components in one view (a showcase's samples) each have theirs.
    func compileUnchecked(_ builder: ComponentModelBuilder) -> ComponentBindings? {
        let scope = BindingScope(app: StateDeclarations(), view: StateDeclarations())
        return bindings(for: builder, scope: scope, scopeKey: "/" + builder.modelIdentifier, location: nil,
                        problems: JSONProblemCollector(limits: limits)).bindings
    }

    /// Compiles `builder` and its children as components placed under a parent whose children see
    /// `scope` and whose scope key is `parentKey` (empty at the top of a view): a component a patch
    /// inserts is checked against the variables around the place it goes to, as if its document had
    /// it there. `location` is where it is in its patch.
    func compile(_ builder: ComponentModelBuilder, under scope: BindingScope, parentKey: String,
                 location: JSONLocation?, problems: JSONProblemCollector)
    {
        compile(builder, scope: scope, scopeKey: parentKey, location: location, problems: problems)
    }

    private func compile(_ builder: ComponentModelBuilder, scope: BindingScope, scopeKey parentKey: String,
                         location: JSONLocation?, problems: JSONProblemCollector)
    {
        let needsBindings = builder.hasBoundFields && builder.bindings == nil
        let children = builder.childBuilders
        // Most components of a long list have neither expressions nor children: nothing to compile,
        // and no scope key to make (a string for each of a million rows).
        guard needsBindings || !children.isEmpty else { return }
        let key = parentKey + "/" + builder.modelIdentifier
        var childScope = scope
        if needsBindings {
            let made = bindings(for: builder, scope: scope, scopeKey: key, location: builder.boundLocation ?? location,
                                problems: problems)
            builder.bindings = made.bindings
            childScope = made.scope
        } else if let declared = builder.bindings?.declaredState, !declared.isEmpty {
            childScope = builder.bindings!.scope
        }
        for child in children {
            compile(child, scope: childScope, scopeKey: key, location: nil, problems: problems)
        }
    }

    // MARK: A component

    private func bindings(for builder: ComponentModelBuilder, scope outer: BindingScope, scopeKey: String,
                          location: JSONLocation?, problems: JSONProblemCollector)
        -> (bindings: ComponentBindings?, scope: BindingScope)
    {
        let bound = builder.boundFields
        let schema = builder.context.schema
        var signature = Hasher()
        // The component's own variables make a scope of their own, for it and its children.
        var scope = outer
        var declared: StateDeclarations?
        if let state = bound.state {
            let stateLocation = JSONLocation.key("state", in: location)
            let declarations = StateDeclarationsReader(limits: limits).read(state, at: stateLocation, problems: problems)
            declared = declarations
            if !declarations.isEmpty { scope = BindingScope(component: declarations, scopeKey: scopeKey, parent: outer) }
            signature.combine(declarations)
        }
        // Fields.
        var fields: [(address: FieldAddress, template: ExpressionTemplate)] = []
        var visibility: ExpressionTemplate?
        for (address, text) in bound.templates.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            signature.combine(address)
            signature.combine(text)
            guard case .component(let field) = address else { continue }
            let fieldLocation = Self.location(of: field.path(in: schema.componentModelSchema), under: location)
            let resultType: ExpressionType = field == .visible ? .boolean : .string
            guard let template = compile(text, as: resultType, in: scope, at: fieldLocation, problems: problems,
                                         owner: bound, field: address)
            else { continue }
            if field == .visible { visibility = template } else { fields.append((address, template)) }
        }
        for imageField in [ComponentField.mainImage, .backgroundImage] {
            guard let image = builder.existingImageDataBuilder(imageField) else { continue }
            let imageLocation = Self.location(of: imageField.path(in: schema.componentModelSchema), under: location)
            for (field, text) in image.templates.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let address = FieldAddress.image(imageField, field)
                signature.combine(address)
                signature.combine(text)
                let fieldLocation = Self.location(of: field.path(in: schema.componentImageDataSchema), under: imageLocation)
                if let template = compile(text, as: .string, in: scope, at: fieldLocation, problems: problems,
                                          owner: bound, field: address) {
                    fields.append((address, template))
                }
            }
        }
        // Free-form objects with templates: the component's, its images' and its target's.
        var objects: [(address: FieldAddress, value: BoundJSON)] = []
        var free: [(FieldAddress, JSONObject?, JSONLocation?)] = [
            (.component(.metadata), builder.metadata,
             Self.location(of: ComponentField.metadata.path(in: schema.componentModelSchema), under: location)),
            (.component(.loggingData), builder.loggingData,
             Self.location(of: ComponentField.loggingData.path(in: schema.componentModelSchema), under: location)),
            (.component(.customData), builder.customData,
             Self.location(of: ComponentField.customData.path(in: schema.componentModelSchema), under: location)),
        ]
        for imageField in [ComponentField.mainImage, .backgroundImage] {
            guard let image = builder.existingImageDataBuilder(imageField), image.customDataHasTemplates else { continue }
            let imageLocation = Self.location(of: imageField.path(in: schema.componentModelSchema), under: location)
            free.append((.image(imageField, .customData), image.customData,
                         Self.location(of: ImageField.customData.path(in: schema.componentImageDataSchema), under: imageLocation)))
        }
        if let target = builder.existingTargetBuilder, target.customDataHasTemplates {
            let targetLocation = Self.location(of: ComponentField.target.path(in: schema.componentModelSchema), under: location)
            free.append((.target(.customData), target.customData,
                         Self.location(of: TargetField.customData.path(in: schema.componentTargetSchema), under: targetLocation)))
        }
        for (address, object, objectLocation) in free {
            guard let object, BoundJSON.hasTemplates(.object(object)) else { continue }
            signature.combine(address)
            signature.combine(JSONValue.object(object))
            objects.append((address, bind(.object(object), in: scope, at: objectLocation, problems: problems)))
        }
        // The target.
        var actions: [TargetActionStep]?
        if let target = builder.existingTargetBuilder {
            let targetLocation = Self.location(of: ComponentField.target.path(in: schema.componentModelSchema), under: location)
            if let text = target.uriTemplate {
                let address = FieldAddress.target(.uri)
                signature.combine(address)
                signature.combine(text)
                let uriLocation = Self.location(of: TargetField.uri.path(in: schema.componentTargetSchema), under: targetLocation)
                if let template = compile(text, as: .string, in: scope, at: uriLocation, problems: problems,
                                          owner: bound, field: address) {
                    fields.append((address, template))
                }
            }
            let sources = target.actionSources
            if sources.contains(where: { if case .object = $0 { true } else { false } }) {
                let actionsLocation = Self.location(
                    of: TargetField.actionIdentifiers.path(in: schema.componentTargetSchema), under: targetLocation)
                let compiler = JSONActionCompiler(compiler: self, scope: scope, limits: limits)
                var steps: [TargetActionStep] = []
                let kept = JSONActionCompiler.keptCount(of: sources.count, at: actionsLocation, limits: limits,
                                                        problems: problems)
                for (position, source) in sources.prefix(kept).enumerated() {
                    switch source {
                    case .identifier(let identifier): steps.append(.identifier(identifier))
                    case .object(let object, let index):
                        let stepLocation = JSONLocation.index(index ?? position, in: actionsLocation)
                        signature.combine(JSONValue.object(object))
                        if let action = compiler.compile(object, at: stepLocation, problems: problems) {
                            steps.append(.program(action))
                        }
                    }
                }
                actions = steps
            }
        }
        // The input.
        var input: InputBinding?
        if let object = bound.input {
            signature.combine(JSONValue.object(object))
            input = InputBindingReader(compiler: self, scope: scope, limits: limits)
                .read(object, at: .key("input", in: location), problems: problems)
        }
        if let literal = bound.literalVisibility { signature.combine(literal) }
        let made = ComponentBindings(
            scope: scope, fields: fields, objects: objects, visibility: visibility,
            literalVisibility: bound.literalVisibility, input: input, actions: actions, declaredState: declared,
            signature: signature.finalize(), iconImageResolver: builder.context.iconImageResolver,
            fieldPaths: paths(of: schema))
        return (made, scope)
    }

    /// The fields' paths in `schema`, made once.
    private func paths(of schema: JSONSchema) -> FieldPaths {
        if let known = fieldPaths[ObjectIdentifier(schema)] { return known }
        let made = FieldPaths(schema: schema)
        fieldPaths[ObjectIdentifier(schema)] = made
        return made
    }

    // MARK: Templates

    /// `text` compiled as a value of `resultType` in `scope`; nil, with its problems reported at
    /// `location`, when it does not compile. A component's own text read in an expression of the
    /// same component while that text is itself an expression is reported too (it would read empty).
    func compile(_ text: String, as resultType: ExpressionType?, in scope: BindingScope, at location: JSONLocation?,
                 problems: JSONProblemCollector, owner: BoundComponentFields? = nil, field: FieldAddress? = nil)
        -> ExpressionTemplate?
    {
        let key = CacheKey(text: text, resultType: resultType, scope: ObjectIdentifier(scope))
        let result: Result<ExpressionTemplate, ExpressionProblems>
        if let known = cache[key] {
            result = known
        } else {
            result = ExpressionTemplate.compile(text, declarations: scope.declarations, resultType: resultType,
                                                limits: limits)
            cache[key] = result
        }
        switch result {
        case .success(let template):
            if let owner {
                for slot in template.dependencies {
                    guard case .own(let own) = scope.source(of: slot), let ownField = Self.field(of: own),
                        owner.templates[.component(ownField)] != nil
                    else { continue }
                    problems.report("\(own.rawValue) is itself an expression in this component, so it reads as empty "
                        + "here: declare a variable for it instead", at: location)
                }
            }
            return template
        case .failure(let found):
            for problem in found.problems {
                problems.report(Self.message(for: problem, in: text), at: location,
                                offsetInString: problem.range.lowerBound)
            }
            return nil
        }
    }

    /// A free-form value with its template strings compiled (each that fails is reported and kept
    /// as its text).
    func bind(_ value: JSONValue, in scope: BindingScope, at location: JSONLocation?,
              problems: JSONProblemCollector) -> BoundJSON
    {
        switch value {
        case .string(let text) where ExpressionTemplate.containsTemplateSyntax(text):
            guard let template = compile(text, as: nil, in: scope, at: location, problems: problems) else {
                return .literal(value)
            }
            return .template(template)
        case .array(let elements):
            let bound = elements.enumerated().map { bind($1, in: scope, at: .index($0, in: location), problems: problems) }
            return bound.allSatisfy(\.isLiteral) ? .literal(value) : .array(bound)
        case .object(let members):
            var bound: [String: BoundJSON] = [:]
            // In key order, so that problems come in the same order every time.
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                bound[key] = bind(member, in: scope, at: .key(key, in: location), problems: problems)
            }
            return bound.values.allSatisfy(\.isLiteral) ? .literal(value) : .object(bound)
        default:
            return .literal(value)
        }
    }

    /// "the expression at character 8 of "Count: @{cout}": undeclared variable 'cout'; did you mean 'count'?"
    static func message(for problem: ExpressionProblem, in text: String) -> String {
        let shown = DisplayTextCut.cut(text, to: 200)
        return "in \(JSONWriter().string(for: .string(shown))), at character \(problem.range.lowerBound + 1): \(problem.message)"
    }

    private static func field(of own: BindingScope.OwnValue) -> ComponentField? {
        switch own {
        case .title: return .title
        case .subtitle: return .subtitle
        case .accessory: return .accessoryTitle
        case .description: return .descriptionText
        case .identifier: return nil
        }
    }

    /// The location of the value a path of plain keys leads to from `base`.
    static func location(of path: JSONPath, under base: JSONLocation?) -> JSONLocation? {
        var location = base
        for operation in path.operations {
            if case .goTo(let key) = operation { location = .key(key, in: location) }
        }
        return location
    }
}

/// Cuts a text quoted in a message.
enum DisplayTextCut {
    static func cut(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count)) + "…"
    }
}
