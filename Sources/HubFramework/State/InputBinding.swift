/// What an input component is bound to, from its `input` object: the variable it shows and changes,
/// and what it accepts.
///
/// ```json
/// "input": {"variable": "email", "placeholder": "name@example.org", "purpose": "email",
///           "maximumLength": 254, "form": "signup",
///           "validators": [{"required": true, "message": "Enter your email"},
///                          {"expression": "@{contains(email, '@')}", "message": "Enter an email address"}]}
/// ```
struct InputBinding: Sendable {
    /// What a text input expects, for the keyboard and the accessible description.
    enum Purpose: String, Sendable, CaseIterable {
        case text, number, email, password
    }

    /// A rule the value must meet, and what to say when it does not.
    struct Validator: Sendable {
        enum Rule: Sendable {
            /// Not empty (a string), true (a boolean), an element (an array).
            case required
            /// A string's length in characters.
            case length(minimum: Int?, maximum: Int?)
            /// The whole string matches the pattern (``TextPattern``).
            case pattern(TextPattern)
            /// A number between the bounds.
            case range(minimum: Double?, maximum: Double?)
            /// A boolean expression over the state.
            case expression(ExpressionTemplate)
        }

        let rule: Rule
        /// Shown beside the field when the rule is not met.
        let message: String
    }

    /// The variable the input shows and changes.
    let variable: VariableReference
    let placeholder: BoundJSON?
    let purpose: Purpose
    /// The most characters a text may have.
    let maximumLength: Int?
    /// For a dropdown: its options (an array of strings, or an expression giving one).
    let options: BoundJSON?
    /// For a slider or a spin button.
    let minimum: Double?
    let maximum: Double?
    let step: Double?
    let validators: [Validator]
    /// The form the input belongs to, whose `submit` waits for it to be valid.
    let form: String?
}
