import Foundation

/// An immutable path that selects values inside a JSON document.
///
/// A path is a list of operations applied in turn to a list of values, starting with the document
/// itself: `goTo(key)` descends into an object, `forEach()` fans out over an array's elements,
/// `runBlock` transforms each value, `combine(with:)` concatenates the values of two paths, and
/// the destination paths (`JSONStringPath` and friends) end with a type check. Values an operation
/// cannot handle are dropped, so a path never fails: at worst it selects nothing.
///
/// Create paths with `MutableJSONPath` (or `JSONSchema.createNewPath()`).
public struct JSONPath: Sendable, CustomStringConvertible {
    let operations: [JSONPathOperation]
    /// True when every operation selects at most one value: such paths are evaluated without
    /// intermediate arrays. Computed once, not per evaluation (paths run millions of times).
    let isSingleValued: Bool

    init(operations: [JSONPathOperation]) {
        self.operations = operations
        isSingleValued = operations.allSatisfy(\.isSingleValued)
    }

    /// Every value the path selects in `json`, in document order (possibly none).
    public func values(in json: JSONValue) -> [JSONValue] {
        evaluate(json, at: nil, problems: nil).map(\.value)
    }

    /// Every value the path selects in the object `json`.
    public func values(in json: JSONObject) -> [JSONValue] {
        values(in: .object(json))
    }

    /// A mutable path with the same operations (a destination path's type check included), to be extended.
    public func mutableCopy() -> MutableJSONPath {
        MutableJSONPath(operations: operations)
    }

    /// The operations in a compact form: `images.main`, `body[*]`, `owner.login.<block>`, `(A | B)`.
    public var description: String {
        JSONPathOperation.describe(operations)
    }

    /// The key when the path is exactly "the objects in the array under this key of the top level"
    /// (`goTo(key).forEach().dictionaryPath()`): such an array can be read element by element as the
    /// document is parsed.
    var streamableArrayKey: String? {
        guard operations.count == 3, case .goTo(let key) = operations[0], case .forEach = operations[1],
            case .check(.dictionary) = operations[2]
        else { return nil }
        return key
    }
}

extension JSONPath {
    /// The path with its final type check replaced by `check` (a path that has none gets it added).
    func replacingCheck(with check: JSONValueCheck) -> JSONPath {
        var operations = self.operations
        if case .check? = operations.last { operations.removeLast() }
        operations.append(.check(check))
        return JSONPath(operations: operations)
    }

    /// A path of plain keys ending with `check`.
    static func keys(_ keys: [String], check: JSONValueCheck) -> JSONPath {
        JSONPath(operations: keys.map { .goTo($0) } + [.check(check)])
    }
}

/// One step of a path.
enum JSONPathOperation: Sendable {
    case goTo(String)
    case forEach
    case runBlock(@Sendable (JSONValue) -> JSONValue?)
    case combine(JSONPath, JSONPath)
    case check(JSONValueCheck)

    /// True when the operation maps one value to at most one value.
    var isSingleValued: Bool {
        switch self {
        case .goTo, .runBlock, .check: return true
        case .forEach, .combine: return false
        }
    }

    static func describe(_ operations: [JSONPathOperation]) -> String {
        var text = ""
        for operation in operations {
            switch operation {
            case .goTo(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .forEach:
                text += "[*]"
            case .runBlock:
                if !text.isEmpty { text += "." }
                text += "<block>"
            case .combine(let first, let second):
                if !text.isEmpty { text += "." }
                text += "(\(first.description) | \(second.description))"
            case .check:
                break
            }
        }
        return text
    }
}

/// The type check (and conversion) that ends a destination path.
enum JSONValueCheck: Sendable {
    case bool, integer, string, url, dictionary
    /// Any value: the reader that takes it checks it itself (a condition is a boolean or an
    /// expression; an action is a string or an object).
    case any

    var expectation: String {
        switch self {
        case .any: return "a value"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .string: return "a string"
        case .url: return "a URL string"
        case .dictionary: return "an object"
        }
    }

    /// Whether `value` passes; reports why not.
    func accepts(_ value: JSONValue, at location: @autoclosure () -> JSONLocation?, problems: JSONProblemCollector?) -> Bool {
        switch (self, value) {
        case (.bool, .bool), (.bool, .number), (.integer, .bool), (.string, .string), (.dictionary, .object), (.any, _):
            return true
        case (.integer, .number):
            if value.intValue != nil { return true }
            problems?.report("expected an integer, found a number out of the integer range", at: location())
            return false
        case (.url, .string(let string)):
            // An expression template is a URL once the view's state gives its value (the one-pass
            // reader takes it as a template too; the field's conversion keeps it).
            if JSONValueCheck.url(from: string) != nil || ExpressionTemplate.containsTemplateSyntax(string) { return true }
            problems?.report("expected a URL, found the string \(JSONWriter().string(for: value)) which is not a valid URL",
                at: location())
            return false
        default:
            problems?.reportTypeMismatch(expected: expectation, found: value, at: location())
            return false
        }
    }

    /// Parses a URL string strictly: strings with spaces, non-ASCII characters or other characters
    /// that need escaping are rejected instead of being percent-encoded.
    static func url(from string: String) -> URL? {
        if #available(macOS 14, iOS 17, *) {
            return URL(string: string, encodingInvalidCharacters: false)
        }
        // Older Apple Foundations never percent-encode in `URL(string:)`.
        return URL(string: string)
    }
}

/// A value selected by a path, with its position in the document (only tracked when reporting).
///
/// The position is kept as the location of an ancestor plus the last one or two steps, and only
/// turned into `JSONLocation` nodes when someone asks for it (a problem is reported, or a nested
/// builder reads its part). Reading a million rows otherwise allocated several location nodes per
/// row that were never looked at.
struct LocatedJSONValue {
    let value: JSONValue
    private var base: JSONLocation?
    private var first: JSONLocation.Component?
    private var second: JSONLocation.Component?

    init(value: JSONValue, location: JSONLocation?) {
        self.value = value
        base = location
    }

    private init(value: JSONValue, base: JSONLocation?, first: JSONLocation.Component?, second: JSONLocation.Component?) {
        self.value = value
        self.base = base
        self.first = first
        self.second = second
    }

    /// The value's location in the document.
    var location: JSONLocation? {
        var node = base
        if let first { node = JSONLocation(parent: node, component: first) }
        if let second { node = JSONLocation(parent: node, component: second) }
        return node
    }

    /// `child`, one step (`component`) below this value.
    func descending(to child: JSONValue, by component: JSONLocation.Component) -> LocatedJSONValue {
        if first == nil { return LocatedJSONValue(value: child, base: base, first: component, second: nil) }
        if second == nil { return LocatedJSONValue(value: child, base: base, first: first, second: component) }
        // Three steps pending: the oldest becomes a node.
        return LocatedJSONValue(value: child, base: JSONLocation(parent: base, component: first!), first: second,
                                second: component)
    }

    /// The same location with another value (a block transformed it).
    func replacingValue(with newValue: JSONValue) -> LocatedJSONValue {
        LocatedJSONValue(value: newValue, base: base, first: first, second: second)
    }
}

extension JSONPath {
    /// Evaluates the path. When `problems` is non-nil, every dropped value that had the wrong kind is
    /// reported with its location (missing keys are not problems: absent data is normal).
    func evaluate(_ json: JSONValue, at base: JSONLocation?, problems: JSONProblemCollector?) -> [LocatedJSONValue] {
        if isSingleValued {
            return evaluateSingle(json, at: base, problems: problems).map { [$0] } ?? []
        }
        var current = [LocatedJSONValue(value: json, location: base)]
        for operation in operations {
            var next: [LocatedJSONValue] = []
            next.reserveCapacity(current.count)
            for input in current {
                Self.apply(operation, to: input, problems: problems, into: &next)
            }
            current = next
            if current.isEmpty { break }
        }
        return current
    }

    /// The first value the path selects, if any.
    func first(in json: JSONValue, at base: JSONLocation?, problems: JSONProblemCollector?) -> LocatedJSONValue? {
        if isSingleValued {
            return evaluateSingle(json, at: base, problems: problems)
        }
        return evaluate(json, at: base, problems: problems).first
    }

    /// Evaluation without intermediate arrays, for paths made only of single-valued operations.
    private func evaluateSingle(_ json: JSONValue, at base: JSONLocation?, problems: JSONProblemCollector?)
        -> LocatedJSONValue?
    {
        var located = LocatedJSONValue(value: json, location: base)
        for operation in operations {
            switch operation {
            case .goTo(let key):
                guard case .object(let object) = located.value else {
                    problems?.reportTypeMismatch(expected: "an object", found: located.value, at: located.location)
                    return nil
                }
                guard let child = object[key] else { return nil }
                located = located.descending(to: child, by: .key(key))
            case .runBlock(let block):
                guard let result = block(located.value) else { return nil }
                located = located.replacingValue(with: result)
            case .check(let check):
                guard check.accepts(located.value, at: located.location, problems: problems) else { return nil }
            case .forEach, .combine:
                preconditionFailure("evaluateSingle is only used for single-valued paths")
            }
        }
        return located
    }

    private static func apply(
        _ operation: JSONPathOperation, to input: LocatedJSONValue, problems: JSONProblemCollector?,
        into output: inout [LocatedJSONValue]
    ) {
        switch operation {
        case .goTo(let key):
            guard case .object(let object) = input.value else {
                problems?.reportTypeMismatch(expected: "an object", found: input.value, at: input.location)
                return
            }
            guard let child = object[key] else { return }
            output.append(input.descending(to: child, by: .key(key)))
        case .forEach:
            guard case .array(let elements) = input.value else {
                problems?.reportTypeMismatch(expected: "an array", found: input.value, at: input.location)
                return
            }
            // The array's location is shared by its elements: made once, not once per element.
            let arrayLocation = input.location
            for (offset, element) in elements.enumerated() {
                output.append(LocatedJSONValue(value: element, location: arrayLocation).descending(to: element, by: .index(offset)))
            }
        case .runBlock(let block):
            if let result = block(input.value) {
                output.append(input.replacingValue(with: result))
            }
        case .combine(let first, let second):
            output.append(contentsOf: first.evaluate(input.value, at: input.location, problems: problems))
            output.append(contentsOf: second.evaluate(input.value, at: input.location, problems: problems))
        case .check(let check):
            if check.accepts(input.value, at: input.location, problems: problems) {
                output.append(input)
            }
        }
    }
}
