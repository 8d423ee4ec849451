import HubFramework

/// The values an input component reported for its variable that the view has not yet shown back:
/// what tells a configure that is behind the person from one that changes the value.
///
/// Each change the person makes goes to the view's state, and the view re-renders what depends on
/// it, the input included. A large view evaluates on another thread, and the component is
/// configured again for other reasons (a resize, a change of another variable), so a configure may
/// carry a value the person has already typed past: "ab" while the field shows "abc". Setting it
/// would take the last keystroke back and move the cursor. A value the component reported before
/// its latest one is such a value, and the component keeps what it shows; any other value (an
/// action cleared the field, the document came again) is the state's own and is shown.
struct ReportedInputValues {
    /// The input the values are for: the model's identifier and its variable.
    private var key: String?
    /// The values reported and not yet seen in a configure, oldest first.
    private var values: [ExpressionValue] = []

    /// How many values it remembers: a state that takes none of them (a variable of another type)
    /// does not make the list grow without end.
    static let limit = 64

    /// The key of `model`'s input: the same model and the same variable.
    static func key(of model: ComponentModel) -> String? {
        model.input.map { model.identifier + "\u{0}" + $0.variableName }
    }

    /// The component reported `value` for the input `key`.
    mutating func reported(_ value: ExpressionValue, key: String?) {
        guard let key else { return }
        if key != self.key {
            self.key = key
            values = []
        }
        values.append(value)
        if values.count > Self.limit { values.removeFirst(values.count - Self.limit) }
    }

    /// Whether `value`, which a configure for the input `key` carries, is one the component
    /// reported before its latest: the state has not caught up with the person, and the component
    /// keeps what it shows. The values up to it are forgotten (the state has seen them); a value the
    /// component did not report, or its latest one, forgets them all.
    mutating func isBehind(_ value: ExpressionValue, key: String?) -> Bool {
        guard let key, key == self.key, let index = values.lastIndex(of: value) else {
            self.key = key
            values = []
            return false
        }
        values.removeFirst(index + 1)
        return !values.isEmpty
    }
}
