/// Compiles an action object of a target's `actions` into a ``JSONAction``, in a component's scope,
/// reporting what is wrong where it is: an unknown `type` (a located warning: the actions after it
/// still run), a member its type does not read (``members``), a variable that is not declared, a
/// value of another type than the variable's, a `toggle` of a non-boolean, an `append` or `remove`
/// on a non-array, a condition that is not a boolean, an `if` or a `submit` nested deeper than
/// ``ContentLimits/maximumActionNesting`` lists, a list of more than
/// ``ContentLimits/maximumActionsPerList`` actions.
package struct JSONActionCompiler {
    let compiler: BindingCompiler
    let scope: BindingScope
    let limits: ContentLimits

    /// The types an action object may have, besides a registered `namespace:name`.
    package static let types = ["set", "toggle", "append", "remove", "if", "open", "submit", "request"]

    /// The members an action object of each type may have (`type` included); a registered
    /// `namespace:name` action's are ``registeredMembers``. Others are reported, with the nearest.
    package static let members: [String: [String]] = [
        "set": ["type", "variable", "value"],
        "toggle": ["type", "variable"],
        "append": ["type", "variable", "value"],
        "remove": ["type", "variable", "value", "index"],
        "if": ["type", "condition", "then", "else"],
        "open": ["type", "uri"],
        "submit": ["type", "form", "then", "method", "url", "headers", "onSuccess", "onError", "onFinish"],
        "request": ["type", "method", "url", "body", "headers", "onSuccess", "onError", "onFinish"],
    ]

    /// The members of a registered action's object: its identifier and the custom data it is given.
    package static let registeredMembers = ["type", "data"]

    func compile(_ object: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                 depth: Int = 0) -> JSONAction?
    {
        guard case .string(let type)? = object["type"] else {
            problems.report("an action object needs a \"type\": one of \(Self.types.joined(separator: ", ")) or a "
                + "registered \"namespace:name\"", at: location)
            return nil
        }
        if let known = Self.members[type] ?? (Identifier(string: type) != nil ? Self.registeredMembers : nil) {
            for key in object.keys.sorted() where !known.contains(key) {
                let suggestion = UnknownKeyCheck.nearest(to: key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                let actions = Self.members[type] != nil ? "\(type) actions" : "registered actions"
                problems.report("\"\(key)\" is not read by \(actions)\(suggestion)", at: .key(key, in: location))
            }
        }
        switch type {
        case "set", "append", "remove", "toggle":
            guard let variable = scope.variable(namedIn: object, at: location,
                                                missing: "this action needs the \"variable\" it changes",
                                                problems: problems)
            else { return nil }
            if type == "toggle" {
                guard variable.type == .boolean else {
                    problems.report("toggle needs a boolean variable; \"\(variable.name)\" is \(variable.type.describedWithArticle)",
                                    at: .key("variable", in: location))
                    return nil
                }
                return .toggle(variable)
            }
            if type != "set", variable.type != .array {
                problems.report("\(type) needs an array variable; \"\(variable.name)\" is \(variable.type.describedWithArticle)",
                                at: .key("variable", in: location))
                return nil
            }
            if type == "remove", let index = object["index"] {
                guard let template = expression(index, as: .integer, at: .key("index", in: location), problems: problems)
                else { return nil }
                return .removeAt(variable, template)
            }
            guard let value = object["value"] else {
                problems.report("\(type) needs a \"value\"", at: location)
                return nil
            }
            let valueType: ExpressionType? = type == "set" ? variable.type : nil
            guard let bound = self.value(value, as: valueType, at: .key("value", in: location), problems: problems) else {
                return nil
            }
            switch type {
            case "set": return .set(variable, bound)
            case "append": return .append(variable, bound)
            default: return .remove(variable, bound)
            }
        case "if":
            guard let condition = requiredExpression("condition", as: .boolean, of: type, in: object, at: location,
                                                     problems: problems)
            else { return nil }
            guard nestingAllowed(type, depth: depth, at: location, problems: problems) else { return nil }
            return .condition(condition, then: list(object["then"], at: .key("then", in: location), problems: problems, depth: depth + 1),
                              otherwise: list(object["else"], at: .key("else", in: location), problems: problems, depth: depth + 1))
        case "open":
            guard let uri = requiredExpression("uri", as: .string, of: type, in: object, at: location, problems: problems)
            else { return nil }
            return .open(uri)
        case "submit":
            guard case .string(let form)? = object["form"] else {
                problems.report("submit needs the \"form\" it sends", at: location)
                return nil
            }
            guard nestingAllowed(type, depth: depth, at: location, problems: problems) else { return nil }
            var request: RequestAction?
            if object["url"] != nil {
                guard let compiled = requestAction(object, at: location, problems: problems, depth: depth) else { return nil }
                request = compiled
            } else {
                for key in ["method", "headers", "onSuccess", "onError", "onFinish"] where object[key] != nil {
                    problems.report("\"\(key)\" belongs to a submit that sends its form: add the \"url\" to send it to",
                                    at: .key(key, in: location))
                }
            }
            return .submit(form: form, then: list(object["then"], at: .key("then", in: location), problems: problems,
                                                   depth: depth + 1), request: request)
        case "request":
            guard nestingAllowed(type, depth: depth, at: location, problems: problems),
                let request = requestAction(object, at: location, problems: problems, depth: depth)
            else { return nil }
            return .request(request)
        default:
            guard let identifier = Identifier(string: type) else {
                let suggestion = UnknownKeyCheck.nearest(to: type, among: Self.types).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.report("unknown action type \"\(type)\"\(suggestion); it was skipped, and the actions after it run",
                                at: .key("type", in: location))
                return nil
            }
            let data = object["data"].map { compiler.bind($0, in: scope, at: .key("data", in: location), problems: problems) }
            return .perform(identifier, data: data)
        }
    }

    /// The request a `request` (or a `submit` with a `url`) sends: its method, URL, body and headers
    /// checked, its three lists compiled in the scope that reads `response.…`.
    private func requestAction(_ object: JSONObject, at location: JSONLocation?, problems: JSONProblemCollector,
                               depth: Int) -> RequestAction?
    {
        let isSubmit = object["type"] == .string("submit")
        guard let urlValue = object["url"] else {
            problems.report("request needs the \"url\" it sends to", at: location)
            return nil
        }
        guard let url = expression(urlValue, as: .string, at: .key("url", in: location), problems: problems) else {
            return nil
        }
        var method = isSubmit || object["body"] != nil ? "POST" : "GET"
        if let value = object["method"] {
            guard case .string(let text) = value, RequestAction.methods.contains(text.uppercased()) else {
                problems.report("\"method\" is one of \(RequestAction.methods.map { "\"\($0.lowercased())\"" }.joined(separator: ", ")), "
                    + "found \(JSONWriter().string(for: value).cut(toUTF8Count: 60))", at: .key("method", in: location))
                return nil
            }
            method = text.uppercased()
        }
        let body = object["body"].map { compiler.bind($0, in: scope, at: .key("body", in: location), problems: problems) }
        if body != nil, method == "GET" || method == "DELETE" {
            problems.report("a \(method) request sends no body: use \"method\": \"post\"", at: .key("body", in: location))
            return nil
        }
        var headers: [(name: String, value: ExpressionTemplate)] = []
        if let value = object["headers"] {
            let headersLocation = JSONLocation.key("headers", in: location)
            guard case .object(let fields) = value else {
                problems.reportTypeMismatch(expected: "an object of header fields", found: value, at: headersLocation)
                return nil
            }
            for name in fields.keys.sorted() {
                let fieldLocation = JSONLocation.key(name, in: headersLocation)
                guard RequestAction.allowedHeader(name) else {
                    problems.report("a document may not set the header \"\(name.cut(toUTF8Count: 60))\": only Accept, Authorization, "
                        + "If-Match, If-None-Match and its own X-… headers", at: fieldLocation)
                    return nil
                }
                guard let template = expression(fields[name]!, as: .string, at: fieldLocation, problems: problems) else {
                    return nil
                }
                headers.append((name, template))
            }
        }
        let responseScope = BindingScope(response: scope)
        let handlers = JSONActionCompiler(compiler: compiler, scope: responseScope, limits: limits)
        func handlerList(_ key: String) -> [JSONAction] {
            handlers.list(object[key], at: .key(key, in: location), problems: problems, depth: depth + 1)
        }
        return RequestAction(method: method, url: url, body: body, headers: headers, onSuccess: handlerList("onSuccess"),
                             onError: handlerList("onError"), onFinish: handlerList("onFinish"),
                             responseScope: responseScope)
    }

    /// Whether an action whose lists are one level deeper than `depth` may be, else reports it:
    /// the nesting bounds the recursion of compiling and running actions.
    private func nestingAllowed(_ type: String, depth: Int, at location: JSONLocation?,
                                problems: JSONProblemCollector) -> Bool
    {
        let maximum = max(1, limits.maximumActionNesting)
        guard depth < maximum else {
            problems.report("actions are nested deeper than \(maximum) lists here (the limit "
                + "maximumActionNesting); this \(type) was ignored", at: location)
            return false
        }
        return true
    }

    /// The first `maximumActionsPerList` of a list of `count` actions, the rest reported at the
    /// first one left out.
    static func keptCount(of count: Int, at location: JSONLocation?, limits: ContentLimits,
                          problems: JSONProblemCollector) -> Int
    {
        let maximum = max(1, limits.maximumActionsPerList)
        guard count > maximum else { return count }
        problems.report("this list has \(count) actions, more than \(maximum) (the limit maximumActionsPerList); "
            + "this one and those after it were ignored", at: .index(maximum, in: location))
        return maximum
    }

    /// The actions of a `then` or `else` list.
    fileprivate func list(_ value: JSONValue?, at location: JSONLocation?, problems: JSONProblemCollector,
                      depth: Int) -> [JSONAction]
    {
        guard let value else { return [] }
        guard case .array(let all) = value else {
            problems.reportTypeMismatch(expected: "an array of actions", found: value, at: location)
            return []
        }
        let elements = all.prefix(Self.keptCount(of: all.count, at: location, limits: limits, problems: problems))
        return elements.enumerated().compactMap { offset, element in
            let elementLocation = JSONLocation.index(offset, in: location)
            guard case .object(let object) = element else {
                problems.reportTypeMismatch(expected: "an action object", found: element, at: elementLocation)
                return nil
            }
            return compile(object, at: elementLocation, problems: problems, depth: depth)
        }
    }

    /// A value: an expression template, or a literal of `type` (nil: any).
    private func value(_ value: JSONValue, as type: ExpressionType?, at location: JSONLocation?,
                       problems: JSONProblemCollector) -> BoundJSON?
    {
        if case .string(let text) = value, ExpressionTemplate.containsTemplateSyntax(text) {
            return compiler.compile(text, as: type, in: scope, at: location, problems: problems).map { .template($0) }
        }
        if let type, ExpressionValue(json: value, as: type) == nil {
            problems.report("expected a value of type \(type.describedWithArticle), found \(value.kindDescription)", at: location)
            return nil
        }
        return compiler.bind(value, in: scope, at: location, problems: problems)
    }

    /// The expression of `type` under `key` of `object`, which an action of type `action` needs; nil,
    /// with a located problem, when the key is missing or its value is not such an expression.
    private func requiredExpression(_ key: String, as type: ExpressionType, of action: String, in object: JSONObject,
                                    at location: JSONLocation?, problems: JSONProblemCollector) -> ExpressionTemplate?
    {
        guard let value = object[key] else {
            problems.report("\(action) needs a \"\(key)\"", at: location)
            return nil
        }
        return expression(value, as: type, at: .key(key, in: location), problems: problems)
    }

    /// An expression of `type` (a literal of the type counts: `true`, `3`).
    private func expression(_ value: JSONValue, as type: ExpressionType, at location: JSONLocation?,
                            problems: JSONProblemCollector) -> ExpressionTemplate?
    {
        let text: String
        switch value {
        case .string(let string) where ExpressionTemplate.containsTemplateSyntax(string): text = string
        default:
            guard let literal = ExpressionValue(json: value, as: type) else {
                problems.report("expected \(type.describedWithArticle) or an expression such as \"@{…}\", found \(value.kindDescription)",
                                at: location)
                return nil
            }
            text = "@{\(Self.literalSource(literal))}"
        }
        return compiler.compile(text, as: type, in: scope, at: location, problems: problems)
    }

    /// `value` written as an expression literal.
    private static func literalSource(_ value: ExpressionValue) -> String {
        switch value {
        case .string(let text): return "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        case .integer(let integer): return String(integer)
        case .number(let number): return ExpressionNumberText.text(for: number)
        case .boolean(let flag): return flag ? "true" : "false"
        default: return "''"
        }
    }
}
