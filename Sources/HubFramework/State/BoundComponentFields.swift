/// What a component's document gives that depends on state, as written, kept by its builder until
/// the document's state is known: the expression templates of its fields (the `@{…}` strings of
/// its texts, icon, group and the like, and its `visible`), a literal `visible`, the variables it
/// declares (`state`) and what its input is bound to (`input`). Its images' and its target's
/// templates are kept by their own builders. ``BindingCompiler`` turns all of it into
/// ``ComponentBindings``, checked against the declarations in scope.
struct BoundComponentFields: Sendable {
    /// Expression templates by field (component fields only).
    var templates: [FieldAddress: String] = [:]
    /// `visible` when it is `true` or `false` as written.
    var literalVisibility: Bool?
    /// The `state` object, as written.
    var state: JSONObject?
    /// The `input` object, as written.
    var input: JSONObject?
    /// Whether its `custom`, `metadata` or `logging` as written hold an expression template: the
    /// builder's objects are then compiled too (``BoundJSON``).
    var objectsHaveTemplates = false

    /// Whether the component gave nothing of the kind.
    var isEmpty: Bool {
        templates.isEmpty && literalVisibility == nil && state == nil && input == nil && !objectsHaveTemplates
    }
}
