/// Arithmetic functions: DivKit's `abs`, `signum`, `max`, `min`, `sum`, `sub`, `mul`, `div`,
/// `mod`, `copySign`, `round`, `floor`, `ceil` and the limits of the two numeric types. Integer
/// overflow and division by zero are errors, as with the operators.
extension ExpressionFunctionList {
    mutating func addMathFunctions() {
        let overflow = ExpressionError(.integerOverflow, message: "Integer overflow.")
        let divisionByZero = ExpressionError(.divisionByZero, message: "Division by zero is not supported.")
        let finite = Self.finite

        add("abs", .integer, .integer, "The absolute value.") { a, _ throws(ExpressionError) in
            let value = try a.integer()
            guard value != .min else { throw overflow }
            return .integer(Swift.abs(value))
        }
        add("abs", .number, .number, "The absolute value.") { a, _ throws(ExpressionError) in .number(Swift.abs(try a.double())) }
        add("signum", .integer, .integer, "-1, 0 or 1, the sign of the integer.") { a, _ throws(ExpressionError) in
            .integer(try a.integer().signum())
        }
        add("signum", .number, .number, "-1.0, 0.0 (with its sign) or 1.0, the sign of the number.") { a, _ throws(ExpressionError) in
            let value = try a.double()
            return .number(value == 0 ? value : (value < 0 ? -1 : 1))
        }
        addVariadic("max", [.integer], .integer, "The largest argument.") { arguments, _ throws(ExpressionError) in
            var best = Int.min
            for argument in arguments { best = Swift.max(best, try argument.integer()) }
            return .integer(best)
        }
        addVariadic("max", [.number], .number, "The largest argument.") { arguments, _ throws(ExpressionError) in
            var best = -Double.infinity
            for argument in arguments { best = Swift.max(best, try argument.double()) }
            return .number(best)
        }
        addVariadic("min", [.integer], .integer, "The smallest argument.") { arguments, _ throws(ExpressionError) in
            var best = Int.max
            for argument in arguments { best = Swift.min(best, try argument.integer()) }
            return .integer(best)
        }
        addVariadic("min", [.number], .number, "The smallest argument.") { arguments, _ throws(ExpressionError) in
            var best = Double.infinity
            for argument in arguments { best = Swift.min(best, try argument.double()) }
            return .number(best)
        }
        add("maxInteger", .integer, "9223372036854775807, the largest integer.") { _ throws(ExpressionError) in .integer(.max) }
        add("minInteger", .integer, "-9223372036854775808, the smallest integer.") { _ throws(ExpressionError) in .integer(.min) }
        add("maxNumber", .number, "1.7976931348623157E308, the largest number.") { _ throws(ExpressionError) in
            .number(.greatestFiniteMagnitude)
        }
        add("minNumber", .number, "4.9E-324, the smallest positive number.") { _ throws(ExpressionError) in
            .number(.leastNonzeroMagnitude)
        }
        for (name, summary, integerOperation, numberOperation) in [
            ("sum", "The sum of the arguments.",
             { @Sendable (a: Int, b: Int) in a.addingReportingOverflow(b) }, { @Sendable (a: Double, b: Double) in a + b }),
            ("sub", "The first argument minus the others.",
             { @Sendable (a: Int, b: Int) in a.subtractingReportingOverflow(b) }, { @Sendable (a: Double, b: Double) in a - b }),
            ("mul", "The product of the arguments.",
             { @Sendable (a: Int, b: Int) in a.multipliedReportingOverflow(by: b) }, { @Sendable (a: Double, b: Double) in a * b }),
        ] as [(String, String, @Sendable (Int, Int) -> (partialValue: Int, overflow: Bool), @Sendable (Double, Double) -> Double)] {
            addVariadic(name, [.integer], .integer, summary) { arguments, _ throws(ExpressionError) in
                var result = try arguments[0].integer()
                for argument in arguments.dropFirst() {
                    let (value, didOverflow) = integerOperation(result, try argument.integer())
                    guard !didOverflow else { throw overflow }
                    result = value
                }
                return .integer(result)
            }
            addVariadic(name, [.number], .number, summary) { arguments, _ throws(ExpressionError) in
                var result = try arguments[0].double()
                for argument in arguments.dropFirst() { result = numberOperation(result, try argument.double()) }
                return try finite(result)
            }
        }
        add("div", .integer, .integer, .integer, "The quotient, rounded toward zero.") { a, b, _ throws(ExpressionError) in
            let divisor = try b.integer()
            guard divisor != 0 else { throw divisionByZero }
            let (result, didOverflow) = try a.integer().dividedReportingOverflow(by: divisor)
            guard !didOverflow else { throw overflow }
            return .integer(result)
        }
        add("div", .number, .number, .number, "The quotient.") { a, b, _ throws(ExpressionError) in
            let divisor = try b.double()
            guard divisor != 0 else { throw divisionByZero }
            return try finite(try a.double() / divisor)
        }
        add("mod", .integer, .integer, .integer, "The remainder of the division, with the sign of the dividend.")
        { a, b, _ throws(ExpressionError) in
            let divisor = try b.integer()
            guard divisor != 0 else { throw divisionByZero }
            let (result, didOverflow) = try a.integer().remainderReportingOverflow(dividingBy: divisor)
            return .integer(didOverflow ? 0 : result)
        }
        add("mod", .number, .number, .number, "The remainder of the division, with the sign of the dividend.")
        { a, b, _ throws(ExpressionError) in
            let divisor = try b.double()
            guard divisor != 0 else { throw divisionByZero }
            return .number(try a.double().truncatingRemainder(dividingBy: divisor))
        }
        add("copySign", .integer, .integer, .integer,
            "The first argument with the sign of the second: positive when it is positive, negative when negative, unchanged when 0.")
        { a, b, _ throws(ExpressionError) in
            let value = try a.integer(), sign = try b.integer()
            if sign == 0 { return a }
            let wanted = sign < 0
            if (value < 0) == wanted || value == 0 { return a }
            let (negated, didOverflow) = Int(0).subtractingReportingOverflow(value)
            guard !didOverflow else { throw overflow }
            return .integer(negated)
        }
        add("copySign", .number, .number, .number, "The magnitude of the first number with the sign of the second (zeros have signs).")
        { a, b, _ throws(ExpressionError) in
            .number(Double(signOf: try b.double(), magnitudeOf: try a.double()))
        }
        add("round", .number, .number, "The nearest whole number; halves away from zero.") { a, _ throws(ExpressionError) in
            .number(try a.double().rounded(.toNearestOrAwayFromZero))
        }
        add("floor", .number, .number, "The largest whole number not above the number.") { a, _ throws(ExpressionError) in
            .number(try a.double().rounded(.down))
        }
        add("ceil", .number, .number, "The smallest whole number not below the number.") { a, _ throws(ExpressionError) in
            .number(try a.double().rounded(.up))
        }
    }

    /// The number, or a number overflow when it is infinite.
    @Sendable private static func finite(_ number: Double) throws(ExpressionError) -> ExpressionValue {
        guard number.isFinite else { throw ExpressionError(.numberOverflow, message: "Number overflow.") }
        return .number(number)
    }
}
