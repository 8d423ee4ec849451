import Foundation
import HubFramework

/// `hub-validate --evaluate`: evaluates expressions given as JSON lines, with the compiler and
/// evaluator the viewer runs, and prints one JSON line for each.
///
/// Input, one object per line:
///
/// ```
/// {"expression": "@{a + 1}", "variables": [{"name": "a", "type": "integer", "value": 1}],
///  "environment": {"locale": "ru-RU"}}
/// ```
///
/// `expression` is a string value as a document holds it: without `@{` it is plain text.
/// `variables` (optional) declares each variable and gives its value; the types are `string`,
/// `integer`, `number`, `boolean`, `datetime` (`yyyy-MM-dd HH:mm:ss`, UTC, or milliseconds since
/// 1970), `array` and `dict` (or `object`). As in DivKit's conformance data, a boolean may be given as
/// 0 or 1, and a variable whose name cannot be declared (`true`, `1var`) is left out, with a note on
/// standard error. `environment` (optional) sets `locale`, `direction`, `colorScheme` and `widthClass`.
///
/// Output, one object per line: `{"type": "integer", "value": 2}`, with DivKit's type names, or
/// `{"type": "error", "value": "message"}`; an expression that does not compile also has its
/// problems, located in Unicode scalars: `"problems": [{"offset": 3, "length": 4, "message": "…"}]`.
/// A line that is not valid JSON, or not such an object, gets an error line, and the next line is
/// read. Blank lines are skipped.
struct ExpressionEvaluator {
    /// The result line for one input line, or nil for a blank line.
    func resultLine(for line: String) -> String? {
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return Self.errorLine("The line is not a JSON object.")
        }
        guard let expression = object["expression"] as? String else {
            return Self.errorLine("The line has no \"expression\" string.")
        }
        var environment = ExpressionEnvironment()
        if let settings = object["environment"] {
            guard let settings = settings as? [String: Any] else { return Self.errorLine("\"environment\" is not an object.") }
            if let error = Self.apply(settings, to: &environment) { return Self.errorLine(error) }
        }
        var declarations = ExpressionDeclarations()
        var values: [(ExpressionSlot, ExpressionValue)] = []
        for entry in object["variables"] as? [Any] ?? [] {
            guard let variable = entry as? [String: Any], let name = variable["name"] as? String,
                  let typeName = variable["type"] as? String
            else {
                return Self.errorLine("Each variable needs a \"name\" and a \"type\".")
            }
            guard let type = ExpressionType(declarationName: typeName) else {
                return Self.errorLine("Variable '\(name)' has the unknown type '\(typeName)'.")
            }
            guard let slot = declarations.declare(name, as: type) else {
                // As in DivKit's conformance data, where `true` declared as a variable is still the
                // literal: the variable is left out (and an expression naming it is a problem).
                writeError("hub-validate: '\(name)' cannot be a variable's name; it is not declared\n")
                continue
            }
            guard let value = Self.value(variable["value"] as Any, as: type) else {
                return Self.errorLine("The value of '\(name)' is not \(type == .integer ? "an" : "a") \(type.displayName).")
            }
            values.append((slot, value))
        }
        switch ExpressionTemplate.compile(expression, declarations: declarations) {
        case .failure(let problems):
            let located = problems.map { problem in
                "{\"offset\": \(problem.range.lowerBound), \"length\": \(problem.range.count), \"message\": \(Self.json(problem.message))}"
            }
            return "{\"type\": \"error\", \"value\": \(Self.json(problems.map(\.message).joined(separator: " ")))"
                + ", \"problems\": [\(located.joined(separator: ", "))]}"
        case .success(let template):
            var variables = ExpressionVariables(declarations: declarations, environment: environment)
            for (slot, value) in values { variables.setValue(value, for: slot) }
            switch template.evaluate(with: variables) {
            case .success(let value): return "{\"type\": \"\(value.type.rawValue)\", \"value\": \(Self.json(value))}"
            case .failure(let error): return Self.errorLine(error.message)
            }
        }
    }

    private static func errorLine(_ message: String) -> String {
        "{\"type\": \"error\", \"value\": \(json(message))}"
    }

    private static func json(_ text: String) -> String {
        JSONWriter().string(for: .string(text))
    }

    /// A value as JSON: integers exactly, numbers as the language writes them (`5.0`, `1.0E23`, both
    /// valid JSON), datetimes as their text.
    private static func json(_ value: ExpressionValue) -> String {
        switch value {
        case .integer, .number, .boolean: value.text
        case .string(let string): json(string)
        case .datetime: json(value.text)
        case .array(let elements): JSONWriter(options: .sortedKeys).string(for: .array(elements))
        case .dictionary(let members): JSONWriter(options: .sortedKeys).string(for: .object(members))
        }
    }

    /// A variable's value from the line: integers exactly (Foundation keeps 64-bit integers that
    /// `JSONValue`'s doubles would round), 0 and 1 as booleans.
    private static func value(_ any: Any, as type: ExpressionType) -> ExpressionValue? {
        if let number = any as? NSNumber, !isBoolean(number) {
            switch type {
            case .integer:
                let kind = String(cString: number.objCType)
                // "Q": an unsigned 64-bit value, past Int's range when it does not fit a signed one.
                if kind == "Q" && number.uint64Value > UInt64(Int.max) { return nil }
                if !kind.contains(where: { "fd".contains($0) }) { return .integer(number.intValue) }
            case .boolean:
                if number == 0 || number == 1 { return .boolean(number == 1) }
                return nil
            default:
                break
            }
        }
        guard let json = JSONValue(any: any) else { return nil }
        return ExpressionValue(json: json, as: type)
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    private static func apply(_ settings: [String: Any], to environment: inout ExpressionEnvironment) -> String? {
        for (key, value) in settings {
            guard let text = value as? String else { return "environment.\(key) is not a string." }
            switch key {
            case "locale":
                environment.locale = text
            case "direction":
                guard let direction = LayoutDirection(rawValue: text) else { return "environment.direction is ltr or rtl." }
                environment.direction = direction
            case "colorScheme":
                guard let scheme = ExpressionEnvironment.ColorScheme(rawValue: text) else {
                    return "environment.colorScheme is light or dark."
                }
                environment.colorScheme = scheme
            case "widthClass":
                guard let widthClass = ExpressionEnvironment.WidthClass(rawValue: text) else {
                    return "environment.widthClass is compact, medium or wide."
                }
                environment.widthClass = widthClass
            default:
                return "Unknown environment key '\(key)': the keys are locale, direction, colorScheme, widthClass."
            }
        }
        return nil
    }
}
