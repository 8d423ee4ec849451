/// What a view model finds by visiting its components' bindings once, where it is made (off the main
/// thread for a large one), so that showing it with its state needs no second visit: whether anything
/// depends on state, the variables components declare (by their scope's key), and whether an input
/// belongs to a form.
///
/// A patch (``ViewModelPatch``) keeps it right without visiting the view again: it takes away what
/// the components it removes held and adds what those it inserts hold.
struct ComponentBindingSummary: Sendable {
    /// Whether a component depends on the view's state (``ViewModel/bindsState``).
    var bindsState = false
    /// The variables each component scope declares, by the scope's key
    /// (``ViewModel/componentStateDeclarations``).
    var componentStateDeclarations: [String: StateDeclarations] = [:]
    /// Whether an input belongs to a form (``ViewModel/hasForms``).
    var hasForms = false

    /// Adds what `model` and its descendants hold. Subtrees without bindings are not entered.
    mutating func add(_ model: ComponentModel) {
        Self.visit(model) { bindings in
            bindsState = true
            if let (key, state) = Self.declaredScope(of: bindings) { componentStateDeclarations[key] = state }
            if bindings.input?.form != nil { hasForms = true }
        }
    }

    /// Visits the bindings of `model` and of its descendants, skipping subtrees without any.
    static func visit(_ model: ComponentModel, _ body: (ComponentBindings) -> Void) {
        guard model.hasBindingsInSubtree else { return }
        if let bindings = model.bindings { body(bindings) }
        for child in model.children { visit(child, body) }
    }

    /// The key of the scope a component's own `state` makes, and its variables; nil for a component
    /// that declares none.
    static func declaredScope(of bindings: ComponentBindings) -> (key: String, state: StateDeclarations)? {
        guard let key = bindings.scope.scopeKey, let state = bindings.declaredState, bindings.scope.parent != nil
        else { return nil }
        return (key, state)
    }
}
