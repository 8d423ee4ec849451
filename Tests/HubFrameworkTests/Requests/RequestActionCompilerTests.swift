import Foundation
import XCTest
@testable import HubFramework

/// `request` and `submit` actions are checked where the document is read: each mistake is a
/// located problem, and the answer is readable, and read-only, as `response.…` in the lists that
/// follow.
final class RequestActionCompilerTests: XCTestCase {
    private func problems(_ actions: String) throws -> [String] {
        let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                 iconImageResolver: nil).makeViewModelBuilder()
        let json = #"{"state": {"n": 0, "note": "", "ok": false}, "body": [{"id": "b", "target": {"actions": \#(actions)}}]}"#
        return try builder.addJSON(data: Data(json.utf8)).map(\.description)
    }

    func testAWellFormedRequestHasNoProblem() throws {
        XCTAssertEqual(try problems(#"""
            [{"type": "request", "method": "post", "url": "/api/@{n}", "body": {"n": "@{n}"},
              "headers": {"X-Token": "t-@{n}", "Accept": "application/json"},
              "onSuccess": [{"type": "set", "variable": "n", "value": "@{getIntegerFromDict(response.body, 'n')}"},
                            {"type": "set", "variable": "ok", "value": "@{response.ok}"}],
              "onError": [{"type": "set", "variable": "note", "value": "@{response.error + toString(response.status)}"}],
              "onFinish": [{"type": "set", "variable": "note", "value": "@{response.text}"}]},
             {"type": "submit", "form": "f", "url": "/send", "onSuccess": []}]
            """#), [])
    }

    func testEachMistakeIsLocated() throws {
        let lines = try problems(#"""
            [{"type": "request"},
             {"type": "request", "url": "/a", "method": "fetch"},
             {"type": "request", "url": "/a", "method": "get", "body": {}},
             {"type": "request", "url": "/a", "headers": {"Cookie": "x"}},
             {"type": "request", "url": "/a", "onSuccess": [{"type": "set", "variable": "response.ok", "value": true}]},
             {"type": "request", "url": "/a", "onError": [{"type": "set", "variable": "n", "value": "@{response.status + 'x'}"}]},
             {"type": "submit", "form": "f", "onSuccess": []},
             {"type": "request", "url": "/a", "on_success": []}]
            """#)
        let all = lines.joined(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[0]: request needs the \"url\"") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[1].method:") && $0.contains("\"post\"") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[2].body: a GET request sends no body") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[3].headers.Cookie:") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[4].onSuccess[0].variable:") && $0.contains("cannot change") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[5].onError[0].value:") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[6].onSuccess:") && $0.contains("\"url\"") }, all)
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].target.actions[7].on_success:") && $0.contains("onSuccess") }, all)
        XCTAssertEqual(lines.count, 8, all)
    }

    func testTheAnswerIsReadableOnlyAfterTheRequest() throws {
        let lines = try problems(#"[{"type": "set", "variable": "note", "value": "@{response.error}"}]"#)
        XCTAssertEqual(lines.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.first?.contains("response.error") ?? false, lines.joined(separator: "\n"))
    }
}
