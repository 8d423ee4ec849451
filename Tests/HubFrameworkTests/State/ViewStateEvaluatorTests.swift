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

    // MARK: Evaluating only what a change reaches

    private func counterAndRows() throws -> ViewModel {
        let rows = (1...200).map { #"{"id": "r\#($0)", "text": {"title": "Item \#($0)", "subtitle": "@{query} in @{title}"}, "visible": "@{contains(title, query)}"}"# }
        let (source, problems) = try read(#"""
            {"state": {"count": 0, "query": ""}, "body": [
              {"id": "label", "text": {"title": "Count: @{count}"}},
              {"id": "width", "text": {"title": "@{env.widthClass}"}},
              \#(rows.joined(separator: ","))]}
            """#)
        XCTAssertEqual(problems, [])
        return source
    }

    func testAChangeEvaluatesOnlyTheComponentsThatReadIt() throws {
        let source = try counterAndRows()
        let evaluator = ViewStateEvaluator(limits: .default)
        let memo = StateEvaluationMemo()
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(0), "query": .string("")]
        let first = evaluator.evaluate(source, with: snapshot, memo: memo, change: .all).viewModel
        XCTAssertEqual(first.bodyComponentModels.count, 202)

        snapshot.view["count"] = .integer(1)
        let second = evaluator.evaluate(source, with: snapshot, memo: memo,
                                        change: StateChange(sources: [.view("count")])).viewModel
        XCTAssertEqual(second.bodyComponentModels[0].title, "Count: 1")
        XCTAssertFalse(second.bodyComponentModels[0] === first.bodyComponentModels[0])
        for index in 1..<202 {
            XCTAssertTrue(second.bodyComponentModels[index] === first.bodyComponentModels[index],
                          "\(second.bodyComponentModels[index].identifier) reads neither count nor anything that changed")
        }

        snapshot.view["query"] = .string("7")
        let third = evaluator.evaluate(source, with: snapshot, memo: memo,
                                       change: StateChange(sources: [.view("query")])).viewModel
        XCTAssertTrue(third.bodyComponentModels[0] === second.bodyComponentModels[0], "the label does not read query")
        XCTAssertTrue(third.bodyComponentModels[1] === second.bodyComponentModels[1], "env did not change")
        XCTAssertEqual(third.bodyComponentModels.dropFirst(2).map(\.identifier),
                       (1...200).filter { String($0).contains("7") }.map { "r\($0)" })
        XCTAssertEqual(third.bodyComponentModels[2].subtitle, "7 in Item 7")

        snapshot.environment.widthClass = .compact
        let fourth = evaluator.evaluate(source, with: snapshot, memo: memo, change: .environment).viewModel
        XCTAssertEqual(fourth.bodyComponentModels[1].title, "compact")
        XCTAssertTrue(fourth.bodyComponentModels[0] === third.bodyComponentModels[0])
        XCTAssertTrue(fourth.bodyComponentModels[2] === third.bodyComponentModels[2])
    }

    /// Whatever the order of changes, evaluating only what they reach gives what a full evaluation gives.
    func testEvaluatingWhatAChangeReachesAgreesWithAFullEvaluation() throws {
        let source = try counterAndRows()
        let evaluator = ViewStateEvaluator(limits: .default)
        let memo = StateEvaluationMemo()
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(0), "query": .string("")]
        _ = evaluator.evaluate(source, with: snapshot, memo: memo)
        var generator = SystemRandomNumberGenerator()
        for step in 0..<200 {
            var change = StateChange()
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                snapshot.view["count"] = .integer(step)
                change.sources = [.view("count")]
            case 1:
                snapshot.view["query"] = .string(String(Int.random(in: 0..<30, using: &generator)))
                change.sources = [.view("query")]
            case 2:
                snapshot.environment.widthClass = ExpressionEnvironment.WidthClass.allCases.randomElement(using: &generator)!
                change = .environment
            default:
                break  // nothing changed
            }
            let incremental = evaluator.evaluate(source, with: snapshot, memo: memo, change: change).viewModel
            let full = evaluator.evaluate(source, with: snapshot).viewModel
            XCTAssertEqual(incremental.bodyComponentModels, full.bodyComponentModels, "step \(step)")
        }
    }

    /// A submit button evaluated again for another reason than a variable (a request of its own or of
    /// another component begins or ends; an input is left) is enabled only while its form is valid,
    /// as a full evaluation says.
    func testASubmitButtonOfAnInvalidFormStaysDisabledWhateverBringsItBack() throws {
        let (source, problems) = try read(#"""
            {"state": {"draft": ""},
             "body": [
               {"id": "order-1", "text": {"title": "Rye"},
                "target": {"actions": [{"type": "request", "method": "delete", "url": "/orders/1"}]}},
               {"id": "draft", "text": {"title": "New order"},
                "input": {"variable": "draft", "form": "order", "validators": [{"required": true, "message": "Write what you would like"}]}},
               {"id": "add", "text": {"title": "Order"},
                "target": {"actions": [{"type": "submit", "form": "order", "url": "/orders"}]}}]}
            """#)
        XCTAssertEqual(problems, [])
        let evaluator = ViewStateEvaluator(limits: .default)
        let memo = StateEvaluationMemo()
        var snapshot = StateSnapshot()
        snapshot.view = ["draft": .string("")]
        func add(_ viewModel: ViewModel) -> ComponentModel? { viewModel.bodyComponentModels.first { $0.identifier == "add" } }
        XCTAssertEqual(add(evaluator.evaluate(source, with: snapshot, memo: memo).viewModel)?.isEnabled, false,
                       "the field is empty")
        let changes: [(String, StateChange, (inout StateSnapshot) -> Void)] = [
            ("the row's request began", StateChange(requests: true), { $0.busyComponents = ["order-1"] }),
            ("the row's request ended", StateChange(requests: true), { $0.busyComponents = [] }),
            ("the field was left", StateChange(interaction: true), { $0.touchedInputs = ["draft"] }),
        ]
        for (what, change, apply) in changes {
            apply(&snapshot)
            let incremental = evaluator.evaluate(source, with: snapshot, memo: memo, change: change).viewModel
            XCTAssertEqual(add(incremental)?.isEnabled, false, "\(what): the field is still empty")
            XCTAssertEqual(incremental.bodyComponentModels, evaluator.evaluate(source, with: snapshot).viewModel.bodyComponentModels,
                           what)
        }
    }

    func testANewSourceIsEvaluatedWhole() throws {
        let evaluator = ViewStateEvaluator(limits: .default)
        let memo = StateEvaluationMemo()
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(0), "query": .string("")]
        _ = evaluator.evaluate(try counterAndRows(), with: snapshot, memo: memo)
        snapshot.view["count"] = .integer(5)
        // A reload made a new source: the memo's results belong to the old one, whatever the change says.
        let reloaded = evaluator.evaluate(try counterAndRows(), with: snapshot, memo: memo,
                                          change: StateChange(sources: [.view("query")])).viewModel
        XCTAssertEqual(reloaded.bodyComponentModels[0].title, "Count: 5")
    }

    func testComponentsFilledInCodeEachKeepTheirOwnVariables() {
        MainActor.assumeIsolated {
            // Components filled from JSON objects of their own, outside a document (a showcase's
            // samples): each declares a variable of the same name, and each reads its own.
            let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil)
            let builder = schema.makeViewModelBuilder()
            for (identifier, value) in [("a", "first"), ("b", "second")] {
                let component = builder.bodyComponentModelBuilder(withIdentifier: identifier)
                XCTAssertEqual(component.addJSON(dictionary: [
                    "state": ["value": .string(value)], "text": ["title": "@{value}"], "input": ["variable": "value"],
                ]), [])
            }
            let source = builder.build()
            XCTAssertEqual(Set(source.componentStateDeclarations.keys).count, 2, "a scope each")
            let state = ViewState()
            state.adopt(source.stateDeclarations, components: source.componentStateDeclarations)
            let shown = ViewStateEvaluator(limits: .default).evaluate(source, with: state.snapshot()).viewModel
            XCTAssertEqual(titles(shown), ["first", "second"])
            XCTAssertEqual(shown.bodyComponentModels.map { $0.input?.value }, [.string("first"), .string("second")])
        }
    }

    func testAHiddenInputIsNotPartOfItsForm() throws {
        let (source, problems) = try read(#"""
            {"state": {"name": "Ada", "business": false, "company": ""},
             "body": [
               {"id": "name", "text": {"title": "Name"},
                "input": {"variable": "name", "form": "f", "validators": [{"required": true, "message": "Enter your name"}]}},
               {"id": "company", "text": {"title": "Company"}, "visible": "@{business}",
                "input": {"variable": "company", "form": "f", "validators": [{"required": true, "message": "Enter the company"}]}},
               {"id": "section", "visible": false, "children": [
                 {"id": "vat", "text": {"title": "VAT"},
                  "input": {"variable": "company", "form": "f", "validators": [{"required": true, "message": "Enter it"}]}}]}]}
            """#)
        XCTAssertEqual(problems, [])
        let evaluator = ViewStateEvaluator(limits: .default)
        var snapshot = StateSnapshot()
        snapshot.view = ["name": .string("Ada"), "business": .boolean(false), "company": .string("")]
        XCTAssertEqual(evaluator.formValidity(of: source, with: snapshot)["f"], true,
                       "the empty company field is hidden, and so is the section's")
        snapshot.view["business"] = .boolean(true)
        XCTAssertEqual(evaluator.formValidity(of: source, with: snapshot)["f"], false, "shown, it must be filled in")
        snapshot.view["company"] = .string("Analytical Engines")
        XCTAssertEqual(evaluator.formValidity(of: source, with: snapshot)["f"], true)
        snapshot.view["name"] = .string("")
        XCTAssertEqual(evaluator.formValidity(of: source, with: snapshot)["f"], false)
    }
}
