import Foundation
import XCTest

/// `hub-validate --manifest`: backend app manifests, read with the viewer's manifest reader.
final class ManifestValidationTests: XCTestCase {
    /// The repository's example backend app.
    private static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/backend/app.json").standardized

    func testTheExampleManifestIsFine() throws {
        let run = try ValidatorRun(["--manifest", Self.example.path])
        XCTAssertEqual(run.status, 0, run.standardOutput + run.standardError)
        XCTAssertEqual(run.standardOutput, "")
    }

    func testEveryMistakeIsAnErrorAtItsLine() throws {
        let run = try ValidatorRun(["--manifest", "manifest/mistakes.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, """
            manifest/mistakes.json:5:67: features[0].reload: error: expected "always", "never" or a number of seconds, found "sometimes"
            manifest/mistakes.json:6:5: features[1]: error: the key "endpoint" is missing
            manifest/mistakes.json:7:18: features[1].endpiont: error: unknown key; known keys are endpoint, id, reload, schema, timeout, title, uri

            """)
        XCTAssertEqual(run.standardError, "hub-validate: 1 document checked: 3 errors, 0 warnings\n")
    }

    /// The app's variables (`state`) are read as a view's are: each bad declaration is an error at
    /// its value, and a `state` that is not an object is one.
    func testStateMistakesAreErrorsAtTheirValues() throws {
        let run = try ValidatorRun(["--manifest", "manifest/state.json", "manifest/state-not-an-object.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, """
            manifest/state.json:8:14: state.false: error: "false" cannot name a variable: true and false are the boolean literals
            manifest/state.json:9:23: state["env.widthClass"]: error: "env.widthClass" cannot name a variable: env. names the environment (env.locale, env.direction, env.colorScheme, env.widthClass)
            manifest/state.json:10:17: state.currency: error: the type of "currency" cannot be read from null: declare it as {"type": …, "value": …}
            manifest/state.json:11:44: state.since.value: error: expected a value of type a datetime, found a string
            manifest/state.json:12:23: state.theme.type: error: unknown variable type "colour"; the types are string, integer, number, boolean, datetime, array and object
            manifest/state-not-an-object.json:5:12: state: error: expected an object of variables, found an array

            """)
        XCTAssertEqual(run.standardError, "hub-validate: 2 documents checked: 6 errors, 0 warnings\n")
    }

    func testASyntaxErrorIsLocated() throws {
        let run = try ValidatorRun(["--manifest", "manifest/syntax.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput,
            "manifest/syntax.json:4:3: (top level): error: invalid JSON: expected ',' or '}' after an object member, found '\"'\n")
    }

    func testAManifestIsNotAViewDocument() throws {
        // Without --manifest the same file is read as a view, which has no such keys. It used to pass
        // as an (empty) view; since unknown keys are reported (issue 26), the view reader says so,
        // and --manifest is still what checks it as a manifest.
        let run = try ValidatorRun(["manifest/mistakes.json"])
        XCTAssertEqual(run.status, 1, run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains(#"(top level): warning: unknown key "features""#), run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("error"), run.standardOutput)
    }
}
