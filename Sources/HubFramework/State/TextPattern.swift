/// A pattern a whole text must match, for an input's `pattern` validator: a small regular-expression
/// language matched in time linear in the text's length (a Thompson automaton, no backtracking), so
/// that no pattern and no text can hold the window, whoever wrote them.
///
/// It has literals, `.` (any character), classes `[a-z0-9_]` and `[^…]`, the escapes `\d`, `\w`,
/// `\s` and `\` before any other character (itself), groups `( … )`, alternatives `|`, and the
/// repetitions `*`, `+`, `?` and `{m}`, `{m,}`, `{m,n}`. The whole text must match (no anchors
/// needed). Characters are Unicode scalars. A pattern is at most ``maximumLength`` characters and
/// expands to at most ``maximumStates`` states; a longer or malformed one is a located problem.
struct TextPattern: Sendable {
    static let maximumLength = 256
    static let maximumStates = 4_096
    /// The states visited that take as long as an expression's step (about 0.2 µs each in a debug
    /// build): what a view's evaluation is charged for matching (``matches(_:maximumVisits:)``).
    static let visitsPerStep = 1

    private enum Matcher: Sendable {
        case any
        case scalar(Unicode.Scalar)
        case set([ClosedRange<UInt32>], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: return true
            case .scalar(let expected): return scalar == expected
            case .set(let ranges, let negated): return ranges.contains { $0.contains(scalar.value) } != negated
            }
        }
    }

    /// A state: consumes a character (`matcher`, then `next`), or splits without consuming.
    private enum State: Sendable {
        case consume(Matcher, next: Int)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private let states: [State]
    private let start: Int
    /// The pattern as written.
    let source: String

    /// Why a pattern cannot be used, and where (a character offset in it).
    struct Problem: Error, Sendable {
        let message: String
        let offset: Int
    }

    /// Compiles `source`.
    init(_ source: String) throws(Problem) {
        self.source = source
        let scalars = Array(source.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw Problem(message: "the pattern is longer than \(Self.maximumLength) characters", offset: 0)
        }
        var parser = Parser(scalars: scalars)
        let node = try parser.parseAlternation()
        guard parser.position == scalars.count else {
            throw Problem(message: "unexpected \")\"", offset: parser.position)
        }
        var builder = Builder()
        let fragment = try builder.build(node)
        builder.states.append(.accept)
        builder.patch(fragment.outs, to: builder.states.count - 1)
        states = builder.states
        start = fragment.start
    }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        matches(text, maximumVisits: .max)?.matched ?? false
    }

    /// Whether the whole of `text` matches, and the work it took: the states visited, one per state
    /// alive at each character (at most ``maximumStates`` times the text's length). Nil, having
    /// stopped, when that would pass `maximumVisits`: a pattern of a thousand optional characters
    /// took 0.3 s on a text of 2,000 characters, and the document that gives the pattern can give
    /// the text too (an input's variable may start with a megabyte).
    func matches(_ text: String, maximumVisits: Int) -> (matched: Bool, visits: Int)? {
        var visits = 0
        var current = Set<Int>()
        addState(start, to: &current)
        for scalar in text.unicodeScalars {
            visits += current.count
            if visits > maximumVisits { return nil }
            var next = Set<Int>()
            for index in current {
                if case .consume(let matcher, let target) = states[index], matcher.matches(scalar) {
                    addState(target, to: &next)
                }
            }
            if next.isEmpty { return (false, visits) }
            current = next
        }
        return (current.contains { if case .accept = states[$0] { true } else { false } }, visits)
    }

    /// Adds `index` and what it reaches without consuming.
    private func addState(_ index: Int, to set: inout Set<Int>) {
        var stack = [index]
        while let state = stack.popLast() {
            guard set.insert(state).inserted else { continue }
            switch states[state] {
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .jump(let target): stack.append(target)
            case .consume, .accept: break
            }
        }
    }

    // MARK: Parsing

    private indirect enum Node {
        case matcher(Matcher)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, minimum: Int, maximum: Int?)
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        mutating func parseAlternation() throws(Problem) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 32 else { throw Problem(message: "groups are nested deeper than 32 levels", offset: position) }
            var branches = [try parseSequence()]
            while position < scalars.count, scalars[position] == "|" {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws(Problem) -> Node {
            var items: [Node] = []
            while position < scalars.count, scalars[position] != "|", scalars[position] != ")" {
                var atom = try parseAtom()
                while position < scalars.count, let (minimum, maximum) = try parseRepetition() {
                    atom = .repeated(atom, minimum: minimum, maximum: maximum)
                }
                items.append(atom)
            }
            return .sequence(items)
        }

        mutating func parseAtom() throws(Problem) -> Node {
            let scalar = scalars[position]
            let at = position
            position += 1
            switch scalar {
            case "(":
                let inner = try parseAlternation()
                guard position < scalars.count, scalars[position] == ")" else {
                    throw Problem(message: "\"(\" has no closing \")\"", offset: at)
                }
                position += 1
                return inner
            case ".": return .matcher(.any)
            case "[": return .matcher(try parseSet(openedAt: at))
            case "\\": return .matcher(try parseEscape(at: at))
            case "*", "+", "?", "{":
                throw Problem(message: "\"\(scalar)\" repeats nothing", offset: at)
            default: return .matcher(.scalar(scalar))
            }
        }

        mutating func parseEscape(at offset: Int) throws(Problem) -> Matcher {
            guard position < scalars.count else { throw Problem(message: "the pattern ends with \"\\\"", offset: offset) }
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "d": return .set([0x30...0x39], negated: false)
            case "w": return .set([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A], negated: false)
            case "s": return .set([0x09...0x0D, 0x20...0x20], negated: false)
            default: return .scalar(scalar)
            }
        }

        mutating func parseSet(openedAt offset: Int) throws(Problem) -> Matcher {
            var negated = false
            if position < scalars.count, scalars[position] == "^" {
                negated = true
                position += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while position < scalars.count, scalars[position] != "]" || first {
                first = false
                var low = scalars[position]
                position += 1
                if low == "\\", position < scalars.count {
                    if case .set(let escaped, _) = try parseEscape(at: position - 1) {
                        ranges += escaped
                        continue
                    }
                    low = scalars[position - 1]
                }
                if position + 1 < scalars.count, scalars[position] == "-", scalars[position + 1] != "]" {
                    let high = scalars[position + 1]
                    position += 2
                    guard low.value <= high.value else {
                        throw Problem(message: "the range \(low)-\(high) runs backwards", offset: position - 3)
                    }
                    ranges.append(low.value...high.value)
                } else {
                    ranges.append(low.value...low.value)
                }
            }
            guard position < scalars.count else { throw Problem(message: "\"[\" has no closing \"]\"", offset: offset) }
            position += 1
            return .set(ranges, negated: negated)
        }

        /// `*`, `+`, `?`, `{m}`, `{m,}` or `{m,n}` at the position, or nil.
        mutating func parseRepetition() throws(Problem) -> (Int, Int?)? {
            switch scalars[position] {
            case "*": position += 1; return (0, nil)
            case "+": position += 1; return (1, nil)
            case "?": position += 1; return (0, 1)
            case "{":
                let at = position
                position += 1
                func number() -> Int? {
                    var value: Int?
                    while position < scalars.count, let digit = Int(String(scalars[position])), digit >= 0 {
                        value = min(1_000, (value ?? 0) * 10 + digit)
                        position += 1
                    }
                    return value
                }
                guard let minimum = number() else { throw Problem(message: "\"{\" needs a number", offset: at) }
                var maximum: Int? = minimum
                if position < scalars.count, scalars[position] == "," {
                    position += 1
                    maximum = number()
                }
                guard position < scalars.count, scalars[position] == "}" else {
                    throw Problem(message: "\"{\" has no closing \"}\"", offset: at)
                }
                position += 1
                if let maximum, maximum < minimum {
                    throw Problem(message: "{\(minimum),\(maximum)} repeats fewer times at most than at least", offset: at)
                }
                return (minimum, maximum)
            default: return nil
            }
        }
    }

    // MARK: The automaton

    private struct Fragment {
        let start: Int
        /// States whose next target is still open.
        var outs: [(state: Int, isSecond: Bool)]
    }

    private struct Builder {
        var states: [State] = []

        mutating func add(_ state: State) throws(Problem) -> Int {
            guard states.count < TextPattern.maximumStates else {
                throw Problem(message: "the pattern expands to more than \(TextPattern.maximumStates) states", offset: 0)
            }
            states.append(state)
            return states.count - 1
        }

        mutating func patch(_ outs: [(state: Int, isSecond: Bool)], to target: Int) {
            for (state, isSecond) in outs {
                switch states[state] {
                case .consume(let matcher, _): states[state] = .consume(matcher, next: target)
                case .split(let first, let second):
                    states[state] = isSecond ? .split(first, target) : .split(target, second)
                case .jump: states[state] = .jump(target)
                case .accept: break
                }
            }
        }

        mutating func build(_ node: Node) throws(Problem) -> Fragment {
            switch node {
            case .matcher(let matcher):
                let index = try add(.consume(matcher, next: -1))
                return Fragment(start: index, outs: [(index, false)])
            case .sequence(let items):
                guard var fragment = try items.first.map({ (item) throws(Problem) -> Fragment in try build(item) }) else {
                    let index = try add(.jump(-1))
                    return Fragment(start: index, outs: [(index, false)])
                }
                for item in items.dropFirst() {
                    let next = try build(item)
                    patch(fragment.outs, to: next.start)
                    fragment = Fragment(start: fragment.start, outs: next.outs)
                }
                return fragment
            case .alternation(let branches):
                var fragment = try build(branches[0])
                for branch in branches.dropFirst() {
                    let next = try build(branch)
                    let split = try add(.split(fragment.start, next.start))
                    fragment = Fragment(start: split, outs: fragment.outs + next.outs)
                }
                return fragment
            case .repeated(let inner, let minimum, let maximum):
                // Mandatory copies, then optional ones (or a loop when there is no maximum).
                var parts: [Fragment] = []
                for _ in 0..<minimum { parts.append(try build(inner)) }
                if let maximum {
                    for _ in minimum..<maximum {
                        let body = try build(inner)
                        let split = try add(.split(body.start, -1))
                        parts.append(Fragment(start: split, outs: body.outs + [(split, true)]))
                    }
                } else {
                    let body = try build(inner)
                    let split = try add(.split(body.start, -1))
                    patch(body.outs, to: split)
                    parts.append(Fragment(start: split, outs: [(split, true)]))
                }
                guard var fragment = parts.first else {
                    let index = try add(.jump(-1))
                    return Fragment(start: index, outs: [(index, false)])
                }
                for part in parts.dropFirst() {
                    patch(fragment.outs, to: part.start)
                    fragment = Fragment(start: fragment.start, outs: part.outs)
                }
                return fragment
            }
        }
    }
}
