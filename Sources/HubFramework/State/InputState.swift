/// What an input component shows and accepts, with the view's state applied: the value of the
/// variable it is bound to, its placeholder, what it accepts, and whether that value passes its
/// validators (``ComponentModel/input``). Components that show inputs (a text entry, a switch, a
/// dropdown…) configure themselves from it, and tell the view when the person changes the value
/// (HubGTK's `ComponentWithInput`).
public struct InputState: Sendable, Hashable {
    /// What a text input expects.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        /// Any text.
        case text
        /// A number.
        case number
        /// An email address.
        case email
        /// A password: not shown as typed.
        case password
    }

    /// The name of the variable the input shows and changes.
    public let variableName: String
    /// The variable's type: what a change must give.
    public let variableType: ExpressionType
    /// The variable's value now.
    public let value: ExpressionValue
    /// Shown in an empty text input.
    public let placeholder: String?
    public let purpose: Purpose
    /// The most characters a text may have; nil for no limit of the input's own.
    public let maximumLength: Int?
    /// A dropdown's options, in order.
    public let options: [String]
    /// A slider's or spin button's bounds and step.
    public let minimum: Double?
    public let maximum: Double?
    public let step: Double?
    /// Whether the value passes every validator.
    public let isValid: Bool
    /// What to show beside the input: the message of the first validator the value does not pass,
    /// once the person has left the input or tried to submit its form; nil otherwise.
    public let message: String?
    /// The form the input belongs to.
    public let form: String?
}
