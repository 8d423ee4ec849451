/// Reads an `input` object into an ``InputBinding``, reporting what is wrong where it is: no
/// `variable`, one that is not declared, an unknown `purpose`, a bound that is not a number, a
/// validator of an unknown kind or with a pattern that cannot be used, a validator expression that
/// is not a boolean.
package struct InputBindingReader {
    let compiler: BindingCompiler
    let scope: BindingScope
    let limits: ContentLimits

    /// The keys an `input` object may have.
    package static let keys = ["variable", "placeholder", "purpose", "maximumLength", "options", "minimum", "maximum",
                       "step", "validators", "form"]

    func read(_ object: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector) -> InputBinding? {
        for key in object.keys.sorted() where !Self.keys.contains(key) {
            let suggestion = UnknownKeyCheck.nearest(to: key, among: Self.keys).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.report("\"\(key)\" is not read here\(suggestion)", at: .key(key, in: location))
        }
        guard let variable = scope.variable(namedIn: object, at: location,
                                            missing: "an input needs the \"variable\" it shows and changes",
                                            problems: problems)
        else { return nil }
        var purpose = InputBinding.Purpose.text
        if let value = object["purpose"] {
            if case .string(let text) = value, let known = InputBinding.Purpose(rawValue: text) {
                purpose = known
            } else {
                problems.report("unknown purpose \(JSONWriter().string(for: value)); the purposes are "
                    + InputBinding.Purpose.allCases.map(\.rawValue).joined(separator: ", "), at: .key("purpose", in: location))
            }
        }
        func number(_ key: String) -> Double? {
            guard let value = object[key] else { return nil }
            guard case .number(let number) = value, number.isFinite else {
                problems.reportTypeMismatch(expected: "a number", found: value, at: .key(key, in: location))
                return nil
            }
            return number
        }
        let maximumLength = number("maximumLength").map { max(0, Int($0)) }
        let placeholder = object["placeholder"].map {
            compiler.bind($0, in: scope, at: .key("placeholder", in: location), problems: problems)
        }
        let options = object["options"].map {
            compiler.bind($0, in: scope, at: .key("options", in: location), problems: problems)
        }
        var form: String?
        if let value = object["form"] {
            if case .string(let text) = value { form = text } else {
                problems.reportTypeMismatch(expected: "a string", found: value, at: .key("form", in: location))
            }
        }
        return InputBinding(
            variable: variable, placeholder: placeholder, purpose: purpose, maximumLength: maximumLength,
            options: options, minimum: number("minimum"), maximum: number("maximum"), step: number("step"),
            validators: validators(object["validators"], at: .key("validators", in: location), problems: problems),
            form: form)
    }

    /// The kinds of validator, by the key that names each.
    package static let validatorKinds = ["required", "minimumLength", "maximumLength", "pattern", "minimum", "maximum", "expression"]

    private func validators(_ value: JSONValue?, at location: JSONLocation?,
                            problems: JSONProblemCollector) -> [InputBinding.Validator]
    {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            problems.reportTypeMismatch(expected: "an array of validators", found: value, at: location)
            return []
        }
        var result: [InputBinding.Validator] = []
        for (offset, element) in elements.enumerated() {
            let here = JSONLocation.index(offset, in: location)
            guard case .object(let object) = element else {
                problems.reportTypeMismatch(expected: "a validator object", found: element, at: here)
                continue
            }
            for key in object.keys.sorted() where key != "message" && !Self.validatorKinds.contains(key) {
                let suggestion = UnknownKeyCheck.nearest(to: key, among: Self.validatorKinds + ["message"])
                    .map { "; did you mean \"\($0)\"?" } ?? ""
                problems.report("\"\(key)\" is not read in a validator\(suggestion)", at: .key(key, in: here))
            }
            guard case .string(let message)? = object["message"] else {
                problems.report("a validator needs the \"message\" shown when the value does not pass", at: here)
                continue
            }
            if object["required"] == .bool(true) {
                result.append(.init(rule: .required, message: message))
            } else if object["minimumLength"] != nil || object["maximumLength"] != nil {
                let minimum = object["minimumLength"]?.intValue
                let maximum = object["maximumLength"]?.intValue
                result.append(.init(rule: .length(minimum: minimum, maximum: maximum), message: message))
            } else if case .string(let source)? = object["pattern"] {
                do {
                    result.append(.init(rule: .pattern(try TextPattern(source)), message: message))
                } catch {
                    problems.report("the pattern cannot be used: \(error.message) (at character \(error.offset + 1))",
                                    at: .key("pattern", in: here), offsetInString: error.offset)
                }
            } else if object["minimum"] != nil || object["maximum"] != nil {
                let minimum: Double? = if case .number(let n)? = object["minimum"] { n } else { nil }
                let maximum: Double? = if case .number(let n)? = object["maximum"] { n } else { nil }
                result.append(.init(rule: .range(minimum: minimum, maximum: maximum), message: message))
            } else if case .string(let text)? = object["expression"] {
                if let template = compiler.compile(text, as: .boolean, in: scope, at: .key("expression", in: here),
                                                   problems: problems) {
                    result.append(.init(rule: .expression(template), message: message))
                }
            } else {
                problems.report("a validator is one of \(Self.validatorKinds.joined(separator: ", ")), with a \"message\"",
                                at: here)
            }
        }
        return result
    }
}
