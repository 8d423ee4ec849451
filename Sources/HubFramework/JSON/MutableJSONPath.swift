/// A path under construction. Every operation returns a new path; the receiver never changes, so
/// a common prefix can be shared: `let images = path.goTo("images")`, then `images.goTo("main")`.
///
/// Finish a path with one of the destination conversions (`stringPath()`, `urlPath()`, …), which
/// append a type check, or with `copy()` for an untyped path.
public struct MutableJSONPath: Sendable, CustomStringConvertible {
    let operations: [JSONPathOperation]

    /// An empty path: it selects the document itself.
    public init() {
        operations = []
    }

    init(operations: [JSONPathOperation]) {
        self.operations = operations
    }

    private func appending(_ operation: JSONPathOperation) -> MutableJSONPath {
        MutableJSONPath(operations: operations + [operation])
    }

    /// Descends into the value under `key`; values that are not objects, or lack the key, are dropped.
    /// A JSON `null` under the key is selected (and fails a later type check).
    public func goTo(_ key: String) -> MutableJSONPath {
        appending(.goTo(key))
    }

    /// Replaces each array by its elements; values that are not arrays are dropped.
    public func forEach() -> MutableJSONPath {
        appending(.forEach)
    }

    /// Transforms each value with `block`; a nil result drops the value. The block gets whatever
    /// value the path selected so far and does its own type checking.
    public func runBlock(_ block: @escaping @Sendable (JSONValue) -> JSONValue?) -> MutableJSONPath {
        appending(.runBlock(block))
    }

    /// A new path made of one operation: for each value, the values of this path followed by the
    /// values of `other`, both evaluated from that value.
    public func combine(with other: MutableJSONPath) -> MutableJSONPath {
        MutableJSONPath(operations: [.combine(copy(), other.copy())])
    }

    /// An immutable path with the same operations, without adding a type check.
    public func copy() -> JSONPath {
        JSONPath(operations: operations)
    }

    /// Every value the path selects in `json` (no type check).
    public func values(in json: JSONValue) -> [JSONValue] {
        copy().values(in: json)
    }

    /// Ends the path with a check for booleans (numbers count too: non-zero is true).
    public func boolPath() -> JSONBoolPath {
        JSONBoolPath(path: JSONPath(operations: operations + [.check(.bool)]))
    }

    /// Ends the path with a check for numbers in the `Int` range (and booleans, as 0 and 1).
    public func integerPath() -> JSONIntegerPath {
        JSONIntegerPath(path: JSONPath(operations: operations + [.check(.integer)]))
    }

    /// Ends the path with a check for strings.
    public func stringPath() -> JSONStringPath {
        JSONStringPath(path: JSONPath(operations: operations + [.check(.string)]))
    }

    /// Ends the path with a check for strings that parse as URLs.
    public func urlPath() -> JSONURLPath {
        JSONURLPath(path: JSONPath(operations: operations + [.check(.url)]))
    }

    /// Ends the path with a check for objects.
    public func dictionaryPath() -> JSONDictionaryPath {
        JSONDictionaryPath(path: JSONPath(operations: operations + [.check(.dictionary)]))
    }

    public var description: String {
        JSONPathOperation.describe(operations)
    }
}
