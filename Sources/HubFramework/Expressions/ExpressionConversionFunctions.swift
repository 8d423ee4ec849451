/// Conversions between types: `toString`, `toInteger`, `toNumber`, `toBoolean`.
extension ExpressionFunctionList {
    mutating func addConversionFunctions() {
        for type in ExpressionType.allCases {
            add("toString", type, .string, "The value as text, as string templates write it.") { value, evaluation throws(ExpressionError) in
                .string(try value.text(limit: evaluation.maximumValueBytes))
            }
        }
        add("toInteger", .number, .integer, "The number without its fraction (toward zero).", convertsIntegers: false)
        { value, _ throws(ExpressionError) in
            let number = try value.double()
            guard let integer = ExpressionValue.exactInteger(number.rounded(.towardZero)) else { throw Self.notInteger }
            return .integer(integer)
        }
        add("toInteger", .string, .integer, "The integer written in the string: digits with an optional sign, nothing else.")
        { value, _ throws(ExpressionError) in
            guard let integer = Self.integer(from: try value.string()) else { throw Self.notInteger }
            return .integer(integer)
        }
        add("toInteger", .boolean, .integer, "1 for true, 0 for false.") { value, _ throws(ExpressionError) in
            .integer(try value.boolean() ? 1 : 0)
        }
        add("toNumber", .integer, .number, "The integer as a number.") { value, _ throws(ExpressionError) in
            .number(try value.double())
        }
        add("toNumber", .string, .number,
            "The number written in the string: digits with an optional sign, fraction and exponent (1.5, -.5, 2e3).")
        { value, _ throws(ExpressionError) in
            guard let number = Self.number(from: try value.string()) else {
                throw ExpressionError(.invalidValue, message: "Unable to convert value to Number.")
            }
            return .number(number)
        }
        add("toBoolean", .integer, .boolean, "true for 1, false for 0; other integers are an error.") { value, _ throws(ExpressionError) in
            switch try value.integer() {
            case 1: return .boolean(true)
            case 0: return .boolean(false)
            default: throw Self.notBoolean
            }
        }
        add("toBoolean", .string, .boolean, "true for 'true', false for 'false'; other strings are an error.")
        { value, _ throws(ExpressionError) in
            switch try value.string() {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw Self.notBoolean
            }
        }
    }

    private static var notInteger: ExpressionError { ExpressionError(.invalidValue, message: "Unable to convert value to Integer.") }
    private static var notBoolean: ExpressionError { ExpressionError(.invalidValue, message: "Unable to convert value to Boolean.") }

    /// An optional sign and ASCII digits, in range.
    static func integer(from text: String) -> Int? {
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard digits.first != "+", digits.first != "-" || digits.count > 1 else { return nil }
        let body = digits.first == "-" ? digits.dropFirst() : digits
        guard !body.isEmpty, body.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(digits)
    }

    /// An optional sign, digits with an optional fraction (or a fraction alone), an optional
    /// exponent; finite. Not `NaN`, `Infinity`, hexadecimal or whitespace, which Swift's and Java's
    /// own parsers take.
    static func number(from text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var index = bytes.startIndex
        var digitCount = 0
        while index < bytes.endIndex, isDigit(bytes[index]) { index += 1; digitCount += 1 }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1; digitCount += 1 }
        }
        guard digitCount > 0 else { return nil }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { return nil }
        }
        guard index == bytes.endIndex, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
