/// Numbers as text, the way DivKit (after Java's `Double.toString`) writes them, so that a template
/// shows the same text on every platform: at least one digit after the point (`5.0`), plain
/// decimals from 0.001 up to ten million (`3.1415`, `0.001`, `1234567.0`), scientific notation
/// outside that range (`1.0E7`, `9.0E-4`, `1.0E23`). The digits are the shortest that read back as the
/// same number.
enum ExpressionNumberText {
    static func text(for number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return number.sign == .minus ? "-0.0" : "0.0" }
        // Java writes the smallest number with two digits, and DivKit's data has it so; the shortest
        // text, 5.0E-324, reads back as the same number.
        if number.magnitude == .leastNonzeroMagnitude { return number < 0 ? "-4.9E-324" : "4.9E-324" }
        let (digits, pointPosition) = decimalDigits(of: number.magnitude)
        let sign = number < 0 ? "-" : ""
        let magnitude = number.magnitude
        if magnitude >= 1e-3 && magnitude < 1e7 {
            if pointPosition <= 0 {
                return sign + "0." + String(repeating: "0", count: -pointPosition) + digits
            }
            if pointPosition >= digits.count {
                return sign + digits + String(repeating: "0", count: pointPosition - digits.count) + ".0"
            }
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            return sign + digits[..<split] + "." + digits[split...]
        }
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        return sign + first + "." + (rest.isEmpty ? "0" : rest) + "E" + String(pointPosition - 1)
    }

    /// The significant digits of a positive finite number, without leading or trailing zeros, and
    /// where the decimal point goes: the number is `0.digits × 10^pointPosition`.
    static func decimalDigits(of number: Double) -> (digits: String, pointPosition: Int) {
        // Swift's description is the shortest text that reads back to the same Double:
        // "123.45", "0.001", "1e-05", "1.7976931348623157e+308".
        let text = number.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits = ""
        var pointPosition = mantissa.count
        for character in mantissa {
            if character == "." {
                pointPosition = digits.count
            } else {
                digits.append(character)
            }
        }
        pointPosition += exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0" {
            digits.removeLast()
        }
        return (digits.isEmpty ? "0" : digits, pointPosition)
    }
}
