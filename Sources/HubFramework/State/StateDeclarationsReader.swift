/// Reads a `state` object into ``StateDeclarations``, reporting each declaration it cannot use where
/// it is: a name expressions cannot use, a value whose type cannot be told, a long declaration whose
/// `type` is unknown or whose `value` is not of it, a value over ``ContentLimits/maximumStateValueBytes``,
/// more than ``ContentLimits/maximumStateVariables`` variables. The variables are read in key order,
/// so that problems come in a stable order.
package struct StateDeclarationsReader {
    let limits: ContentLimits

    /// The members of a declaration's long form; an object with others (or without `type`) is a
    /// Dict's value.
    package static let longFormKeys: Set<String> = ["type", "value"]

    /// The variables `json` declares; `location` is where the `state` object is.
    func read(_ json: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector) -> StateDeclarations {
        var declarations = StateDeclarations()
        for (name, value) in json.sorted(by: { $0.key < $1.key }) {
            let valueLocation = JSONLocation.key(name, in: location)
            guard declarations.variables.count < limits.maximumStateVariables else {
                problems.report("more than \(limits.maximumStateVariables) variables are declared here (the limit "
                    + "maximumStateVariables); \"\(name)\" and the rest were ignored", at: valueLocation)
                break
            }
            guard name != "true", name != "false" else {
                problems.report("\"\(name)\" cannot name a variable: true and false are the boolean literals",
                                at: valueLocation)
                continue
            }
            guard ExpressionDeclarations.isValidName(name) else {
                problems.report("\"\(name)\" cannot name a variable: a name is a letter or _, then letters, digits, _ "
                    + "or .", at: valueLocation)
                continue
            }
            guard !name.hasPrefix("env.") else {
                problems.report("\"\(name)\" cannot name a variable: env. names the environment (env.locale, "
                    + "env.direction, env.colorScheme, env.widthClass)", at: valueLocation)
                continue
            }
            guard let variable = variable(named: name, from: value, at: valueLocation, problems: problems) else { continue }
            if let text = ExpressionJSONText.text(for: variable.initialValue.jsonValue, limit: limits.maximumStateValueBytes),
                text.utf8.count <= limits.maximumStateValueBytes
            {
                declarations.add(variable)
            } else {
                problems.report("the value of \"\(name)\" is larger than \(ContentLimits.describe(bytes: limits.maximumStateValueBytes)) "
                    + "(the limit maximumStateValueBytes); the variable starts empty", at: valueLocation)
                declarations.add(StateVariable(name: name, type: variable.type,
                                               initialValue: .defaultValue(of: variable.type)))
            }
        }
        return declarations
    }

    /// One declaration: the short form (a value) or the long one (`{"type": …, "value": …}`).
    private func variable(named name: String, from value: JSONValue, at location: JSONLocation,
                          problems: JSONProblemCollector) -> StateVariable?
    {
        if case .object(let object) = value, let typeValue = object["type"],
            Set(object.keys).isSubset(of: Self.longFormKeys)
        {
            guard case .string(let typeName) = typeValue, let type = ExpressionType(declarationName: typeName) else {
                problems.report("unknown variable type \(JSONWriter().string(for: typeValue)); the types are "
                    + "string, integer, number, boolean, datetime, array and object", at: .key("type", in: location))
                return nil
            }
            guard let initial = object["value"] else {
                return StateVariable(name: name, type: type, initialValue: .defaultValue(of: type))
            }
            guard let converted = ExpressionValue(json: initial, as: type) else {
                problems.report("expected a value of type \(type.describedWithArticle), found \(initial.kindDescription)",
                    at: .key("value", in: location))
                return nil
            }
            return StateVariable(name: name, type: type, initialValue: converted)
        }
        switch value {
        case .string(let text): return StateVariable(name: name, type: .string, initialValue: .string(text))
        case .bool(let flag): return StateVariable(name: name, type: .boolean, initialValue: .boolean(flag))
        case .number(let number):
            if let integer = ExpressionValue(json: value, as: .integer) {
                return StateVariable(name: name, type: .integer, initialValue: integer)
            }
            guard number.isFinite else { return nil }
            return StateVariable(name: name, type: .number, initialValue: .number(number))
        case .array(let elements): return StateVariable(name: name, type: .array, initialValue: .array(elements))
        case .object(let members): return StateVariable(name: name, type: .dictionary, initialValue: .dictionary(members))
        case .null:
            problems.report("the type of \"\(name)\" cannot be read from null: declare it as "
                + "{\"type\": …, \"value\": …}", at: location)
            return nil
        }
    }
}
