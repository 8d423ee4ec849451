import Foundation
import HubFramework
import XCTest

/// `hub-validate --client FILE`: a document checked for a named client's capabilities lists, at each
/// component, what it becomes there (replaced by its fallback, dropped, left to its category's
/// fallback component, shown without what it requires), with totals; `Fixtures/validate/client`
/// holds the clients, the document and the exact output.
final class ClientValidationTests: XCTestCase {
    private func expected(_ path: String) throws -> String {
        try String(contentsOf: ValidatorRun.fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    func testEachComponentThatFallsBackOnTheClientGetsALocatedNote() throws {
        let run = try ValidatorRun(["--client", "client/old-viewer.json", "client/shop.json"])
        XCTAssertEqual(run.status, 0, "notes are no problems")
        XCTAssertEqual(run.standardOutput, try expected("client/shop.expected"))
        XCTAssertEqual(run.standardError, try expected("client/shop.stderr"))
        // Without a client, the document is fine and nothing is said.
        let plain = try ValidatorRun(["client/shop.json"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.standardOutput, "")
        XCTAssertEqual(plain.standardError, "")
    }

    func testAClientThatHasEverythingShowsEverything() throws {
        let run = try ValidatorRun(["--client", "client/new-viewer.json", "client/shop.json"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardError, "hub-validate: 1 document checked: 0 errors, 0 warnings; on the client "
            + "client/new-viewer.json (new-viewer/2.0): nothing falls back\n")
    }

    /// Problems are reported as without a client, beside the notes; the exit status is theirs.
    func testProblemsComeBesideTheNotes() throws {
        let document = #"[{"id": "a", "component": {"id": "maps:map"}, "text": {"title": 7}, "fallback": "drop"}]"#
        let run = try ValidatorRun(["--client", "client/old-viewer.json", "-"], input: Data(document.utf8))
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardOutput, """
            <stdin>:1:2: [0]: note: the client lacks the component "maps:map": the component is dropped (its fallback is "drop")
            <stdin>:1:65: [0].text.title: warning: expected a string, found a number

            """)
        XCTAssertEqual(run.standardError, "hub-validate: 1 document checked: 0 errors, 1 warning; on the client "
            + "client/old-viewer.json (old-viewer/0.9): 1 component dropped\n")
    }

    func testTheJSONReportHasTheNotesAndTheirTotals() throws {
        let run = try ValidatorRun(["--client", "client/old-viewer.json", "--format", "json", "client/shop.json"])
        XCTAssertEqual(run.status, 0)
        guard case .object(let report) = try JSONParser().parse(run.standardOutput),
              case .array(let notes)? = report["problems"], case .object(let summary)? = report["summary"]
        else { return XCTFail(run.standardOutput) }
        XCTAssertEqual(notes.count, 9)
        XCTAssertTrue(notes.allSatisfy { $0["severity"] == .string("note") })
        XCTAssertEqual(notes[1]["path"], .string("body[1]"))
        XCTAssertEqual(notes[1]["line"], .number(15))
        XCTAssertEqual(summary["notes"], .object(["replaced": 4, "dropped": 1, "categoryFallback": 1,
                                                  "shownWithoutRequirement": 1]))
        XCTAssertEqual(summary["warnings"], .number(0))
        // Without --client the summary is as it always was.
        let plain = try ValidatorRun(["--format", "json", "client/shop.json"])
        XCTAssertNil(try JSONParser().parse(plain.standardOutput)["summary"]?["notes"])
    }

    /// What a server receives in the `Hub-Client` header is a client file as it is, abridged or not.
    func testTheHeaderAClientSentIsAClientFile() throws {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                 appropriateFor: ValidatorRun.fixtures, create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let many = ClientCapabilities(components: (0..<400).map { "default:component\($0)" } + ["maps:map"],
                                      actions: ["request"], app: "big/1")
        let small = ClientCapabilities(components: ["default:row", "maps:map"], actions: [], app: "small/1")
        for (name, client) in [("abridged", many), ("whole", small)] {
            let file = folder.appendingPathComponent("\(name).json")
            try Data(client.headerValue.utf8).write(to: file)
            let run = try ValidatorRun(["--client", file.path, "client/shop.json"])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardOutput.contains(#"body[2]: note: the client lacks the component "charts:pie""#), name)
            XCTAssertFalse(run.standardOutput.contains("body[1]:"), "\(name): the client has the map")
        }
        XCTAssertTrue(many.headerValue.contains(#""abridged":true"#))
    }

    /// A patch is read for the client as the app reads the patches its view receives: each of its
    /// components that falls back gets a note at its place in the patch, and the view it is applied
    /// to (`--view`) is read for the client too, its notes first.
    func testAPatchsComponentsThatFallBackOnTheClientGetLocatedNotes() throws {
        let alone = try ValidatorRun(["--client", "client/old-viewer.json", "--patch", "client/shop-patch.json"])
        XCTAssertEqual(alone.status, 0, "notes are no problems")
        XCTAssertEqual(alone.standardOutput, try expected("client/shop-patch.expected"))
        XCTAssertEqual(alone.standardError, "hub-validate: 1 document checked: 0 errors, 0 warnings; on the client "
            + "client/old-viewer.json (old-viewer/0.9): 1 component replaced by a fallback, 1 component dropped, "
            + "1 component shown by its category's fallback component\n")
        let applied = try ValidatorRun(["--client", "client/old-viewer.json", "--patch", "--view", "client/shop.json",
                                        "client/shop-patch.json"])
        XCTAssertEqual(applied.status, 0, applied.standardOutput)
        XCTAssertEqual(applied.standardOutput, try expected("client/shop.expected") + expected("client/shop-patch.expected"))
        XCTAssertEqual(applied.standardError, "hub-validate: 2 documents checked: 0 errors, 0 warnings; on the client "
            + "client/old-viewer.json (old-viewer/0.9): 5 components replaced by a fallback, 2 components dropped, "
            + "2 components shown by their categories' fallback components, 1 component shown without what it requires\n")
        // Without a client, the patch is fine and nothing is said.
        let plain = try ValidatorRun(["--patch", "--view", "client/shop.json", "client/shop-patch.json"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.standardOutput + plain.standardError, "")
        // A patch's problems come beside its notes, and decide the exit status.
        let broken = #"{"patch": {"changes": [{"insert": [{"id": "x", "component": {"id": "maps:map"}, "fallback": "drop"}], "after": "nowhere"}]}}"#
        let run = try ValidatorRun(["--client", "client/old-viewer.json", "--patch", "--view", "client/shop.json", "-"],
                                   input: Data(broken.utf8))
        XCTAssertEqual(run.status, 1)
        let lines = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("<stdin>") }
        XCTAssertEqual(lines.count, 2, run.standardOutput)
        XCTAssertTrue(lines.contains { $0.contains(#"note: the client lacks the component "maps:map": the component is dropped"#) },
                      run.standardOutput)
        XCTAssertTrue(lines.contains { $0.contains("error:") && $0.contains("nowhere") }, run.standardOutput)
    }

    /// The client file is read strictly: what it does not say right stops the run (status 2), since
    /// every note would be wrong.
    func testABadClientFileStopsTheRun() throws {
        let cases = [
            ("client/misspelt.json", #"unknown member "component"; a client's members are components, actions, expressions, features, app"#),
            ("client/not-identifiers.json", #"components[1]: expected a component as "namespace:name" or "namespace:*", found "row""#),
            ("client/nowhere.json", "No such file or directory"),
            ("client/shop.expected", "not JSON: Invalid JSON at line 1, column 1 (byte 0): expected a value, found 'c'."),
        ]
        for (file, reason) in cases {
            let run = try ValidatorRun(["--client", file, "client/shop.json"])
            XCTAssertEqual(run.status, 2, file)
            XCTAssertEqual(run.standardOutput, "", file)
            XCTAssertEqual(run.standardError, "hub-validate: \(file): not a client's capabilities: \(reason)\n", file)
        }
        for other in ["--manifest", "--evaluate"] {
            let run = try ValidatorRun(["--client", "client/old-viewer.json", other, "client/shop.json"])
            XCTAssertEqual(run.status, 2, other)
            XCTAssertTrue(run.standardError.contains("--client checks view documents and patches"), run.standardError)
        }
    }
}
