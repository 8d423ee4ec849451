import Foundation
import XCTest

/// `hub-validate --patch`: patches, read and applied with the viewer's `ViewModelPatch`. Alone, a
/// patch is checked for what its text tells; with `--view`, it is also applied to that view. Every
/// `patches/NAME.json` but `restock.json` must print exactly `patches/NAME.expected` against
/// `patches/view/bakery.json`.
final class PatchValidationTests: XCTestCase {
    private static let view = "patches/view/bakery.json"

    private func patches() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ValidatorRun.fixtures.appendingPathComponent("patches").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "patches/\($0)" }
    }

    private func expected(_ path: String) throws -> String {
        try String(contentsOf: ValidatorRun.fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    func testAGoodPatchPassesAloneAndAgainstItsView() throws {
        let alone = try ValidatorRun(["--patch", "patches/restock.json"])
        XCTAssertEqual(alone.status, 0, alone.standardOutput + alone.standardError)
        XCTAssertEqual(alone.standardOutput, "")
        let applied = try ValidatorRun(["--patch", "--view", Self.view, "patches/restock.json"])
        XCTAssertEqual(applied.status, 0, applied.standardOutput + applied.standardError)
        XCTAssertEqual(applied.standardOutput + applied.standardError, "")
    }

    func testEachBadPatchPrintsExactlyItsExpectedErrorsAgainstItsView() throws {
        let files = try patches().filter { $0 != "patches/restock.json" }
        XCTAssertEqual(files, ["patches/duplicate-id.json", "patches/malformed.json", "patches/not-json.json",
                               "patches/undeclared-variable.json", "patches/unknown-id.json"])
        for file in files {
            let run = try ValidatorRun(["--patch", "--view", Self.view, file])
            XCTAssertEqual(run.status, 1, file)
            XCTAssertEqual(run.standardOutput, try expected(file.replacingOccurrences(of: ".json", with: ".expected")), file)
            XCTAssertTrue(run.standardError.hasPrefix("hub-validate: 2 documents checked: "), run.standardError)
            XCTAssertTrue(run.standardError.hasSuffix(" errors, 0 warnings\n") || run.standardError.hasSuffix(" error, 0 warnings\n"),
                          run.standardError)
        }
    }

    /// What only the view can tell (an id, a sibling, the variables in scope) is not checked alone; what
    /// the text tells is the same either way.
    func testAlonePatchesAreCheckedForWhatTheirTextTells() throws {
        for file in ["patches/duplicate-id.json", "patches/undeclared-variable.json", "patches/unknown-id.json"] {
            let run = try ValidatorRun(["--patch", file])
            XCTAssertEqual(run.status, 0, file + ": " + run.standardOutput)
        }
        let run = try ValidatorRun(["--patch", "patches/malformed.json", "patches/not-json.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, try expected("patches/malformed.expected") + expected("patches/not-json.expected"))
        XCTAssertEqual(run.standardError, "hub-validate: 2 documents checked: 9 errors, 0 warnings\n")
    }

    /// The view is a document of the run: its own problems come first, under its name.
    func testTheViewsOwnProblemsAreReportedFirst() throws {
        let run = try ValidatorRun(["--patch", "--view", "invalid/duplicate-key.json", "patches/restock.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, try expected("invalid/duplicate-key.expected")
            + #"patches/restock.json:8:19: patch.changes[0].replace: error: no component of the view has the id "croissant""# + "\n")
        XCTAssertEqual(run.standardError, "hub-validate: 2 documents checked: 1 error, 1 warning\n")
        // A view that cannot be read: the patches are checked on their own.
        let missing = try ValidatorRun(["--patch", "--view", "patches/view/missing.json", "patches/restock.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.standardOutput, "")
        XCTAssertEqual(missing.standardError, "hub-validate: patches/view/missing.json: cannot read: No such file or directory\n"
            + "hub-validate: 1 document checked: 0 errors, 0 warnings, 1 unreadable file\n")
    }

    /// Read as a view document, a patch has a key no view has; --patch reads it as a patch.
    func testAPatchIsNotAViewDocument() throws {
        let run = try ValidatorRun(["patches/restock.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardOutput.contains(#"(top level): warning: unknown key "patch""#), run.standardOutput)
    }

    func testPatchArgumentsThatDoNotGoTogetherExitWithTwo() throws {
        for arguments in [["--view", Self.view, "patches/restock.json"], ["--patch", "--manifest", "patches/restock.json"],
                          ["--patch", "--evaluate", "patches/restock.json"]] {
            let run = try ValidatorRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.standardError.hasPrefix("Error: "), run.standardError)
        }
    }
}
