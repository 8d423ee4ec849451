import Foundation
import XCTest
@testable import HubFramework

/// Documents with state: read, checked, and shown with the state's values.
final class ViewStateEvaluatorTests: XCTestCase, @unchecked Sendable {
    private func read(_ json: String) throws -> (ViewModel, [JSONProblem]) {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        return (builder.build(), problems)
    }

    private func titles(_ viewModel: ViewModel) -> [String] { viewModel.bodyComponentModels.map { $0.title ?? "-" } }

    func testACounterShowsItsCount() throws {
        let (source, problems) = try read(#"""
            {"state": {"count": 0}, "body": [
              {"id": "label", "text": {"title": "Count: @{count}"}},
              {"id": "plain", "text": {"title": "Add one"}}]}
            """#)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(source.stateDeclarations.variables.map(\.name), ["count"])
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(0)]
        let evaluator = ViewStateEvaluator(limits: .default)
        XCTAssertEqual(titles(evaluator.evaluate(source, with: snapshot).viewModel), ["Count: 0", "Add one"])
        snapshot.view["count"] = .integer(41)
        let shown = evaluator.evaluate(source, with: snapshot).viewModel
        XCTAssertEqual(titles(shown), ["Count: 41", "Add one"])
        XCTAssertTrue(shown.bodyComponentModels[1] === source.bodyComponentModels[1], "a model without bindings is kept")
    }

    func testRowsFilterThemselvesByTheirOwnTitle() throws {
        let rows = (1...1000).map { #"{"id": "r\#($0)", "text": {"title": "Item \#($0)"}, "visible": "@{contains(toLowerCase(title), toLowerCase(query))}"}"# }
        let (source, problems) = try read(#"{"state": {"query": ""}, "body": [\#(rows.joined(separator: ","))]}"#)
        XCTAssertEqual(problems, [])
        var snapshot = StateSnapshot()
        snapshot.view = ["query": .string("")]
        let evaluator = ViewStateEvaluator(limits: .default)
        XCTAssertEqual(evaluator.evaluate(source, with: snapshot).viewModel.bodyComponentModels.count, 1000)
        snapshot.view["query"] = .string("99")
        let shown = titles(evaluator.evaluate(source, with: snapshot).viewModel)
        XCTAssertEqual(shown, (1...1000).map { "Item \($0)" }.filter { $0.contains("99") })
        XCTAssertEqual(shown.count, 19)
    }

    func testProblemsAreLocatedInsideTheString() throws {
        let (_, problems) = try read(#"""
            {"state": {"count": 0, "agreed": false}, "body": [
              {"id": "a", "text": {"title": "Count: @{cout}"}},
              {"id": "b", "visible": "@{count}"},
              {"id": "c", "text": {"title": "@{'abc' - 1}"}},
              {"id": "d", "target": {"actions": [{"type": "set", "variable": "count", "value": "@{agreed}"},
                                                 {"type": "teleport"}, {"type": "toggle", "variable": "count"}]}}]}
            """#)
        let lines = problems.map(\.description)
        XCTAssertEqual(lines.count, 6, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[0].text.title: in \"Count: @{cout}\", at character 10") && $0.contains("count") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[1].visible:") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[2].text.title:") && $0.contains("'-'") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[3].target.actions[0].value:") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[3].target.actions[1].type: unknown action type \"teleport\"") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("body[3].target.actions[2].variable: toggle needs a boolean variable") }, lines.joined(separator: "\n"))
    }
}
