/// Array and dict access, with and without defaults, as DivKit names it: `getStringFromArray(array,
/// index)`, `getOptStringFromArray(array, index, fallback)`, `getStringFromDict(dict, key, …)` (a
/// path of keys through nested dicts), `getOptStringFromDict(fallback, dict, key, …)`; and `len`
/// of an array.
extension ExpressionFunctionList {
    mutating func addCollectionFunctions() {
        add("len", .array, .integer, "The number of elements in the array.") { array, _ throws(ExpressionError) in
            .integer(try array.array().count)
        }
        let elementTypes: [ExpressionType] = [.string, .integer, .number, .boolean, .array, .dictionary]
        for type in elementTypes {
            let typeName = type.displayName
            add("get\(typeName)FromArray", .array, .integer, type,
                "The element at the index (from 0); an error when there is none or it is not \(Self.article(type)).")
            { array, index, _ throws(ExpressionError) in
                let elements = try array.array(), position = try index.integer()
                guard elements.indices.contains(position) else {
                    throw ExpressionError(.outOfBounds, message: "Requested index (\(position)) out of bounds array size (\(elements.count)).")
                }
                guard let value = Self.value(elements[position], as: type) else {
                    throw ExpressionError(.wrongValueType,
                        message: "Incorrect value type: expected \(typeName), got \(Self.arrayTypeName(of: elements[position])).")
                }
                return value
            }
            if type == .array || type == .dictionary {
                add("getOpt\(typeName)FromArray", .array, .integer, type,
                    "The element at the index, or an empty \(type == .array ? "array" : "dict") when there is none or it is not one.")
                { array, index, _ throws(ExpressionError) in
                    let elements = try array.array(), position = try index.integer()
                    guard elements.indices.contains(position), let value = Self.value(elements[position], as: type) else {
                        return .defaultValue(of: type)
                    }
                    return value
                }
            } else {
                add("getOpt\(typeName)FromArray", .array, .integer, type, type,
                    "The element at the index, or the fallback when there is none or it is not \(Self.article(type)).")
                { array, index, fallback, _ throws(ExpressionError) in
                    let elements = try array.array(), position = try index.integer()
                    guard elements.indices.contains(position), let value = Self.value(elements[position], as: type) else {
                        return fallback
                    }
                    return value
                }
            }
            addVariadic("get\(typeName)FromDict", [.dictionary, .string], type,
                        "The member at the path of keys; an error when it is missing or not \(Self.article(type)).")
            { arguments, _ throws(ExpressionError) in
                let member = try Self.member(at: arguments.dropFirst(), in: try arguments[0].dictionary())
                return try Self.dictValue(member, as: type)
            }
            if type == .array || type == .dictionary {
                addVariadic("getOpt\(typeName)FromDict", [.dictionary, .string], type,
                            "The member at the path of keys, or an empty \(type == .array ? "array" : "dict") when it is missing or not one.")
                { arguments, _ throws(ExpressionError) in
                    guard let member = try? Self.member(at: arguments.dropFirst(), in: try arguments[0].dictionary()),
                          let value = try? Self.dictValue(member, as: type)
                    else { return .defaultValue(of: type) }
                    return value
                }
            } else {
                addVariadic("getOpt\(typeName)FromDict", [type, .dictionary, .string], type,
                            "The member at the path of keys (after the fallback and the dict), or the fallback when it is missing or not \(Self.article(type)).")
                { arguments, _ throws(ExpressionError) in
                    guard let member = try? Self.member(at: arguments.dropFirst(2), in: try arguments[1].dictionary()),
                          let value = try? Self.dictValue(member, as: type)
                    else { return arguments[0] }
                    return value
                }
            }
        }
    }

    private static func article(_ type: ExpressionType) -> String {
        type == .integer || type == .array ? "an \(type.displayName)" : "a \(type.displayName)"
    }

    /// A JSON element as a value of `type`; integral numbers are integers, any number is a number.
    private static func value(_ element: JSONValue, as type: ExpressionType) -> ExpressionValue? {
        ExpressionValue(json: element, as: type)
    }

    /// The type name of an array element in messages, as DivKit writes it.
    private static func arrayTypeName(of element: JSONValue) -> String {
        switch element {
        case .null: "Null"
        case .bool: "Boolean"
        case .number(let number): ExpressionValue.exactInteger(number) != nil ? "Integer" : "Number"
        case .string: "String"
        case .array: "Array"
        case .object: "Dict"
        }
    }

    /// The member at a path of keys, through nested dicts.
    private static func member(at keys: ArraySlice<ExpressionValue>, in dictionary: [String: JSONValue])
        throws(ExpressionError) -> JSONValue
    {
        var current: JSONValue = .object(dictionary)
        for key in keys {
            let name = try key.string()
            guard case .object(let members) = current, let member = members[name] else {
                throw ExpressionError(.missingProperty, message: "Missing property \"\(name.cut(toUTF8Count: 64))\" in the dict.")
            }
            current = member
        }
        return current
    }

    /// A dict member as a value of `type`, with DivKit's messages for dict members.
    private static func dictValue(_ member: JSONValue, as type: ExpressionType) throws(ExpressionError) -> ExpressionValue {
        if let value = ExpressionValue(json: member, as: type) { return value }
        if type == .integer, case .number(let number) = member {
            if number.isFinite, number == number.rounded() {
                throw ExpressionError(.integerOverflow, message: "Integer overflow.")
            }
            throw ExpressionError(.wrongValueType, message: "Cannot convert value to integer.")
        }
        let got = switch member {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "dict"
        }
        throw ExpressionError(.wrongValueType, message: "Incorrect value type: expected \"\(type.rawValue)\", got \"\(got)\".")
    }
}
