import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// The actions a JSON document writes, run by selecting components of a live view: state changes
/// re-render once per event, registered action types get the document's data with its expressions
/// evaluated and the view's state, a mistake is skipped, and a form's `then` runs only when valid.
final class ViewControllerDocumentActionsTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func open(_ document: String, in harness: ViewControllerHarness) throws -> ViewController {
        try harness.open { builder in
            XCTAssertEqual(try? builder.addJSON(data: Data(document.utf8)), [], "the document reads without a problem")
        }
    }

    @MainActor
    private func model(_ identifier: String, in controller: ViewController) -> ComponentModel? {
        controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }
    }

    func testAButtonCountsAndTheLabelFollowsWithOneRenderAPress() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"count": 0, "pressed": 0},
                 "body": [
                   {"id": "label", "component": {"id": "test:row"}, "text": {"title": "Count: @{count}"}},
                   {"id": "add", "component": {"id": "test:row"}, "text": {"title": "Add one"},
                    "target": {"actions": [{"type": "set", "variable": "count", "value": "@{count + 1}"},
                                           {"type": "set", "variable": "pressed", "value": "@{pressed + 1}"},
                                           {"type": "set", "variable": "count", "value": "@{count + pressed - pressed}"}]}}]}
                """#, in: harness)
            pump(until: { self.model("label", in: controller)?.title == "Count: 0" && !controller.isLoading }, "the first render")
            pump(for: 0.2)  // the view settles at its width
            for press in 1...3 {
                let renders = harness.delegate.rendered
                let add = try XCTUnwrap(model("add", in: controller))
                XCTAssertTrue(controller.selectComponent(with: add, customData: nil), "the actions ran")
                pump(until: { self.model("label", in: controller)?.title == "Count: \(press)" }, "press \(press)")
                let atLabel = harness.delegate.rendered - renders
                pump(for: 0.1)
                XCTAssertEqual(harness.delegate.rendered - renders, 1, "press \(press): three actions, one render (\(atLabel) when the label showed)")
            }
            XCTAssertEqual(controller.state.value(of: "pressed"), .integer(3))
            let shown = harness.components("row", as: RecordingComponent.self).compactMap(\.model).map { $0.title ?? "" }
            XCTAssertTrue(shown.contains("Count: 3"), "the label on screen shows the count: \(shown)")
        }
    }

    func testARegisteredActionTypeGetsTheDataEvaluatedAndTheViewsState() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let received = ReceivedActions()
            try harness.hub.actionRegistry.registerActionFactory(BlockActionFactory { name in
                name == "add" ? BlockAction { context in
                    received.data.append(context.customData ?? [:])
                    // An action reads and changes the view's state.
                    guard case .integer(let count)? = context.viewState?.value(of: "inCart") else { return false }
                    return context.viewState?.setValue(.integer(count + 1), for: "inCart") ?? false
                } : nil
            }, forNamespace: "cart")
            let controller = try open(#"""
                {"state": {"quantity": 2, "inCart": 0},
                 "body": [
                   {"id": "summary", "component": {"id": "test:row"}, "text": {"title": "In the cart: @{inCart}"}},
                   {"id": "rye", "component": {"id": "test:row"}, "text": {"title": "Rye"},
                    "target": {"actions": [{"type": "cart:add", "data": {"product": "@{title}", "count": "@{quantity * 2}", "note": "fresh"}},
                                           {"type": "set", "variable": "quantity", "value": 5}]}}]}
                """#, in: harness)
            pump(until: { self.model("summary", in: controller)?.title == "In the cart: 0" }, "the first render")
            XCTAssertTrue(controller.selectComponent(with: try XCTUnwrap(model("rye", in: controller)), customData: nil))
            pump(until: { self.model("summary", in: controller)?.title == "In the cart: 1" }, "the action changed the state")
            XCTAssertEqual(received.data, [["product": .string("Rye"), "count": .number(4), "note": .string("fresh")]])
            XCTAssertEqual(controller.state.value(of: "quantity"), .integer(5), "the action after it ran too")
        }
    }

    func testAFormsThenRunsOnlyWhenEveryInputIsValid() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"email": "a@", "sent": false},
                 "body": [
                   {"id": "email", "component": {"id": "test:row"}, "text": {"title": "Email"},
                    "input": {"variable": "email", "form": "signup",
                              "validators": [{"pattern": "[^@\\s]+@[^@\\s]+", "message": "Enter an email address"}]}},
                   {"id": "send", "component": {"id": "test:row"}, "text": {"title": "Sign up"},
                    "target": {"actions": [{"type": "submit", "form": "signup",
                                            "then": [{"type": "set", "variable": "sent", "value": true}]}]}}]}
                """#, in: harness)
            pump(until: { self.model("send", in: controller) != nil && !controller.isLoading }, "the first render")
            XCTAssertEqual(model("send", in: controller)?.isEnabled, false, "the button waits for a valid form")
            XCTAssertNil(model("email", in: controller)?.input?.message, "no message before the person is done")
            _ = controller.selectComponent(with: try XCTUnwrap(model("send", in: controller)), customData: nil)
            pump(until: { self.model("email", in: controller)?.input?.message == "Enter an email address" },
                 "trying to submit shows the messages")
            XCTAssertEqual(controller.state.value(of: "sent"), .boolean(false), "an invalid form is not sent")

            XCTAssertTrue(controller.state.setValue(.string("a@b"), for: "email"))
            pump(until: { self.model("send", in: controller)?.isEnabled == true }, "a valid form enables its button")
            XCTAssertNil(model("email", in: controller)?.input?.message)
            XCTAssertTrue(controller.selectComponent(with: try XCTUnwrap(model("send", in: controller)), customData: nil))
            XCTAssertEqual(controller.state.value(of: "sent"), .boolean(true))
        }
    }

    func testAnUnknownActionTypeIsSkippedAndTheOnesAfterItRun() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let document = #"""
                {"state": {"on": false},
                 "body": [{"id": "b", "component": {"id": "test:row"}, "text": {"title": "@{on ? 'On' : 'Off'}"},
                           "target": {"actions": [{"type": "sett", "variable": "on", "value": true},
                                                  {"type": "toggle", "variable": "on"}]}}]}
                """#
            let builder = harness.hub.jsonSchemaRegistry.defaultSchema.makeViewModelBuilder()
            let problems = try builder.addJSON(data: Data(document.utf8))
            XCTAssertEqual(problems.map(\.description), [
                #"body[0].target.actions[0].type: unknown action type "sett" (did you mean "set"?); it was skipped, "#
                    + "and the actions after it run",
            ])
            let controller = try harness.open { _ = try? $0.addJSON(data: Data(document.utf8)) }
            pump(until: { self.model("b", in: controller)?.title == "Off" }, "the first render")
            XCTAssertTrue(controller.selectComponent(with: try XCTUnwrap(model("b", in: controller)), customData: nil))
            pump(until: { self.model("b", in: controller)?.title == "On" }, "the toggle after the unknown type ran")
        }
    }

    func testEachActionOfATargetSeesTheViewAsItIsWhenItRuns() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            var seen: [String] = []
            try harness.hub.actionRegistry.registerActionFactory(BlockActionFactory { name in
                switch name {
                case "advance": return BlockAction { context in
                    // Declines the selection, having changed what the view shows.
                    _ = context.viewState?.setValue(.integer(1), for: "step")
                    return false
                }
                case "look": return BlockAction { context in
                    seen.append(context.viewModel.bodyComponentModels.first?.title ?? "")
                    return true
                }
                default: return nil
                }
            }, forNamespace: "probe")
            let controller = try open(#"""
                {"state": {"step": 0},
                 "body": [
                   {"id": "label", "component": {"id": "test:row"}, "text": {"title": "Step @{step}"}},
                   {"id": "go", "component": {"id": "test:row"}, "text": {"title": "Go"},
                    "target": {"actions": ["probe:advance", "probe:look"]}}]}
                """#, in: harness)
            pump(until: { self.model("label", in: controller)?.title == "Step 0" && !controller.isLoading }, "the first render")
            pump(for: 0.2)  // the view settles at its width
            XCTAssertTrue(controller.selectComponent(with: try XCTUnwrap(model("go", in: controller)), customData: nil))
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.first?.title, "Step 1",
                           "the first action's change was rendered before the second ran")
            XCTAssertEqual(seen, ["Step 1"], "the second action is given the view model shown when it runs")
        }
    }

    func testASelectionWhoseDocumentActionsRanIsToldWhileTheViewShowsNothing() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"count": 0},
                 "body": [{"id": "add", "component": {"id": "test:row"}, "text": {"title": "Count @{count}"},
                           "target": {"actions": [{"type": "set", "variable": "count", "value": "@{count + 1}"}]}}]}
                """#, in: harness)
            pump(until: { self.model("add", in: controller)?.title == "Count 0" && !controller.isLoading }, "the first render")
            let add = try XCTUnwrap(model("add", in: controller))
            controller.viewDidDisappear()
            controller.discardContent()
            XCTAssertNil(controller.viewModel, "the content was discarded")
            XCTAssertTrue(controller.selectComponent(with: add, customData: nil), "the document's action ran")
            XCTAssertEqual(controller.state.value(of: "count"), .integer(1))
            XCTAssertEqual(harness.delegate.selected, ["add"], "the delegate hears of the selection the actions handled")
        }
    }
}

/// The custom data a registered action received, in order.
@MainActor
private final class ReceivedActions {
    var data: [JSONObject] = []
}
