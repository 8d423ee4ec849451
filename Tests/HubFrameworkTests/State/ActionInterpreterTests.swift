import Foundation
import XCTest
@testable import HubFramework

/// The actions a document writes, run for one event.
final class ActionInterpreterTests: XCTestCase, @unchecked Sendable {
    private func read(_ json: String) throws -> ViewModel {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        XCTAssertEqual(problems, [])
        return builder.build()
    }

    func testTheActionsOfOneEventRenderOnceEachSeeingTheOnesBefore() throws {
        try MainActor.assumeIsolated { try actionsOfOneEventRenderOnce() }
    }

    @MainActor
    private func actionsOfOneEventRenderOnce() throws {
        let view = try read(#"""
            {"state": {"a": 0, "b": 0, "sum": 0}, "body": [
              {"id": "go", "text": {"title": "Go"}, "target": {"actions": [
                {"type": "set", "variable": "a", "value": "@{1}"},
                {"type": "set", "variable": "b", "value": "@{a + 1}"},
                {"type": "set", "variable": "sum", "value": "@{a + b}"}]}}]}
            """#)
        let state = ViewState()
        state.adopt(view.stateDeclarations, components: view.componentStateDeclarations)
        var changes: [StateChange] = []
        state.onChange = { changes.append($0) }
        let interpreter = ActionInterpreter(state: state, limits: .default, perform: { _ in false },
                                            report: { XCTFail("unexpected report: \($0)") })

        XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)

        XCTAssertEqual(state.value(of: "a"), .integer(1))
        XCTAssertEqual(state.value(of: "b"), .integer(2))
        XCTAssertEqual(state.value(of: "sum"), .integer(3), "each action sees what the ones before it set")
        XCTAssertEqual(changes.count, 1, "one event, one render")
    }

    func testAChangeOutsideAnEventIsToldAtOnce() throws {
        try MainActor.assumeIsolated { try changeOutsideAnEvent() }
    }

    @MainActor
    private func changeOutsideAnEvent() throws {
        let view = try read(#"{"state": {"a": 0}, "body": [{"text": {"title": "Count @{a}"}}]}"#)
        let state = ViewState()
        state.adopt(view.stateDeclarations)
        var changes = 0
        state.onChange = { _ in changes += 1 }
        state.setValue(.integer(1), for: "a")
        state.setValue(.integer(2), for: "a")
        XCTAssertEqual(changes, 2)
    }
}
