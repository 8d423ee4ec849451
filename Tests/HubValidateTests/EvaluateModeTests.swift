import Foundation
import XCTest

/// `hub-validate --evaluate`: JSON lines in, one JSON line out for each, with the compiler and
/// evaluator the viewer runs.
final class EvaluateModeTests: XCTestCase {
    private func evaluate(_ lines: [String]) throws -> ValidatorRun {
        try ValidatorRun(["--evaluate", "-"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    func testEachLineGetsItsResultLine() throws {
        let run = try evaluate([
            #"{"expression": "@{a + 1}", "variables": [{"name": "a", "type": "integer", "value": 1}]}"#,
            #"{"expression": "Count: @{n}", "variables": [{"name": "n", "type": "integer", "value": 9223372036854775807}]}"#,
            #"{"expression": "@{x * 2}", "variables": [{"name": "x", "type": "number", "value": 1.25}]}"#,
            #"{"expression": "@{!b}", "variables": [{"name": "b", "type": "boolean", "value": 0}]}"#,
            #"{"expression": "@{getDictFromArray(a, 0)}", "variables": [{"name": "a", "type": "array", "value": [{"k": [1, 2.5]}]}]}"#,
            #"{"expression": "@{setYear(d, 2024)}", "variables": [{"name": "d", "type": "datetime", "value": "2023-05-06 07:08:09"}]}"#,
            #"{"expression": "@{decimalFormat(1234.5, '#,##0.00')} @{env.direction}", "environment": {"locale": "de-DE", "direction": "rtl"}}"#,
            #"{"expression": "plain \\ text"}"#,
        ])
        XCTAssertEqual(run.standardOutput, """
            {"type": "integer", "value": 2}
            {"type": "string", "value": "Count: 9223372036854775807"}
            {"type": "number", "value": 2.5}
            {"type": "boolean", "value": true}
            {"type": "dict", "value": {"k":[1,2.5]}}
            {"type": "datetime", "value": "2024-05-06 07:08:09"}
            {"type": "string", "value": "1.234,50 rtl"}
            {"type": "string", "value": "plain \\\\ text"}

            """)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.standardError, "")
    }

    func testErrorsAreLinesAndTheNextLineIsRead() throws {
        let run = try evaluate([
            "not json",
            #"{"expression": "@{a / b}", "variables": [{"name": "a", "type": "integer", "value": 8}, {"name": "b", "type": "integer", "value": 0}]}"#,
            #"{"expression": "@{titel}", "variables": [{"name": "title", "type": "string", "value": "x"}]}"#,
            ##"{"expression": "@{c}", "variables": [{"name": "c", "type": "color", "value": "#fff"}]}"##,
            "",
            #"{"expression": "@{n}", "variables": [{"name": "n", "type": "integer", "value": 18446744073709551615}]}"#,
            #"{"variables": []}"#,
            #"{"expression": "@{1}", "variables": [{"name": "true", "type": "string", "value": "x"}]}"#,
        ])
        XCTAssertEqual(run.standardOutput, """
            {"type": "error", "value": "The line is not a JSON object."}
            {"type": "error", "value": "Failed to evaluate [8 / 0]. Division by zero is not supported."}
            {"type": "error", "value": "Variable 'titel' is not declared. Did you mean 'title'?", "problems": [{"offset": 2, "length": 5, "message": "Variable 'titel' is not declared. Did you mean 'title'?"}]}
            {"type": "error", "value": "Variable 'c' has the unknown type 'color'."}
            {"type": "error", "value": "The value of 'n' is not an Integer."}
            {"type": "error", "value": "The line has no \\"expression\\" string."}
            {"type": "integer", "value": 1}

            """)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.standardError, "hub-validate: 'true' cannot be a variable's name; it is not declared\n")
    }

    func testFilesOfLinesAndUnreadableFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evaluate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"expression": "@{len('abc')}"}"#.utf8).write(to: folder.appendingPathComponent("lines.jsonl"))
        let run = try ValidatorRun(["--evaluate", "lines.jsonl", "missing.jsonl"], in: folder)
        XCTAssertEqual(run.standardOutput, #"{"type": "integer", "value": 3}"# + "\n")
        XCTAssertEqual(run.standardError, "hub-validate: missing.jsonl: cannot read: No such file or directory\n")
        XCTAssertEqual(run.status, 2)
    }
}
