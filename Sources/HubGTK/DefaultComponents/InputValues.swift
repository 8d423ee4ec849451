import Foundation
import HubFramework

/// How the default input components turn a variable's value into what their control shows, and
/// what the person chose back into a value of the variable's type.
enum InputValues {
    // MARK: Text

    /// The text a text field shows for `value`: a string as it is, a whole number without a
    /// decimal point ("2", not "2.0"), any other number as Swift writes it shortest.
    static func text(for value: ExpressionValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let integer): String(integer)
        case .number(let number): text(for: number)
        default: value.text
        }
    }

    static func text(for number: Double) -> String {
        if number.isFinite, number.rounded() == number, number.magnitude < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// The value a text field's `text` stands for, for a variable of `type`: the text for a string
    /// (and for a variable of another type, which the view's state converts or refuses), the number
    /// for a number or an integer; nil while the text is not one yet ("", "-", "1.2.").
    static func value(ofText text: String, as type: ExpressionType?) -> ExpressionValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch type {
        case .integer: return Int(trimmed).map { .integer($0) }
        case .number: return Double(trimmed).flatMap { $0.isFinite ? .number($0) : nil }
        default: return .string(text)
        }
    }

    // MARK: Numbers

    /// `value` as a number, for a slider or a spin button; nil when it is not one.
    static func number(from value: ExpressionValue?) -> Double? {
        switch value {
        case .integer(let integer)?: Double(integer)
        case .number(let number)?: number.isFinite ? number : nil
        case .string(let text)?: Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// The value of a slider or spin button at `number` for a variable of `type`: an integer for
    /// an integer variable (a number too large for one gives nil), else the number.
    static func value(ofNumber number: Double, as type: ExpressionType?) -> ExpressionValue? {
        guard type == .integer else { return .number(number) }
        return Int(exactly: number.rounded()).map { .integer($0) }
    }

    /// How many digits after the decimal point a slider or spin button shows: none for an integer
    /// variable, else as many as `step` has (0.25: 2), at most 10.
    static func digits(forStep step: Double?, type: ExpressionType?) -> Int {
        guard type != .integer, let step, step.isFinite, step > 0 else { return 0 }
        var digits = 0
        var scaled = step
        while digits < 10, (scaled - scaled.rounded()).magnitude > 1e-9 * max(1, scaled.magnitude) {
            scaled *= 10
            digits += 1
        }
        return digits
    }

    /// The text of `number` with `digits` digits after the decimal point (a slider's value).
    static func text(for number: Double, digits: Int) -> String {
        guard digits > 0 else { return text(for: number.rounded()) }
        return String(format: "%.\(min(digits, 10))f", number)
    }

    // MARK: Choices

    /// Whether `value` is on: true, or the text "true".
    static func isOn(_ value: ExpressionValue?) -> Bool {
        switch value {
        case .boolean(let on)?: on
        case .string(let text)?: text == "true"
        default: false
        }
    }

    /// The index among `options` of `value`: the integer itself for an integer variable, else the
    /// first option with its text; nil for none.
    static func index(of value: ExpressionValue?, among options: [String], type: ExpressionType?) -> Int? {
        guard let value else { return nil }
        if type == .integer, case .integer(let index) = value {
            return options.indices.contains(index) ? index : nil
        }
        return options.firstIndex(of: value.text)
    }

    /// The value of the option at `index` for a variable of `type`: its index for an integer
    /// variable, else its text.
    static func value(ofOption index: Int, among options: [String], type: ExpressionType?) -> ExpressionValue? {
        guard options.indices.contains(index) else { return nil }
        return type == .integer ? .integer(index) : .string(options[index])
    }
}
