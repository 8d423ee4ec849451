/// A piece of JSON that was ignored while adding JSON to a builder, and why.
///
/// JSON never fails half-way: values of the wrong type, nulls, invalid URLs and unknown local
/// images are skipped (the builder keeps its previous value) and reported as problems.
///
/// Two problems are equal when their paths and messages are; how and where a problem was found play
/// no part.
public struct JSONProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where the ignored value sits in the document, e.g. `body[3].images.main.uri`;
    /// empty for the top-level value itself.
    public let path: String
    /// What was wrong, e.g. "expected a string, found a number".
    public let message: String
    /// The path as the reader walked it, step by step (nil for the top level, and for problems made
    /// with the public initializer).
    package let pathLocation: JSONLocation?
    /// Where inside the string value at the path the problem is, in Unicode scalars of the decoded
    /// string (an expression's problem: `@{cout}`'s undeclared variable is at 2); nil for a problem of
    /// the whole value. hub-validate turns it into the column of that character in the document.
    package let offsetInString: Int?
    /// Where the value starts in the document's bytes (or, when it is missing, its nearest
    /// ancestor), for problems of a document read with a `JSONOffsetRecorder` (hub-validate's); nil
    /// for the others.
    package let offset: Int?

    /// Creates a problem. Builders report their own; create one to compare against in a test, or
    /// to report a problem of your own content in the same form.
    public init(path: String, message: String) {
        self.init(path: path, message: message, pathLocation: nil, offsetInString: nil, offset: nil)
    }

    /// A problem of the value at `location`, or of the character `offsetInString` of the string there.
    init(message: String, at location: JSONLocation?, offsetInString: Int? = nil) {
        self.init(path: JSONLocation.path(of: location), message: message, pathLocation: location,
                  offsetInString: offsetInString, offset: nil)
    }

    /// This problem with the offset `recorder` noted for its value.
    func located(by recorder: JSONOffsetRecorder) -> JSONProblem {
        JSONProblem(path: path, message: message, pathLocation: pathLocation, offsetInString: offsetInString,
                    offset: recorder.offset(of: pathLocation))
    }

    /// The one initialiser that sets the properties; the others say which they leave out.
    private init(path: String, message: String, pathLocation: JSONLocation?, offsetInString: Int?, offset: Int?) {
        self.path = path
        self.message = message
        self.pathLocation = pathLocation
        self.offsetInString = offsetInString
        self.offset = offset
    }

    public static func == (lhs: JSONProblem, rhs: JSONProblem) -> Bool {
        lhs.path == rhs.path && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(message)
    }

    public var description: String { "\(path.isEmpty ? "(top level)" : path): \(message)" }
}

/// A position inside a JSON document, built up while paths are walked.
///
/// A persistent linked list: extending a location allocates one node and shares the prefix.
/// `nil` stands for the document's top level.
package final class JSONLocation: Sendable {
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    let parent: JSONLocation?
    let component: Component

    init(parent: JSONLocation?, component: Component) {
        self.parent = parent
        self.component = component
    }

    static func key(_ key: String, in parent: JSONLocation?) -> JSONLocation {
        JSONLocation(parent: parent, component: .key(key))
    }

    static func index(_ index: Int, in parent: JSONLocation?) -> JSONLocation {
        JSONLocation(parent: parent, component: .index(index))
    }

    /// The steps from the top level to `location` (none for the top level itself).
    package static func components(of location: JSONLocation?) -> [Component] {
        var components: [Component] = []
        var node = location
        while let current = node {
            components.append(current.component)
            node = current.parent
        }
        return components.reversed()
    }

    /// `body[3].images.main.uri`; keys that are not plain words are quoted: `custom["a key"]`.
    static func path(of location: JSONLocation?) -> String {
        path(of: components(of: location))
    }

    /// The text of a path given as its steps from the top level.
    package static func path(of components: [Component]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if isPlainKey(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[" + quoted(key) + "]"
                }
            }
        }
        return text
    }

    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }

    private static func quoted(_ key: String) -> String {
        JSONWriter().string(for: .string(key))
    }
}

/// Collects problems while JSON is added, without duplicates, in the order they were found, and
/// carries the limits the JSON is read with (texts are cut, components counted, against them).
final class JSONProblemCollector {
    private(set) var problems: [JSONProblem] = []
    private var seen: Set<JSONProblem> = []
    let limits: ContentLimits

    init(limits: ContentLimits = .default) {
        self.limits = limits
    }

    /// `text` cut to the text limit between two characters (grapheme clusters), with "…" at the
    /// end and a problem reported at `location`; `text` itself when it is within the limit.
    func boundedText(_ text: String, at location: @autoclosure () -> JSONLocation?) -> String {
        let maximum = limits.maximumTextLength
        guard text.utf8.count > maximum else { return text }
        report("the text is \(ContentLimits.describe(bytes: text.utf8.count)) long; it was cut to the limit of "
            + "\(ContentLimits.describe(bytes: maximum))", at: location())
        return text.cut(toUTF8Count: maximum)
    }

    /// Reports `message` for the value at `location`; `offsetInString` is the character of the
    /// string value there that the problem is at (an expression's, in Unicode scalars).
    func report(_ message: String, at location: JSONLocation?, offsetInString: Int? = nil) {
        let problem = JSONProblem(message: message, at: location, offsetInString: offsetInString)
        if seen.insert(problem).inserted { problems.append(problem) }
    }

    /// Reports `other`'s problems after these, in their order (duplicates dropped as always).
    func append(_ other: JSONProblemCollector) {
        for problem in other.problems where seen.insert(problem).inserted {
            problems.append(problem)
        }
    }

    func reportTypeMismatch(expected: String, found value: JSONValue, at location: JSONLocation?) {
        report("expected \(expected), found \(value.kindDescription)", at: location)
    }
}
