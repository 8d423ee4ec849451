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
    /// What the value is for, so the widget can offer the right keyboard and completion.
    public let purpose: Purpose
    /// The most characters a text may have; nil for no limit of the input's own.
    public let maximumLength: Int?
    /// A dropdown's options, in order.
    public let options: [String]
    /// A slider's or spin button's lowest value; nil for the widget's own.
    public let minimum: Double?
    /// A slider's or spin button's highest value; nil for the widget's own.
    public let maximum: Double?
    /// How far one step of a slider or spin button moves; nil for the widget's own.
    public let step: Double?
    /// Whether the value passes every validator.
    public let isValid: Bool
    /// What to show beside the input: the message of the first validator the value does not pass,
    /// once the person has left the input or tried to submit its form; nil otherwise.
    public let message: String?
    /// The form the input belongs to.
    public let form: String?
}
