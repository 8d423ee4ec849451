import Foundation

/// What a component's document made depend on the view's state, compiled and checked against the
/// variables in its scope: its fields' expression templates (texts, icon, image URIs, the target's
/// URI), its free-form objects with templates (`custom`, `metadata`, `logging`), its visibility,
/// its input, its target's actions, and the variables it declares.
///
/// Immutable and `Sendable`: a view's state is applied to the models that carry bindings
/// (`ViewStateEvaluator`) on any thread.
final class ComponentBindings: Sendable {
    let scope: BindingScope
    /// Expression templates by field.
    let fields: [(address: FieldAddress, template: ExpressionTemplate)]
    /// Free-form objects with templates, by field.
    let objects: [(address: FieldAddress, value: BoundJSON)]
    /// `visible` as an expression; nil when it is literal (``literalVisibility``) or absent.
    let visibility: ExpressionTemplate?
    /// `visible` as written `true` or `false`.
    let literalVisibility: Bool?
    let input: InputBinding?
    /// The target's actions in order, when one of them is an action object; nil otherwise (the
    /// target's identifiers are performed as before).
    let actions: [TargetActionStep]?
    /// The variables the component declares for itself and its children, and the key of its scope.
    let declaredState: StateDeclarations?
    /// Every slot the bindings read: re-evaluated when one of them changes.
    let dependencies: Set<ExpressionSlot>
    /// Where what the bindings read comes from, the component's own texts left out (they do not
    /// change for a model): the variables and the environment a change of which evaluates it again.
    let readSources: [BindingScope.Source]
    /// The slots of ``readSources`` in the scope (what ``StateEvaluationMemo`` turns into bits).
    let readSlots: [Int]
    /// The component's own texts the bindings read, by slot: only those are set before evaluating
    /// (a row that filters itself by its title needs its title, not its subtitle).
    let ownReads: [(slot: ExpressionSlot, value: BindingScope.OwnValue)]
    /// Whether one of the target's actions submits a form (the component is enabled while the
    /// form's inputs are valid).
    let submitsForm: Bool
    /// Whether its actions may send a request (a `request`, or a `submit` with a `url`, at any depth):
    /// the component is busy while one is in flight.
    let sendsRequests: Bool
    /// Tells two compilations of the same bindings apart from different ones (for the diff).
    let signature: Int
    /// Turns an icon identifier an expression gives into an icon.
    let iconImageResolver: (any IconImageResolver)?
    /// Where each field is in the component, for reporting a failed evaluation.
    let fieldPaths: FieldPaths

    init(scope: BindingScope, fields: [(address: FieldAddress, template: ExpressionTemplate)],
         objects: [(address: FieldAddress, value: BoundJSON)], visibility: ExpressionTemplate?,
         literalVisibility: Bool?, input: InputBinding?, actions: [TargetActionStep]?,
         declaredState: StateDeclarations?, signature: Int, iconImageResolver: (any IconImageResolver)?,
         fieldPaths: FieldPaths)
    {
        self.iconImageResolver = iconImageResolver
        self.fieldPaths = fieldPaths
        self.scope = scope
        self.fields = fields
        self.objects = objects
        self.visibility = visibility
        self.literalVisibility = literalVisibility
        self.input = input
        self.actions = actions
        self.declaredState = declaredState
        self.signature = signature
        var dependencies = Set(fields.flatMap(\.template.dependencies))
        for object in objects { dependencies.formUnion(object.value.dependencies) }
        if let visibility { dependencies.formUnion(visibility.dependencies) }
        if let input {
            dependencies.formUnion(input.placeholder?.dependencies ?? [])
            dependencies.formUnion(input.options?.dependencies ?? [])
            if let slot = scope.declarations.slot(named: input.variable.name) { dependencies.insert(slot) }
            for validator in input.validators {
                if case .expression(let template) = validator.rule { dependencies.formUnion(template.dependencies) }
            }
        }
        self.dependencies = dependencies
        var sources: Set<BindingScope.Source> = []
        var slots: Set<Int> = []
        var ownReads: [(slot: ExpressionSlot, value: BindingScope.OwnValue)] = []
        for slot in dependencies {
            let source = scope.source(of: slot)
            if case .own(let own) = source {
                ownReads.append((slot, own))
                continue
            }
            sources.insert(source)
            slots.insert(slot.index)
        }
        self.ownReads = ownReads.sorted { $0.slot.index < $1.slot.index }
        if let input {
            sources.insert(input.variable.source)
            if let slot = scope.declarations.slot(named: input.variable.name) { slots.insert(slot.index) }
        }
        readSources = Array(sources)
        readSlots = slots.sorted()
        submitsForm = actions?.contains { step in
            if case .program(.submit) = step { true } else { false }
        } ?? false
        sendsRequests = actions?.contains { step in
            if case .program(let action) = step { action.sendsRequest } else { false }
        } ?? false
    }

    /// Whether only the visibility depends on state: the model is shown as it is, or not at all.
    var affectsOnlyVisibility: Bool { fields.isEmpty && objects.isEmpty && input == nil }
}
