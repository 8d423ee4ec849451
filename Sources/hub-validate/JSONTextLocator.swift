import Foundation
import HubFramework

/// Finds where values sit in JSON text by walking its bytes, without building any value.
///
/// The framework's reader reports a skipped value by its path only (it works on parsed values, which
/// have no positions), and a syntax error by its offset only. The locator bridges both ways in one
/// pass over the text: paths to offsets for the reader's problems, and an offset to the path being
/// read there for the parser's errors. It keeps one small frame per open array or object, so a
/// 100 MB document costs no more memory than its own bytes.
///
/// The text is expected to be valid JSON up to where the walk stops (the parser has checked it); on
/// anything unexpected the walk just ends early.
struct JSONTextLocator {
    /// A node of the tree of wanted paths; every node records where its value was last seen.
    private final class PathNode {
        var children: [JSONPathComponent: PathNode] = [:]
        var offset: Int?
    }

    private enum State {
        case value, firstKeyOrEnd, key, colon, firstElementOrEnd, afterValue
    }

    private struct Frame {
        var isObject: Bool
        /// The wanted-path node of this container, nil when no wanted path goes through it.
        var node: PathNode?
        var index = 0
        /// The current key's bytes between its quotes.
        var keyStart = 0
        var keyEnd = 0
    }

    private let data: Data

    init(data: Data) {
        self.data = data
    }

    /// The offset of each path's value, in the order given; a path that is not in the text gets the
    /// offset of its deepest ancestor that is. When an object repeats a key, the last one counts, as
    /// in the parser.
    func offsets(of paths: [[JSONPathComponent]]) -> [Int] {
        let root = PathNode()
        let leaves = paths.map { path in
            var chain = [root]
            for component in path {
                let parent = chain[chain.count - 1]
                if let child = parent.children[component] {
                    chain.append(child)
                } else {
                    let child = PathNode()
                    parent.children[component] = child
                    chain.append(child)
                }
            }
            return chain
        }
        _ = walk(wanted: root, limit: Int.max)
        return leaves.map { chain in chain.reversed().lazy.compactMap(\.offset).first ?? firstValueOffset() }
    }

    /// The path of the value being read at `offset`: where the parser stopped with an error.
    func path(at offset: Int) -> [JSONPathComponent] {
        walk(wanted: nil, limit: offset)
    }

    /// Where the top-level value starts: after a byte order mark and white space.
    func firstValueOffset() -> Int {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = Self.byteOrderMarkLength(bytes)
            while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
            return min(index, max(bytes.count - 1, 0))
        }
    }

    /// Walks the text until `limit`, recording offsets in `wanted`'s nodes; returns the path being
    /// read where the walk stopped.
    private func walk(wanted root: PathNode?, limit: Int) -> [JSONPathComponent] {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var frames: [Frame] = []
            var state = State.value
            var index = Self.byteOrderMarkLength(bytes)
            var insideValue = false

            func key(of frame: Frame) -> String {
                let slice = UnsafeBufferPointer(rebasing: bytes[frame.keyStart..<frame.keyEnd])
                if !slice.contains(UInt8(ascii: "\\")) { return String(decoding: slice, as: UTF8.self) }
                // Escapes: the framework's parser decodes the literal, quotes included.
                let literal = UnsafeBufferPointer(rebasing: bytes[(frame.keyStart - 1)..<(frame.keyEnd + 1)])
                if case .string(let key)? = try? JSONParser().parse(bytes: literal) { return key }
                return String(decoding: slice, as: UTF8.self)
            }
            func component(of frame: Frame) -> JSONPathComponent {
                frame.isObject ? .key(key(of: frame)) : .index(frame.index)
            }

            scan: while true {
                while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
                guard index < bytes.count, index < limit else { break }
                let byte = bytes[index]
                switch state {
                case .value:
                    var node: PathNode?
                    if let parent = frames.last {
                        if let container = parent.node, !container.children.isEmpty {
                            node = container.children[component(of: parent)]
                        }
                    } else {
                        node = root
                    }
                    node?.offset = index
                    switch byte {
                    case UInt8(ascii: "{") where root != nil && node == nil, UInt8(ascii: "[") where root != nil && node == nil:
                        // No wanted path goes through this container: skip it whole, which is
                        // much quicker than tracking keys and indexes inside it.
                        index = Self.endOfContainer(bytes, from: index)
                        state = .afterValue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        let isObject = byte == UInt8(ascii: "{")
                        frames.append(Frame(isObject: isObject, node: node))
                        state = isObject ? .firstKeyOrEnd : .firstElementOrEnd
                        index += 1
                    default:
                        let end = byte == UInt8(ascii: "\"") ? Self.endOfString(bytes, from: index) : Self.endOfScalar(bytes, from: index)
                        guard end > index, end <= limit else {
                            insideValue = true
                            break scan
                        }
                        index = end
                        state = .afterValue
                    }
                case .firstKeyOrEnd, .key:
                    if state == .firstKeyOrEnd && byte == UInt8(ascii: "}") {
                        index += 1
                        frames.removeLast()
                        state = .afterValue
                        continue scan
                    }
                    guard byte == UInt8(ascii: "\"") else { break scan }
                    let end = Self.endOfString(bytes, from: index)
                    guard end <= limit, end <= bytes.count else { break scan }
                    frames[frames.count - 1].keyStart = index + 1
                    frames[frames.count - 1].keyEnd = end - 1
                    index = end
                    state = .colon
                case .colon:
                    guard byte == UInt8(ascii: ":") else {
                        insideValue = true
                        break scan
                    }
                    index += 1
                    state = .value
                case .firstElementOrEnd:
                    if byte == UInt8(ascii: "]") {
                        index += 1
                        frames.removeLast()
                        state = .afterValue
                    } else {
                        state = .value
                    }
                case .afterValue:
                    guard let frame = frames.last else { break scan }
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        if frame.isObject {
                            state = .key
                        } else {
                            frames[frames.count - 1].index += 1
                            state = .value
                        }
                    } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        frames.removeLast()
                        state = .afterValue
                    } else {
                        break scan
                    }
                }
            }
            // Every container but the innermost is inside one of its values; the innermost one
            // only when the walk stopped in (or right before) a value, or after a key.
            if state == .value || state == .colon { insideValue = true }
            var path: [JSONPathComponent] = []
            for (position, frame) in frames.enumerated() where position < frames.count - 1 || insideValue {
                path.append(component(of: frame))
            }
            return path
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    private static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The offset after the closing quote of the string starting at `start` (past the end when unterminated).
    private static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return bytes.count + 1
    }

    /// The offset after the array or object starting at `start` (the end of the text when it is not closed).
    private static func endOfContainer(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return bytes.count
    }

    /// The offset after a number or literal.
    private static func endOfScalar(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            {
                break
            }
            index += 1
        }
        return index
    }
}

/// Lines and columns of byte offsets, counted as the framework's parser counts them: lines end with
/// `\n`, columns count Unicode scalars (UTF-8 lead bytes) from the start of the line, both one-based.
enum TextPosition {
    static func lineAndColumn(of offsets: [Int], in data: Data) -> [Int: (line: Int, column: Int)] {
        data.withUnsafeBytes { raw in
            JSONSourceLocation.locations(of: offsets, in: raw.bindMemory(to: UInt8.self))
                .mapValues { (line: $0.line, column: $0.column) }
        }
    }
}
