import Foundation

/// One evaluation in progress: the variables' values, what is left of the budget, and the
/// evaluator itself.
///
/// A value created per evaluation and passed down `inout`, so evaluations share nothing and run on
/// any thread at once. The recursion follows the compiled tree, whose depth the compiler bounded.
struct ExpressionEvaluation {
    /// The variables' values, by slot.
    let values: [ExpressionValue]
    /// Steps left; each node evaluated takes one.
    private(set) var stepsLeft: Int
    /// The largest string this evaluation may build, in bytes of UTF-8.
    let maximumValueBytes: Int
    /// The current time, read once per evaluation so that every `nowLocal()` in it agrees.
    private var now: Date?

    init(values: [ExpressionValue], budget: ExpressionBudget) {
        self.values = values
        stepsLeft = budget.steps
        maximumValueBytes = budget.valueBytes
    }

    /// `env.locale`.
    var locale: String {
        if values.indices.contains(ExpressionSlot.environmentLocale.index),
           case .string(let locale) = values[ExpressionSlot.environmentLocale.index]
        {
            return locale
        }
        return "en-US"
    }

    /// The time of this evaluation.
    mutating func currentTime() -> Date {
        if let now { return now }
        let date = Date()
        now = date
        return date
    }

    /// The bytes of strings (or the values of arrays and dicts) one step stands for. A call or an
    /// operator that reads, compares or builds more takes a step more for each further 64: the
    /// step budget bounds the work of an evaluation whatever the sizes of its values (a 1 MiB
    /// variable counted 1,300 times by one expression took 5 s as one step each).
    static let bytesPerStep = 64

    /// Takes the steps that reading, comparing or building `units` bytes (or values) costs beyond
    /// the first ``bytesPerStep``; fails when the budget has no more.
    mutating func charge(_ units: Int) throws(ExpressionError) {
        let extra = units / Self.bytesPerStep
        guard extra > 0 else { return }
        stepsLeft = extra < stepsLeft ? stepsLeft - extra : -1
        if stepsLeft < 0 { throw Self.exhausted() }
    }

    static func exhausted() -> ExpressionError {
        ExpressionError(.stepBudgetExhausted, message: "The evaluation took more steps than its budget allows.")
    }

    /// Refuses a string of `byteCount` bytes when it would pass the budget; called before building it.
    func checkSize(_ byteCount: Int) throws(ExpressionError) {
        if byteCount > maximumValueBytes {
            throw ExpressionError(.valueTooLarge,
                message: "The result would be \(byteCount) bytes long, more than the \(maximumValueBytes) an expression may build.")
        }
    }

    // MARK: Evaluating

    mutating func evaluate(_ node: ExpressionNode) throws(ExpressionError) -> ExpressionValue {
        stepsLeft -= 1
        if stepsLeft < 0 { throw Self.exhausted() }
        switch node {
        case .constant(let value):
            return value
        case .variable(let slot):
            guard slot < values.count else { throw Self.internalError() }
            return values[slot]
        case .not(let operand):
            return .boolean(!(try evaluate(operand).boolean()))
        case .negate(let operand):
            switch try evaluate(operand) {
            case .integer(let integer):
                let (result, overflow) = Int(0).subtractingReportingOverflow(integer)
                if overflow { throw ExpressionError.failed(.integerOverflow, "-\(integer)", "Integer overflow.") }
                return .integer(result)
            case .number(let number):
                return .number(-number)
            default:
                throw Self.internalError()
            }
        case .toNumber(let operand):
            return .number(try evaluate(operand).double())
        case .fold(let first, let steps):
            var accumulator = try evaluate(first)
            for step in steps {
                let operand = try evaluate(step.operand)
                accumulator = try apply(step.operation, accumulator, operand)
            }
            return accumulator
        case .and(let operands):
            for operand in operands {
                if !(try evaluate(operand).boolean()) { return .boolean(false) }
            }
            return .boolean(true)
        case .or(let operands):
            for operand in operands {
                if try evaluate(operand).boolean() { return .boolean(true) }
            }
            return .boolean(false)
        case .conditional(let condition, let then, let otherwise):
            let holds = try evaluate(condition).boolean()
            return try evaluate(holds ? then : otherwise)
        case .attempt(let operands):
            for operand in operands.dropLast() {
                do {
                    return try evaluate(operand)
                } catch where error.kind != .stepBudgetExhausted {
                    // The next operand is the fallback. The failed one keeps the steps it took: the
                    // budget caps work, successful or not, and running out of it is not caught.
                }
            }
            return try evaluate(operands[operands.count - 1])
        case .call0(let function):
            return try call(function, []) { (evaluation: inout ExpressionEvaluation) throws(ExpressionError) in
                guard case .nullary(let body) = function.implementation else { throw Self.internalError() }
                return try body(&evaluation)
            }
        case .call1(let function, let a):
            let x = try evaluate(a)
            try charge(x.stringBytes)
            return try call(function, [x]) { (evaluation: inout ExpressionEvaluation) throws(ExpressionError) in
                guard case .unary(let body) = function.implementation else { throw Self.internalError() }
                return try body(x, &evaluation)
            }
        case .call2(let function, let a, let b):
            let x = try evaluate(a)
            let y = try evaluate(b)
            try charge(x.stringBytes + y.stringBytes)
            return try call(function, [x, y]) { (evaluation: inout ExpressionEvaluation) throws(ExpressionError) in
                guard case .binary(let body) = function.implementation else { throw Self.internalError() }
                return try body(x, y, &evaluation)
            }
        case .call3(let function, let a, let b, let c):
            let x = try evaluate(a)
            let y = try evaluate(b)
            let z = try evaluate(c)
            try charge(x.stringBytes + y.stringBytes + z.stringBytes)
            return try call(function, [x, y, z]) { (evaluation: inout ExpressionEvaluation) throws(ExpressionError) in
                guard case .ternary(let body) = function.implementation else { throw Self.internalError() }
                return try body(x, y, z, &evaluation)
            }
        case .callN(let function, let argumentNodes):
            var arguments: [ExpressionValue] = []
            arguments.reserveCapacity(argumentNodes.count)
            for node in argumentNodes { arguments.append(try evaluate(node)) }
            try charge(arguments.reduce(0) { $0 + $1.stringBytes })
            return try call(function, arguments) { (evaluation: inout ExpressionEvaluation) throws(ExpressionError) in
                guard case .variadic(let body) = function.implementation else { throw Self.internalError() }
                return try body(arguments, &evaluation)
            }
        case .template(let pieces):
            var text = ""
            for piece in pieces {
                let part: String
                switch piece {
                case .text(let literal): part = literal
                case .value(let node): part = try evaluate(node).text(limit: maximumValueBytes - text.utf8.count)
                }
                try checkSize(text.utf8.count + part.utf8.count)
                try charge(part.utf8.count)
                text += part
            }
            return .string(text)
        }
    }

    /// Runs a function's body, adding the call to the message of an error it throws:
    /// `Failed to evaluate [name(arguments)]. reason`. The arguments are only made into an array
    /// here, on the way to an error, except for variadic calls which need one anyway.
    @inline(__always)
    private mutating func call(_ function: ExpressionFunction, _ arguments: @autoclosure () -> [ExpressionValue],
                               _ body: (inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue)
        throws(ExpressionError) -> ExpressionValue
    {
        do {
            let result = try body(&self)
            // What the function built (or gave back) counts as well as what it read.
            try charge(result.stringBytes)
            return result
        } catch {
            throw ExpressionError.failed(error.kind, ExpressionError.call(function.name, arguments()), error.message)
        }
    }

    /// A value of an unexpected type: the checker rules this out, so it means a bug, reported as a
    /// failed evaluation rather than a crash.
    static func internalError() -> ExpressionError {
        ExpressionError(.invalidValue, message: "Internal error: a value of an unexpected type.")
    }

    // MARK: Operators

    private mutating func apply(_ operation: ExpressionSyntax.BinaryOperator, _ left: ExpressionValue, _ right: ExpressionValue)
        throws(ExpressionError) -> ExpressionValue
    {
        func failure(_ kind: ExpressionError.Kind, _ reason: String) -> ExpressionError {
            ExpressionError.failed(kind, "\(left.messageText) \(operation.rawValue) \(right.messageText)", reason)
        }
        switch operation {
        case .and, .or:
            // The checker makes and/or nodes of their own, which stop early; never a fold's step.
            throw Self.internalError()
        case .equal:
            return .boolean(try equal(left, right))
        case .notEqual:
            return .boolean(!(try equal(left, right)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.integer(let a), .integer(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case (.datetime(let a), .datetime(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            default:
                let a = try left.double(), b = try right.double()
                order = a < b ? -1 : (a == b ? 0 : 1)
            }
            switch operation {
            case .less: return .boolean(order < 0)
            case .lessOrEqual: return .boolean(order <= 0)
            case .greater: return .boolean(order > 0)
            default: return .boolean(order >= 0)
            }
        case .plus:
            if case .string(let a) = left, case .string(let b) = right {
                try checkSize(a.utf8.count + b.utf8.count)
                try charge(a.utf8.count + b.utf8.count)
                return .string(a + b)
            }
            fallthrough
        case .minus, .times, .divide, .remainder:
            if case .integer(let a) = left, case .integer(let b) = right {
                let result: (partialValue: Int, overflow: Bool)
                switch operation {
                case .plus: result = a.addingReportingOverflow(b)
                case .minus: result = a.subtractingReportingOverflow(b)
                case .times: result = a.multipliedReportingOverflow(by: b)
                case .divide:
                    if b == 0 { throw failure(.divisionByZero, "Division by zero is not supported.") }
                    result = a.dividedReportingOverflow(by: b)
                default:
                    if b == 0 { throw failure(.divisionByZero, "Division by zero is not supported.") }
                    result = a.remainderReportingOverflow(dividingBy: b)
                    // minInteger % -1 is 0, not an overflow.
                    if result.overflow { return .integer(0) }
                }
                if result.overflow { throw failure(.integerOverflow, "Integer overflow.") }
                return .integer(result.partialValue)
            }
            let a = try left.double(), b = try right.double()
            let result: Double
            switch operation {
            case .plus: result = a + b
            case .minus: result = a - b
            case .times: result = a * b
            case .divide:
                if b == 0 { throw failure(.divisionByZero, "Division by zero is not supported.") }
                result = a / b
            default:
                if b == 0 { throw failure(.divisionByZero, "Division by zero is not supported.") }
                result = a.truncatingRemainder(dividingBy: b)
            }
            guard result.isFinite else { throw failure(.numberOverflow, "Number overflow.") }
            return .number(result)
        }
    }

    /// Equality: integers and numbers compare by value (`7 == 7.0`), everything else by type and
    /// value. Strings, arrays and dicts are charged for what is compared (``charge(_:)``).
    mutating func equal(_ left: ExpressionValue, _ right: ExpressionValue) throws(ExpressionError) -> Bool {
        switch (left, right) {
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
            return ExpressionValue.exactInteger(b) == a
        case (.datetime(let a), .datetime(let b)):
            return ExpressionDateTime(a) == ExpressionDateTime(b)
        case (.string(let a), .string(let b)):
            try charge(a.utf8.count + b.utf8.count)
            return a == b
        case (.array(let a), .array(let b)):
            return try equal(JSONValue.array(a), JSONValue.array(b))
        case (.dictionary(let a), .dictionary(let b)):
            return try equal(JSONValue.object(a), JSONValue.object(b))
        default:
            return left == right
        }
    }

    /// JSON values compared as `==` compares them, one value at a time, charged a unit for each
    /// value and each byte of a string or key compared, before it is compared: two arrays of half a
    /// million elements compared 1,300 times by one expression took 13 s as one step each.
    private mutating func equal(_ left: JSONValue, _ right: JSONValue) throws(ExpressionError) -> Bool {
        // Arrays and dicts met inside, compared after the values beside them.
        var pending: [(JSONValue, JSONValue)] = [(left, right)]
        var units = 0
        // Compares two values at once, or puts two arrays or dicts aside.
        func compare(_ a: JSONValue, _ b: JSONValue, units: inout Int) -> Bool {
            switch (a, b) {
            case (.array, .array), (.object, .object):
                pending.append((a, b))
                return true
            case (.string(let x), .string(let y)):
                units += x.utf8.count + y.utf8.count
                return x == y
            default:
                return a == b
            }
        }
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                try charge(units + x.count)
                units = 0
                for index in x.indices {
                    guard compare(x[index], y[index], units: &units) else { return false }
                    if units >= 1 << 16 {
                        try charge(units)
                        units = 0
                    }
                }
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                try charge(units + x.count + x.keys.reduce(0) { $0 + $1.utf8.count })
                units = 0
                for (key, value) in x {
                    guard let other = y[key], compare(value, other, units: &units) else { return false }
                    if units >= 1 << 16 {
                        try charge(units)
                        units = 0
                    }
                }
            default:
                guard compare(a, b, units: &units) else { return false }
            }
        }
        try charge(units)
        return true
    }
}

extension ExpressionValue {
    /// The string, for implementations whose parameter is a string.
    func string() throws(ExpressionError) -> String {
        guard case .string(let string) = self else { throw ExpressionEvaluation.internalError() }
        return string
    }

    func integer() throws(ExpressionError) -> Int {
        guard case .integer(let integer) = self else { throw ExpressionEvaluation.internalError() }
        return integer
    }

    /// The number; an integer is converted (number parameters accept integers).
    func double() throws(ExpressionError) -> Double {
        switch self {
        case .number(let number): return number
        case .integer(let integer): return Double(integer)
        default: throw ExpressionEvaluation.internalError()
        }
    }

    func boolean() throws(ExpressionError) -> Bool {
        guard case .boolean(let boolean) = self else { throw ExpressionEvaluation.internalError() }
        return boolean
    }

    func dateTime() throws(ExpressionError) -> ExpressionDateTime {
        guard case .datetime(let date) = self else { throw ExpressionEvaluation.internalError() }
        return ExpressionDateTime(date)
    }

    func array() throws(ExpressionError) -> [JSONValue] {
        guard case .array(let array) = self else { throw ExpressionEvaluation.internalError() }
        return array
    }

    /// The bytes of the string, 0 for other values: what a call is charged for reading or giving it.
    var stringBytes: Int {
        if case .string(let string) = self { return string.utf8.count }
        return 0
    }

    func dictionary() throws(ExpressionError) -> [String: JSONValue] {
        guard case .dictionary(let dictionary) = self else { throw ExpressionEvaluation.internalError() }
        return dictionary
    }

    /// The value as text, refused when it would be longer than `limit` bytes (arrays and dicts are
    /// written only up to the limit).
    func text(limit: Int) throws(ExpressionError) -> String {
        let text: String?
        switch self {
        case .array(let elements): text = ExpressionJSONText.text(for: .array(elements), limit: max(0, limit))
        case .dictionary(let members): text = ExpressionJSONText.text(for: .object(members), limit: max(0, limit))
        default: text = self.text
        }
        guard let text, text.utf8.count <= max(0, limit) else {
            throw ExpressionError(.valueTooLarge, message: "The text of a value would be longer than an expression may build.")
        }
        return text
    }
}
