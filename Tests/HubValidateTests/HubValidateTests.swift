import Foundation
import Glibc
import HubFramework
import XCTest

/// `hub-validate` against the documents in `Fixtures/validate`: `valid/` must pass silently, every
/// `invalid/NAME.json` must print exactly `invalid/NAME.expected`.
final class HubValidateTests: XCTestCase {
    private func fixtures(in folder: String, extension pathExtension: String = "json") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ValidatorRun.fixtures.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix("." + pathExtension) }.sorted().map { "\(folder)/\($0)" }
    }

    private func expected(_ path: String) throws -> String {
        try String(contentsOf: ValidatorRun.fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    func testValidDocumentsPassSilently() throws {
        let valid = try fixtures(in: "valid")
        XCTAssertGreaterThanOrEqual(valid.count, 6)
        for file in valid {
            let run = try ValidatorRun([file])
            XCTAssertEqual(run.status, 0, file)
            XCTAssertEqual(run.standardOutput, "", file)
            XCTAssertEqual(run.standardError, "", file)
        }
    }

    func testEachInvalidDocumentPrintsExactlyItsExpectedProblems() throws {
        let invalid = try fixtures(in: "invalid")
        XCTAssertGreaterThanOrEqual(invalid.count, 16)
        for file in invalid {
            let run = try ValidatorRun([file])
            XCTAssertEqual(run.status, 1, file)
            XCTAssertEqual(run.standardOutput, try expected(file.replacingOccurrences(of: ".json", with: ".expected")), file)
            XCTAssertFalse(run.standardOutput.isEmpty, file)
            XCTAssertTrue(run.standardError.hasPrefix("hub-validate: 1 document checked: "), run.standardError)
        }
    }

    /// Templates' mistakes, which the JSON Schema cannot see (an unknown template, a missing value,
    /// a cycle), each at the instance or the template, naming the template.
    func testTemplateMistakesPrintExactlyTheirExpectedProblems() throws {
        let files = try fixtures(in: "templates")
        XCTAssertGreaterThanOrEqual(files.count, 1)
        for file in files {
            let run = try ValidatorRun([file])
            XCTAssertEqual(run.status, 1, file)
            XCTAssertEqual(run.standardOutput, try expected(file.replacingOccurrences(of: ".json", with: ".expected")), file)
        }
    }

    /// Documents whose expressions, state, inputs and actions are wrong in every way the reader
    /// checks (most of which the JSON Schema cannot see: it knows an expression is a string, not
    /// what it means): each problem at its JSON path, and at the line and column of the character it
    /// is about inside the string, escapes and all.
    func testExpressionMistakesPrintExactlyTheirExpectedProblems() throws {
        let files = try fixtures(in: "expressions")
        // One document per kind of problem (docs/json.md, State and expressions: "Problems a document can get").
        XCTAssertEqual(files.map { ($0 as NSString).lastPathComponent }, [
            "bad-escape.json", "expression-places.json", "input-undeclared-variable.json", "nested-template.json",
            "operator-wrong-type.json", "request-mistakes.json", "set-wrong-type.json", "state-bad-forms.json", "state-not-an-object.json",
            "toggle-not-boolean.json", "too-long-or-deep.json", "too-many-variables.json", "try-operator.json",
            "unclosed-expression.json", "undeclared-variable.json", "unknown-action-type.json",
            "unknown-function.json", "validator-bad-pattern.json", "visible-integer.json",
            "visible-not-boolean.json", "wrong-arguments.json",
        ])
        for file in files {
            let run = try ValidatorRun([file])
            XCTAssertEqual(run.status, 1, file)
            XCTAssertEqual(run.standardOutput, try expected(file.replacingOccurrences(of: ".json", with: ".expected")), file)
            XCTAssertTrue(run.standardError.hasPrefix("hub-validate: 1 document checked: 0 errors, "), run.standardError)
        }
    }

    /// The JSON output locates an expression's problem the same way, with the byte offset of the
    /// character: `"Grüße, \"@{username}\"!"` has two two-byte characters and an escape before it.
    func testAnExpressionProblemsOffsetIsItsCharactersByte() throws {
        let run = try ValidatorRun(["--format", "json", "expressions/undeclared-variable.json"])
        guard case .object(let document) = try JSONParser().parse(run.standardOutput),
              case .array(let problems)? = document["problems"], problems.count == 3,
              case .object(let problem) = problems[1]
        else { return XCTFail(run.standardOutput) }
        let data = try Data(contentsOf: ValidatorRun.fixtures.appendingPathComponent("expressions/undeclared-variable.json"))
        guard case .number(let offset)? = problem["offset"] else { return XCTFail("\(problem)") }
        XCTAssertEqual(String(decoding: data[Int(offset)..<Int(offset) + 8], as: UTF8.self), "username")
        XCTAssertEqual(problem["line"], .number(6))
        XCTAssertEqual(problem["column"], .number(57))
        XCTAssertEqual(problem["path"], .string("body[1].text.subtitle"))
    }

    func testParseErrorsAreErrorsAndSkippedValuesWarnings() throws {
        let syntax = try ValidatorRun(["invalid/trailing-comma.json"])
        XCTAssertEqual(syntax.standardOutput,
            "invalid/trailing-comma.json:4:30: body[0].text: error: invalid JSON: expected a string key in an object, found '}'\n")
        XCTAssertEqual(syntax.standardError, "hub-validate: 1 document checked: 1 error, 0 warnings\n")
        let skipped = try ValidatorRun(["invalid/duplicate-key.json"])
        // The parser keeps the last of two equal keys, so the problem is located at the second one.
        XCTAssertEqual(skipped.standardOutput, "invalid/duplicate-key.json:3:12: title: warning: expected a string, found a number\n")
        XCTAssertEqual(skipped.standardError, "hub-validate: 1 document checked: 0 errors, 1 warning\n")
    }

    func testADirectoryStandsForItsJSONFilesInPathOrder() throws {
        let run = try ValidatorRun(["invalid"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, try expected("expected/invalid-directory.txt"))
        XCTAssertEqual(run.standardError, try expected("expected/invalid-directory.stderr"))
        let valid = try ValidatorRun(["valid/"])
        XCTAssertEqual(valid.status, 0, valid.standardError)
        XCTAssertEqual(valid.standardOutput, "")
        // A directory without any document is a mistake in the arguments, not a clean run.
        let empty = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: ValidatorRun.fixtures, create: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try ValidatorRun([empty.path])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.standardError, "hub-validate: \(empty.path): cannot read: the directory holds no .json file\n"
            + "hub-validate: 0 documents checked: 0 errors, 0 warnings, 1 unreadable file\n")
    }

    func testJSONFormatIsOneStableDocument() throws {
        let run = try ValidatorRun(["--format", "json", "invalid/images.json", "invalid/trailing-comma.json",
            "valid/every-key.json", "missing.json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.standardOutput, try expected("expected/json-format.json"))
        XCTAssertEqual(run.standardError, "")
        guard case .object(let document) = try JSONParser().parse(run.standardOutput),
              case .array(let problems)? = document["problems"] else { return XCTFail("not a report: \(run.standardOutput)") }
        XCTAssertEqual(problems.count, 9)
        for case .object(let problem) in problems {
            XCTAssertEqual(problem.keys.sorted(), ["column", "file", "line", "message", "offset", "path", "severity"])
        }
        let clean = try ValidatorRun(["--format", "json", "valid"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.standardOutput,
            "{\n  \"problems\": [],\n  \"summary\": {\"errors\":0,\"files\":8,\"unreadable\":0,\"warnings\":0}\n}\n")
    }

    func testStandardInputIsADocumentToo() throws {
        let data = try Data(contentsOf: ValidatorRun.fixtures.appendingPathComponent("invalid/target.json"))
        let run = try ValidatorRun(["-"], input: data)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput,
            try expected("invalid/target.expected").replacingOccurrences(of: "invalid/target.json:", with: "<stdin>:"))
        let named = try ValidatorRun(["--stdin-name", "views/target.json", "valid/empty-object.json", "-"], input: data)
        XCTAssertEqual(named.standardOutput,
            try expected("invalid/target.expected").replacingOccurrences(of: "invalid/target.json:", with: "views/target.json:"))
        let clean = try ValidatorRun(["-"], input: Data(#"{"title": "From a pipe"}"#.utf8))
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.standardOutput, "")
    }

    func testAnUnreadableFileExitsWithTwoAndTheOthersAreStillChecked() throws {
        let run = try ValidatorRun(["missing.json", "invalid/duplicate-key.json", "valid/empty-object.json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.standardOutput, try expected("invalid/duplicate-key.expected"))
        XCTAssertEqual(run.standardError, "hub-validate: missing.json: cannot read: No such file or directory\n"
            + "hub-validate: 2 documents checked: 0 errors, 1 warning, 1 unreadable file\n")
        let notADirectory = try ValidatorRun(["valid/every-key.json/view.json"])
        XCTAssertEqual(notADirectory.status, 2)
        XCTAssertEqual(notADirectory.standardError.components(separatedBy: "\n").first,
            "hub-validate: valid/every-key.json/view.json: cannot read: Not a directory")
    }

    func testBadArgumentsExitWithTwo() throws {
        for arguments in [[], ["--schema", "github", "valid"], ["--format", "xml", "valid"], ["--no-such-flag", "valid"]] {
            let run = try ValidatorRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.standardOutput, "", "\(arguments)")
            XCTAssertTrue(run.standardError.hasPrefix("Error: "), run.standardError)
        }
        XCTAssertTrue(try ValidatorRun(["--schema", "github", "valid"]).standardError
            .hasPrefix("Error: Unknown schema 'github'; known: default.\n"))
        let named = try ValidatorRun(["--schema", "default", "valid"])
        XCTAssertEqual(named.status, 0)
        let help = try ValidatorRun(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("Exit status: 0 when every document is fine"), help.standardOutput)
    }

    /// Thousands of documents in one run: read one at a time, reported as they go.
    func testThousandsOfDocuments() throws {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: ValidatorRun.fixtures, create: true)
        // Written and removed with POSIX calls: Foundation takes seconds for thousands of small files.
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", folder.path]).waitUntilExit() }
        for index in 0..<3000 {
            let text = index % 3 == 0 ? #"{"title": \#(index)}"# : #"{"title": "View \#(index)"}"#
            let name = "view-" + String(String(index + 10000).dropFirst()) + ".json"
            let descriptor = open(folder.appendingPathComponent(name).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            XCTAssertEqual(text.utf8.withContiguousStorageIfAvailable { write(descriptor, $0.baseAddress, $0.count) }, text.utf8.count)
            close(descriptor)
        }
        let run = try ValidatorRun(["--format", "json", "."], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardOutput.hasSuffix(#""summary": {"errors":0,"files":3000,"unreadable":0,"warnings":1000}"#
            + "\n}\n"), String(run.standardOutput.suffix(200)))
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 1000 + 5)
        XCTAssertEqual(lines[lines.count - 4],
            #"    {"column":11,"file":"./view-2997.json","line":1,"message":"expected a string, found a number","offset":10,"path":"title","severity":"warning"}"#)
    }

    /// A large document (12 MB here, to keep the debug test quick): its one problem, near the end, is
    /// located by line and column.
    func testALargeDocumentIsLocatedToTheLine() throws {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: ValidatorRun.fixtures, create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "{\"body\": [\n"
        let rows = 100_000
        for index in 0..<rows {
            text += #"  {"id": "row-\#(index)", "text": {"title": "Row \#(index)", "subtitle": "A row of a long list"}, "#
                + #""custom": {"index": \#(index), "padding": "................................"}},"# + "\n"
        }
        text += "  {\"id\": \"last\", \"text\": {\"title\": false}}\n]}\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("large.json"))
        XCTAssertGreaterThan(text.utf8.count, 12_000_000)
        let run = try ValidatorRun(["large.json"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput,
            "large.json:\(rows + 2):36: body[\(rows)].text.title: warning: expected a string, found a boolean\n")
    }

    /// `hub-validate docs/ | head -0`: standard output's reader is gone before the first problem.
    /// The run stops with status 2 (it could not report everything), quietly: no crash, no SIGPIPE.
    func testAReaderThatIsGoneStopsTheRunWithStatus2() throws {
        let process = Process()
        process.executableURL = try ValidatorRun.executable
        process.arguments = ["invalid"]
        process.currentDirectoryURL = ValidatorRun.fixtures
        let output = Pipe()
        let error = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForWriting.close()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "not ended by a signal (\(process.terminationStatus))")
        XCTAssertEqual(process.terminationStatus, 2, errorText)
        XCTAssertEqual(errorText, "")
    }
}
