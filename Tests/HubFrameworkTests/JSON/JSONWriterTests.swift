import Foundation
import XCTest

@testable import HubFramework

final class JSONWriterTests: XCTestCase {
    private let sorted = JSONWriter(options: .sortedKeys)

    func testWritesScalars() {
        XCTAssertEqual(sorted.string(for: nil), "null")
        XCTAssertEqual(sorted.string(for: true), "true")
        XCTAssertEqual(sorted.string(for: false), "false")
        XCTAssertEqual(sorted.string(for: "text"), "\"text\"")
    }

    func testWritesIntegralNumbersWithoutAFraction() {
        XCTAssertEqual(sorted.string(for: 15), "15")
        XCTAssertEqual(sorted.string(for: -3), "-3")
        XCTAssertEqual(sorted.string(for: .number(-0.0)), "0")
        XCTAssertEqual(sorted.string(for: 9_007_199_254_740_991), "9007199254740991")
    }

    func testWritesOtherNumbersInTheirShortestForm() {
        XCTAssertEqual(sorted.string(for: 0.1), "0.1")
        XCTAssertEqual(sorted.string(for: 2.5), "2.5")
        XCTAssertEqual(sorted.string(for: 1e30), "1e+30")
        XCTAssertEqual(sorted.string(for: .number(.leastNonzeroMagnitude)), "5e-324")
    }

    func testWritesNonFiniteNumbersAsNull() {
        XCTAssertEqual(sorted.string(for: .number(.nan)), "null")
        XCTAssertEqual(sorted.string(for: .number(.infinity)), "null")
    }

    func testEscapesStrings() {
        XCTAssertEqual(sorted.string(for: "\"\\/\n\r\t\u{8}\u{C}\u{1}é"), #""\"\\/\n\r\t\b\f\u0001é""#)
    }

    func testWritesContainersCompactly() {
        XCTAssertEqual(sorted.string(for: ["b": [1, "x", nil], "a": [:], "c": []]), #"{"a":{},"b":[1,"x",null],"c":[]}"#)
    }

    func testSortsKeysWhenAsked() {
        XCTAssertEqual(sorted.string(for: ["b": 1, "a": 2, "B": 3]), #"{"B":3,"a":2,"b":1}"#)
    }

    func testPrettyPrints() {
        let writer = JSONWriter(options: [.prettyPrinted, .sortedKeys])
        let expected = """
            {
              "list": [
                1,
                {
                  "x": true
                }
              ],
              "name": "hub"
            }
            """
        XCTAssertEqual(writer.string(for: ["name": "hub", "list": [1, ["x": true]]]), expected)
    }

    func testOutputParsesBackToTheSameValue() throws {
        let value: JSONValue = ["s": "quote \" and \\ and 🍕", "n": [0.1, -2, 1e-7, 123456.789], "o": ["deep": [[[true]]]], "z": nil]
        for options in [JSONWriter.Options(), .prettyPrinted, .sortedKeys] {
            XCTAssertEqual(try JSONParser().parse(JSONWriter(options: options).data(for: value)), value)
        }
    }

    func testWritesVeryDeepValuesWithoutRecursion() throws {
        var value: JSONValue = "leaf"
        for _ in 0..<20_000 { value = .array([value]) }
        let text = JSONWriter().string(for: value)
        XCTAssertEqual(text.utf8.count, 40_000 + 6)
        // Take the value apart level by level, so releasing it does not recurse 20,000 times.
        while case .array(let elements) = value, let inner = elements.first { value = inner }
    }
}
