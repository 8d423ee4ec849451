import Foundation
import XCTest

@testable import HubFramework

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(Data(text.utf8))
    }

    /// The error thrown for `text`, which must not parse.
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let value = try JSONParser().parse(Data(text.utf8))
            XCTFail("parsed \(value) from \(text.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func location(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSourceLocation? {
        switch error(text, file: file, line: line) {
        case .invalidJSON(_, let location)?, .tooDeep(_, let location)?: return location
        default: return nil
        }
    }

    // MARK: Values

    func testParsesScalars() throws {
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("\"text\""), .string("text"))
        XCTAssertEqual(try parse("42"), .number(42))
    }

    func testParsesNestedContainers() throws {
        let value = try parse(#"{"a": [1, {"b": null}, []], "c": {}, "d": [[[]]]}"#)
        XCTAssertEqual(value, ["a": [1, ["b": nil], []], "c": [:], "d": [[[]]]])
    }

    func testAcceptsAllJSONWhitespace() throws {
        XCTAssertEqual(try parse(" \t\r\n[ 1 ,\n\t2 ] \r\n"), [1, 2])
    }

    func testLastDuplicateKeyWins() throws {
        XCTAssertEqual(try parse(#"{"k": 1, "k": 2}"#), ["k": 2])
    }

    func testSkipsAUTF8ByteOrderMark() throws {
        XCTAssertEqual(try JSONParser().parse(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)), [1])
    }

    func testParsesFromStringsAndBuffers() throws {
        XCTAssertEqual(try JSONParser().parse("[\"ü\"]"), ["ü"])
        let bytes: [UInt8] = Array("{\"x\":1}".utf8)
        let value = try bytes.withUnsafeBufferPointer { try JSONParser().parse(bytes: $0) }
        XCTAssertEqual(value, ["x": 1])
    }

    // MARK: Strings

    func testDecodesEveryEscape() throws {
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{8} \u{C} \n \r \t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u4e2D""#), .string("Aé中"))
        XCTAssertEqual(try parse(#""a\u0000b""#), .string("a\u{0}b"))
    }

    func testDecodesSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""\ud83c\udf55 pizza""#), .string("🍕 pizza"))
        XCTAssertEqual(try parse(#""\uD834\uDD1E""#), .string("𝄞"))
    }

    func testKeepsRawUTF8() throws {
        XCTAssertEqual(try parse("\"Smörgåsbord 🍕 中文\""), .string("Smörgåsbord 🍕 中文"))
        XCTAssertEqual(try parse("{\"clé\": \"välue\\n\"}"), ["clé": "välue\n"])
    }

    func testStringsOfEveryLengthAndAlignment() throws {
        // The scanner skips eight bytes at a time; quotes, escapes and control characters must be
        // found wherever they fall.
        for prefix in 0..<9 {
            for length in 0..<40 {
                let body = String(repeating: "a", count: length)
                let padding = String(repeating: " ", count: prefix)
                XCTAssertEqual(try parse(padding + "\"" + body + "\""), .string(body))
                XCTAssertEqual(try parse(padding + "\"" + body + "\\n" + body + "\""), .string(body + "\n" + body))
                XCTAssertEqual(try parse(padding + "\"" + body + "é" + body + "\""), .string(body + "é" + body))
                // 0xA2 and 0xDC are a quote and a backslash with the high bit set; DEL (0x7F) and space are allowed.
                let lookalikes = body + "¢ܐ\u{7F} " + body
                XCTAssertEqual(try parse(padding + "\"" + lookalikes + "\""), .string(lookalikes))
                XCTAssertNotNil(error(padding + "\"" + body + "\u{1}" + body + "\""), "control character after \(length)")
                XCTAssertNotNil(error(padding + "\"" + body), "unterminated after \(length)")
            }
        }
    }

    func testRejectsUnpairedSurrogates() {
        XCTAssertNotNil(error(#""\ud83c""#))
        XCTAssertNotNil(error(#""\ud83c x""#))
        XCTAssertNotNil(error(#""\ud83c\u0041""#))
        XCTAssertNotNil(error(#""\udf55""#))
    }

    func testRejectsBadEscapes() {
        XCTAssertNotNil(error(#""\x""#))
        XCTAssertNotNil(error(#""\u12""#))
        XCTAssertNotNil(error(#""\u12G4""#))
        XCTAssertNotNil(error("\"abc\\"))
    }

    func testRejectsControlCharactersInStrings() {
        XCTAssertNotNil(error("\"a\nb\""))
        XCTAssertNotNil(error("\"a\tb\""))
    }

    func testRejectsUnterminatedStrings() {
        guard case .invalidJSON(let reason, let location)? = error("[\"abc") else { return XCTFail() }
        XCTAssertTrue(reason.contains("not terminated"), reason)
        XCTAssertEqual(location.offset, 1)
    }

    func testRejectsInvalidUTF8AndSaysWhere() throws {
        var bytes = Array("[\"ok\", \"ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"]".utf8)
        do {
            _ = try JSONParser().parse(Data(bytes))
            XCTFail("invalid UTF-8 was accepted")
        } catch {
            guard case .invalidJSON(let reason, let location) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("UTF-8"), reason)
            XCTAssertEqual(location.offset, 10)
        }
        XCTAssertThrowsError(try JSONParser().parse(Data([0x22, 0xFF, 0x22])))
        XCTAssertThrowsError(try JSONParser().parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22])), "invalid byte after an escape")
    }

    func testRejectsUTF16() {
        let utf16 = Data([0xFF, 0xFE]) + "[1]".data(using: .utf16LittleEndian)!
        XCTAssertThrowsError(try JSONParser().parse(utf16)) { error in
            XCTAssertTrue("\(error)".contains("UTF-16"), "\(error)")
        }
    }

    // MARK: Numbers

    func testParsesNumbers() throws {
        XCTAssertEqual(try parse("0"), 0)
        XCTAssertEqual(try parse("-0"), .number(-0.0))
        XCTAssertEqual(try parse("-12"), -12)
        XCTAssertEqual(try parse("3.25"), 3.25)
        XCTAssertEqual(try parse("0.1"), 0.1)
        XCTAssertEqual(try parse("1e3"), 1000)
        XCTAssertEqual(try parse("1E+3"), 1000)
        XCTAssertEqual(try parse("25e-1"), 2.5)
        XCTAssertEqual(try parse("-0.000001"), -0.000001)
        XCTAssertEqual(try parse("9007199254740993"), .number(9007199254740992), "rounds to the nearest Double")
        XCTAssertEqual(try parse("123456789012345678901234567890"), .number(123456789012345678901234567890.0))
        XCTAssertEqual(try parse("1.7976931348623157e308"), .number(Double.greatestFiniteMagnitude))
        XCTAssertEqual(try parse("5e-324"), .number(.leastNonzeroMagnitude))
        XCTAssertEqual(try parse("1e-400"), 0)
        XCTAssertEqual(try parse("0.30000000000000004"), .number(0.30000000000000004))
        XCTAssertEqual(try parse("2.2250738585072011e-308"), .number(Double("2.2250738585072011e-308")!))
    }

    func testNumbersMatchTheStandardLibrary() throws {
        let samples = ["1.5", "123.456", "0.1e-5", "98765.4321e10", "4.35", "1e22", "1e23", "8.41e21",
            "12345678901234567890", "0.000000000000000000001234", "-987654321.123456789"]
        for sample in samples {
            XCTAssertEqual(try parse(sample), .number(Double(sample)!), sample)
        }
    }

    func testRejectsMalformedNumbers() {
        for text in ["01", "-", "+1", ".5", "1.", "1.e3", "1e", "1e+", "-a", "0x10", "NaN", "Infinity", "--1", "1.2.3"] {
            XCTAssertNotNil(error(text), text)
        }
    }

    func testRejectsNumbersTooLargeForADouble() {
        guard case .invalidJSON(let reason, _)? = error("[1e400]") else { return XCTFail() }
        XCTAssertTrue(reason.contains("too large"), reason)
    }

    // MARK: Structure errors

    func testEmptyDataIsItsOwnError() {
        XCTAssertThrowsError(try JSONParser().parse(Data())) { error in
            XCTAssertEqual(error as? JSONError, .emptyData)
            XCTAssertEqual("\(error)", "The JSON data is empty.")
        }
    }

    func testWhitespaceOnlyIsInvalid() {
        guard case .invalidJSON(let reason, _)? = error("  \n ") else { return XCTFail() }
        XCTAssertTrue(reason.contains("end of the data"), reason)
    }

    func testRejectsTrailingGarbage() {
        guard case .invalidJSON(let reason, let location)? = error("{\"a\": 1} x") else { return XCTFail() }
        XCTAssertTrue(reason.contains("after the end"), reason)
        XCTAssertEqual(location.offset, 9)
        XCTAssertNotNil(error("[1][2]"))
        XCTAssertNotNil(error("1 2"))
    }

    func testRejectsStructuralMistakes() {
        let broken = ["[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a: 1}", "[1 2]", "{\"a\":1 \"b\":2}", "[", "{", "{\"a\":",
            "]", "}", "[}", "{]", "tru", "nul", "falsey", "'single'", "[1,,2]", "{\"a\"}", "{,}", "[,1]"]
        for text in broken {
            XCTAssertNotNil(error(text), text)
        }
    }

    func testRejectsHTML() {
        guard case .invalidJSON(let reason, let location)? = error("<!DOCTYPE html><html><body>Not found</body></html>")
        else { return XCTFail() }
        XCTAssertEqual(location.offset, 0)
        XCTAssertTrue(reason.contains("'<'"), reason)
    }

    func testErrorsReportLineAndColumn() {
        let text = "{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}"
        let location = location(text)
        XCTAssertEqual(location?.line, 3)
        XCTAssertEqual(location?.column, 14)
        XCTAssertEqual(location?.offset, 25)
    }

    func testColumnsCountCharactersNotBytes() {
        let location = location("[\"ééé\", x]")
        XCTAssertEqual(location?.line, 1)
        XCTAssertEqual(location?.column, 9)
        XCTAssertEqual(location?.offset, 11)
    }

    func testErrorDescriptionsAreReadable() {
        let description = error("{\n\"a\" 1}").map { "\($0)" }
        XCTAssertEqual(description, "Invalid JSON at line 2, column 5 (byte 6): expected ':' after an object key, found '1'.")
        XCTAssertEqual("\(JSONError.unexpectedTopLevelValue(expected: "an object", found: "an array"))",
            "Expected an object at the top level of the JSON, found an array.")
    }

    // MARK: Depth

    func testAcceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.defaultMaximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try parse(text))
    }

    func testRejectsNestingBeyondTheLimitWithALocation() {
        let depth = JSONParser.defaultMaximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        guard case .tooDeep(let limit, let location)? = error(text) else { return XCTFail() }
        XCTAssertEqual(limit, 512)
        XCTAssertEqual(location.offset, 512)
        XCTAssertEqual(location.column, 513)
    }

    func testCustomDepthLimit() {
        XCTAssertThrowsError(try JSONParser(maximumDepth: 2).parse("[[[]]]"))
        XCTAssertNoThrow(try JSONParser(maximumDepth: 2).parse("[[1]]"))
        XCTAssertNoThrow(try JSONParser(maximumDepth: 1).parse("[]"))
        XCTAssertThrowsError(try JSONParser(maximumDepth: 1).parse("[{}]"), "empty containers count as a level too")
    }

    func testHundredThousandOpenBracketsFailQuicklyWithoutCrashing() {
        let start = Date()
        let text = String(repeating: "[", count: 100_000)
        guard case .tooDeep? = error(text) else { return XCTFail() }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    // MARK: Size

    func testParsesAFiftyMegabyteDocumentInAFewSeconds() throws {
        var text = "{\"body\":["
        text.reserveCapacity(52_000_000)
        var index = 0
        while text.utf8.count < 50_000_000 {
            if index > 0 { text += "," }
            text += "{\"id\":\"row-\(index)\",\"component\":{\"id\":\"default:row\",\"category\":\"row\"},"
            text += "\"text\":{\"title\":\"Row number \(index) — café\",\"subtitle\":\"line\\nbreak \\\"quoted\\\"\"},"
            text += "\"custom\":{\"n\":\(index),\"ratio\":\(Double(index) / 8),\"flag\":true,\"none\":null,\"list\":[1,2,3]}}"
            index += 1
        }
        text += "]}"
        let data = Data(text.utf8)
        text = ""

        let start = Date()
        let value = try JSONParser().parse(data)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(value["body"]?.arrayValue?.count, index)
        XCTAssertEqual(value["body"]?[index - 1]?["custom"]?["n"], .number(Double(index - 1)))
        XCTAssertEqual(value["body"]?[7]?["text"]?["title"], "Row number 7 — café")
        XCTAssertLessThan(elapsed, 15, "parsing \(data.count) bytes took \(elapsed) s")
    }
}
