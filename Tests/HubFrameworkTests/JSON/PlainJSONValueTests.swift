import Foundation
import XCTest

@testable import HubFramework

/// `JSONScanner.skipPlainValue` lets a row keep its custom data as bytes, read when its model is
/// made: whatever it passes, `parseValue` must read without an error at the same place, with the
/// same limits, to the same end, and find no expression in it.
final class PlainJSONValueTests: XCTestCase {
    /// What `skipPlainValue` makes of `text`, and what `parseValue` does there: the end it reached
    /// (nil for an error) and whether the value holds an expression.
    private func read(_ text: String, enclosingDepth: Int = 0, maximumDepth: Int = 512, maximumNumberLength: Int = 100)
        -> (skipped: Int?, parsed: Int?, hasTemplates: Bool)
    {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (nil, nil, false) }
            var skipper = JSONScanner(base: base, count: buffer.count, maximumDepth: maximumDepth,
                                      maximumNumberLength: maximumNumberLength)
            let skipped = skipper.skipPlainValue(enclosingDepth: enclosingDepth)
            if skipped == nil { XCTAssertEqual(skipper.index, 0, "\(text): the index is left where it was") }
            var parser = JSONScanner(base: base, count: buffer.count, maximumDepth: maximumDepth,
                                     maximumNumberLength: maximumNumberLength)
            guard let value = try? parser.parseValue(enclosingDepth: enclosingDepth) else {
                return (skipped?.upperBound, nil, false)
            }
            return (skipped?.upperBound, parser.index, BoundJSON.hasTemplates(value))
        }
    }

    private func assertPasses(_ text: String, _ limits: (depth: Int, enclosing: Int, number: Int) = (512, 0, 100),
                              file: StaticString = #filePath, line: UInt = #line)
    {
        let result = read(text, enclosingDepth: limits.enclosing, maximumDepth: limits.depth, maximumNumberLength: limits.number)
        XCTAssertNotNil(result.skipped, "\(text) passes", file: file, line: line)
        XCTAssertEqual(result.skipped, result.parsed, "\(text) is parsed to the same end", file: file, line: line)
    }

    func testPlainValuesPass() {
        for text in ["{}", "[]", #"{"a":1}"#, #"{ "a" : [ 1 , -2.5 , null , true , false , "x" , { } ] }"#, #"{"":0}"#,
                     #"{"a":{"b":{"c":[[]]}}}"#, "-0", "0.125", #""plain text""#, "{\t\"a\"\r\n:\n1}", #"{"a":1,"a":2}"#]
        {
            assertPasses(text)
        }
        // Up to the limits, counting the containers around it.
        assertPasses("[[1]]", (depth: 5, enclosing: 3, number: 100))
        assertPasses("[[[]]]", (depth: 5, enclosing: 2, number: 100))
        assertPasses("[123, -12, 1.5]", (depth: 512, enclosing: 0, number: 3))
        assertPasses("1" + String(repeating: "0", count: 307), (depth: 512, enclosing: 0, number: 1_000))
    }

    func testWhatItRefuses() {
        let refused: [(String, (depth: Int, enclosing: Int, number: Int))] = [
            ("", (512, 0, 100)), (" ", (512, 0, 100)), ("{", (512, 0, 100)), (#"{"a":1,}"#, (512, 0, 100)),
            ("[1,]", (512, 0, 100)), (#"{"a"}"#, (512, 0, 100)), ("{a:1}", (512, 0, 100)), ("tru", (512, 0, 100)),
            ("nul", (512, 0, 100)), ("[truex]", (512, 0, 100)), ("[1 2]", (512, 0, 100)), ("01", (512, 0, 100)),
            ("-", (512, 0, 100)), ("1.", (512, 0, 100)), (".5", (512, 0, 100)), ("1e5", (512, 0, 100)),
            ("+1", (512, 0, 100)), (#""a\"b""#, (512, 0, 100)), (#""é""#, (512, 0, 100)), ("\"a\tb\"", (512, 0, 100)),
            (#"{"n":"@{count}"}"#, (512, 0, 100)), (#"{"a@b":1}"#, (512, 0, 100)), ("[}", (512, 0, 100)), ("{]", (512, 0, 100)),
            // At the depth limit, counting the containers around it, and past the number limit.
            ("[[1]]", (5, 4, 100)), ("[[[]]]", (5, 3, 100)), ("{}", (5, 5, 100)), ("[1234]", (512, 0, 3)),
            ("[-123]", (512, 0, 3)),
            // Past a Double's range, though within the number limit.
            ("1" + String(repeating: "0", count: 308), (512, 0, 1_000)),
            ("-9" + String(repeating: "9", count: 400) + ".5", (512, 0, 1_000)),
            // Deeper than 32 containers.
            (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), (512, 0, 100)),
        ]
        for (text, limits) in refused {
            XCTAssertNil(read(text, enclosingDepth: limits.enclosing, maximumDepth: limits.depth,
                              maximumNumberLength: limits.number).skipped, text)
        }
    }

    /// Random values, written plainly and then changed a byte or two, with random limits: whatever
    /// passes, `parseValue` reads to the same end, without an expression. Seeded, so that a text
    /// that fails fails every run.
    func testEveryValueItPassesParses() {
        var generator = SeededGenerator(seed: 41)
        func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
        func number() -> String {
            var text = chance(0.3) ? "-" : ""
            let digits = chance(0.8) ? Int.random(in: 1...3, using: &generator) : Int.random(in: 1...400, using: &generator)
            text += chance(0.1) ? "0" : String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &generator)) }
            if chance(0.3) { text += "." + String(repeating: "5", count: Int.random(in: 0...3, using: &generator)) }
            return text
        }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1: return number()
            case 2: return ["\"x\"", "\"\"", "\"a@b\"", "\"@{x}\"", "\"\\u0041\"", "\"é\""].randomElement(using: &generator)!
            case 3: return ["true", "false", "null"].randomElement(using: &generator)!
            case 4 where depth < 6, 5 where depth < 6:
                let members = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    ["\"a\"", "\"\"", "\"b\""].randomElement(using: &generator)! + (chance(0.1) ? " : " : ":") + value(depth + 1)
                }
                return "{" + members.joined(separator: chance(0.1) ? " , " : ",") + "}"
            case 6 where depth < 6, 7 where depth < 6:
                return "[" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default:
                return "1"
            }
        }
        let alphabet = Array("{}[]:,\" -.0123456789eEtrufalsn@\\\t".utf8)
        var passed = 0
        for _ in 0..<100_000 {
            var bytes = Array(value(0).utf8)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                default: bytes[position] = alphabet.randomElement(using: &generator)!
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let depth = Int.random(in: 1...8, using: &generator)
            let enclosing = Int.random(in: 0...depth, using: &generator)
            let numberLength = [1, 3, 100, 308, 309, 310, 1_000].randomElement(using: &generator)!
            let result = read(text, enclosingDepth: enclosing, maximumDepth: depth, maximumNumberLength: numberLength)
            guard let end = result.skipped else { continue }
            passed += 1
            XCTAssertEqual(result.parsed, end, "\(text) (depth \(depth), \(enclosing) around, numbers \(numberLength))")
            XCTAssertFalse(result.hasTemplates, text)
        }
        XCTAssertGreaterThan(passed, 10_000, "the values tried include many that pass")
    }
}
