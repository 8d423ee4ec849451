import Foundation

/// DivKit's `decimalFormat`: a number written with a pattern in the manner of Java's
/// `DecimalFormat` — `#,##0.00`, `0.#`, `#%` — with the separators of a locale.
///
/// The pattern's parts: text before the first `#`, `0`, `,` or `.` is a prefix and text after the
/// last is a suffix (`'…'` quotes text; `%` in the prefix or suffix multiplies by 100); `0`s in
/// the integer part give the minimum number of integer digits; a `,` groups the integer digits by
/// the count of digit signs after the last `,`; after the `.`, `0`s are the digits always written
/// and `#`s the ones written when not zero. Rounding is half-even, as Java's. A `;` and what follows
/// (the negative pattern) are ignored: negative numbers get a `-`.
struct ExpressionDecimalFormat {
    private var prefix = ""
    private var suffix = ""
    private var minimumIntegerDigits = 0
    private var minimumFractionDigits = 0
    private var maximumFractionDigits = 0
    private var groupingSize = 0
    private var multiplier = 1.0

    /// Reads a pattern; nil when it has no digit signs at all or is malformed.
    init?(pattern: String) {
        let positive = pattern.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var characters = Array(positive)
        var prefixText = "", suffixText = ""
        var numberPart = ""
        var index = 0
        var inQuote = false
        // Prefix: up to the first digit sign outside quotes.
        while index < characters.count {
            let character = characters[index]
            if character == "'" { inQuote.toggle(); index += 1; continue }
            if !inQuote, "#0,.".contains(character) { break }
            prefixText.append(character)
            index += 1
        }
        while index < characters.count, "#0,.".contains(characters[index]) {
            numberPart.append(characters[index])
            index += 1
        }
        characters = Array(characters[index...])
        for character in characters {
            if character == "'" { inQuote.toggle(); continue }
            if !inQuote, "#0,.".contains(character) { return nil }
            suffixText.append(character)
        }
        guard !inQuote, numberPart.contains(where: { $0 == "#" || $0 == "0" }) else { return nil }
        let pieces = numberPart.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = pieces[0]
        let fractionPart = pieces.count > 1 ? pieces[1] : ""
        guard !fractionPart.contains(","), !fractionPart.contains(".") else { return nil }
        minimumIntegerDigits = integerPart.filter { $0 == "0" }.count
        if let lastComma = integerPart.lastIndex(of: ",") {
            groupingSize = integerPart[integerPart.index(after: lastComma)...].count
        }
        minimumFractionDigits = fractionPart.filter { $0 == "0" }.count
        maximumFractionDigits = fractionPart.count
        guard maximumFractionDigits <= 340, minimumIntegerDigits <= 340 else { return nil }
        prefix = prefixText
        suffix = suffixText
        if prefix.contains("%") || suffix.contains("%") { multiplier = 100 }
    }

    /// `number` written with the pattern and the separators of `localeIdentifier`.
    func string(for number: Double, localeIdentifier: String) -> String {
        let locale = Locale(identifier: localeIdentifier)
        let decimalSeparator = locale.decimalSeparator ?? "."
        let groupingSeparator = locale.groupingSeparator ?? ","
        let value = number * multiplier
        let negative = value < 0
        let (digits, pointPosition) = Self.roundedDigits(of: value.magnitude, fractionDigits: maximumFractionDigits)
        // digits × 10^(pointPosition - digits.count): split into integer and fraction digits.
        var integerDigits = pointPosition > 0
            ? String(digits.prefix(pointPosition)) + String(repeating: "0", count: max(0, pointPosition - digits.count))
            : ""
        var fractionDigits = pointPosition >= 0
            ? String(digits.dropFirst(pointPosition))
            : String(repeating: "0", count: -pointPosition) + digits
        while integerDigits.hasPrefix("0") { integerDigits.removeFirst() }
        while integerDigits.count < minimumIntegerDigits { integerDigits = "0" + integerDigits }
        while fractionDigits.count > minimumFractionDigits, fractionDigits.hasSuffix("0") { fractionDigits.removeLast() }
        while fractionDigits.count < minimumFractionDigits { fractionDigits += "0" }
        if integerDigits.isEmpty && fractionDigits.isEmpty { integerDigits = "0" }
        if groupingSize > 0, integerDigits.count > groupingSize {
            var grouped = ""
            for (index, digit) in integerDigits.enumerated() {
                if index > 0, (integerDigits.count - index) % groupingSize == 0 { grouped += groupingSeparator }
                grouped.append(digit)
            }
            integerDigits = grouped
        }
        let isZero = !(integerDigits + fractionDigits).contains { $0 != "0" && $0.isNumber }
        return (negative && !isZero ? "-" : "") + prefix + integerDigits
            + (fractionDigits.isEmpty ? "" : decimalSeparator + fractionDigits) + suffix
    }

    /// The decimal digits of `value` rounded half-even to `fractionDigits` places, and where the
    /// point goes (the value is `0.digits × 10^pointPosition`), computed on the exact decimal
    /// expansion of the shortest text of the number.
    private static func roundedDigits(of value: Double, fractionDigits: Int) -> (digits: String, pointPosition: Int) {
        guard value != 0 else { return ("", 0) }
        let (digits, pointPosition) = ExpressionNumberText.decimalDigits(of: value)
        var kept = Array(digits.utf8.map { Int($0 - UInt8(ascii: "0")) })
        let keep = pointPosition + fractionDigits
        guard keep < kept.count else { return (digits, pointPosition) }
        guard keep >= 0 else { return ("", pointPosition) }
        let dropped = Array(kept[keep...])
        kept = Array(kept[..<keep])
        let first = dropped[0]
        let restNonZero = dropped.dropFirst().contains { $0 != 0 }
        let roundUp = first > 5 || (first == 5 && (restNonZero || (kept.last ?? 0) % 2 == 1))
        var position = pointPosition
        if roundUp {
            var index = kept.count - 1
            while index >= 0 {
                if kept[index] == 9 { kept[index] = 0; index -= 1 } else { kept[index] += 1; break }
            }
            if index < 0 { kept.insert(1, at: 0); position += 1 }
        }
        return (String(kept.map { Character(String($0)) }), position)
    }
}

extension ExpressionFunctionList {
    mutating func addFormatFunctions() {
        add("decimalFormat", .number, .string, .string,
            "The number written with a DecimalFormat pattern (`#,##0.00`), with env.locale's separators.", effects: .readsLocale)
        { number, pattern, evaluation throws(ExpressionError) in
            try Self.decimalFormat(number, pattern, locale: evaluation.locale, &evaluation)
        }
        add("decimalFormat", .number, .string, .string, .string,
            "The number written with a DecimalFormat pattern, with the separators of the given locale (a BCP 47 tag).")
        { number, pattern, locale, evaluation throws(ExpressionError) in
            try Self.decimalFormat(number, pattern, locale: try locale.string(), &evaluation)
        }
    }

    private static func decimalFormat(_ number: ExpressionValue, _ pattern: ExpressionValue, locale: String,
                                      _ evaluation: inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue
    {
        let patternText = try pattern.string()
        try evaluation.checkSize(patternText.utf8.count)
        guard let format = ExpressionDecimalFormat(pattern: patternText) else {
            throw ExpressionError(.invalidValue, message: "Malformed decimal format pattern '\(patternText.cut(toUTF8Count: 64))'.")
        }
        let value = try number.double()
        guard (value * 100).isFinite else { throw ExpressionError(.numberOverflow, message: "Number overflow.") }
        let text = format.string(for: value, localeIdentifier: locale)
        try evaluation.checkSize(text.utf8.count)
        return .string(text)
    }
}
