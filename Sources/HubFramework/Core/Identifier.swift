/// Names a component or an action as `namespace:name`.
///
/// The namespace selects a registered factory; the name selects what that factory creates.
public struct Identifier: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The part before the colon: the namespace a factory is registered under.
    public let namespacePart: String
    /// The part after the colon: what the namespace's factory is asked to create.
    public let namePart: String

    /// Creates an identifier from its two parts. Always succeeds.
    public init(namespace: String, name: String) {
        namespacePart = namespace
        namePart = name
    }

    /// Parses `namespace:name`. Succeeds only when the string has exactly one colon
    /// (`":"` gives an empty namespace and an empty name).
    public init?(string: String) {
        var namespace = Substring()
        var name = Substring()
        var colons = 0
        for index in string.indices where string[index] == ":" {
            colons += 1
            if colons > 1 { return nil }
            namespace = string[string.startIndex..<index]
            name = string[string.index(after: index)...]
        }
        guard colons == 1 else { return nil }
        namespacePart = String(namespace)
        namePart = String(name)
    }

    /// `namespace:name`.
    public var identifierString: String { "\(namespacePart):\(namePart)" }

    public var description: String { identifierString }

    public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
        (lhs.namespacePart, lhs.namePart) < (rhs.namespacePart, rhs.namePart)
    }
}
