import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Documents with state that try to hold the window: a button whose actions set what its own
/// actions, texts and visibility read (an action storm, pressed again and again), and a view whose
/// expressions take far more than the main thread's share. The main loop stays responsive, the
/// actions stop at their limit with a report, and the state stays whole.
final class ViewControllerHostileStateTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func open(_ json: String, in harness: ViewControllerHarness) throws -> ViewController {
        try harness.open(width: 400, height: 600) { builder in
            XCTAssertEqual(try? builder.addJSON(data: Data(json.utf8)), [])
        }
    }

    @MainActor
    private func model(_ identifier: String, in controller: ViewController) throws -> ComponentModel {
        try XCTUnwrap(controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }, identifier)
    }

    /// A button whose 1,000 actions (601 increments, then an `if` over 398 appends) set the variable
    /// that the button's own title, its visibility, its actions' condition and a row that flips with
    /// each press read. Pressed 30 times: each press runs its 1,000 actions and stops there, with one
    /// report, and renders once; the count is what the actions that ran made it.
    func testAnActionStormStopsAtItsLimitAndTheWindowStaysLive() throws {
        let increment = #"{"type": "set", "variable": "count", "value": "@{count + 1}"}"#
        let append = #"{"type": "append", "variable": "log", "value": "@{count}"}"#
        let actions = Array(repeating: increment, count: 601)
            + [#"{"type": "if", "condition": "@{count > 0}", "then": [\#(Array(repeating: append, count: 600).joined(separator: ","))]}"#]
        let rows = (0..<200).map { #"{"id": "r\#($0)", "text": {"title": "@{toString(count + \#($0))}"}}"# }.joined(separator: ",")
        let json = #"""
            {"state": {"count": 0, "log": []}, "body": [
              {"id": "button", "text": {"title": "Pressed @{count}"}, "visible": "@{count >= 0}",
               "target": {"actions": [\#(actions.joined(separator: ","))]}},
              {"id": "flip", "text": {"title": "odd"}, "visible": "@{count % 2 == 1}"},
              \#(rows)]}
            """#
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(json, in: harness)
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title == "Pressed 0" }, "the view")
            var longest = 0.0
            for press in 1...30 {
                let started = ProcessInfo.processInfo.systemUptime
                XCTAssertTrue(controller.selectComponent(with: try model("button", in: controller)))
                longest = max(longest, ProcessInfo.processInfo.systemUptime - started)
                longest = max(longest, pumpMeasuringStalls(
                    until: { controller.viewModel?.bodyComponentModels.first?.title == "Pressed \(601 * press)" },
                    "press \(press) to show"))
                // The row reads the parity of the count: it shows after every odd press.
                XCTAssertEqual(controller.viewModel?.bodyComponentModels.contains { $0.identifier == "flip" }, press % 2 == 1)
            }
            print("an action storm: longest main-loop turn \(Int(longest * 1000)) ms")
            XCTAssertLessThan(longest, Self.mainLoopStallBound * 2, "the main loop stalled for \(Int(longest * 1000)) ms")
            XCTAssertEqual(controller.state.value(of: "count"), .integer(601 * 30))
            guard case .array(let log)? = controller.state.value(of: "log") else { return XCTFail("log is an array") }
            XCTAssertEqual(log.count, 398 * 30, "the actions before the limit ran, each whole")
            XCTAssertEqual(log.last, .number(Double(601 * 30)))
            XCTAssertEqual(controller.loggedActionProblems,
                           ["test:view: button: more than 1000 actions ran for one event (the limit maximumActionSteps); "
                            + "the rest were not run"], "reported once, however often the button is pressed")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.last?.title, "\(601 * 30 + 199)")
        }
    }

    /// 400 rows whose visibility takes some 4,000 steps each: 1.6 million steps, a third of a second
    /// of main thread in a debug build at every change. The view evaluates them off the main thread.
    func testAViewWhoseExpressionsTakeTooLongIsEvaluatedOffTheMainThread() throws {
        let visible = "@{" + Array(repeating: "c", count: 4_000).joined(separator: "+") + " >= 0}"
        let rows = (0..<400).map { #"{"id": "r\#($0)", "text": {"title": "row \#($0)"}, "visible": "\#(visible)"}"# }
        let json = #"""
            {"state": {"c": 0}, "body": [
              {"id": "button", "text": {"title": "Pressed @{c}"},
               "target": {"actions": [{"type": "set", "variable": "c", "value": "@{c + 1}"}]}},
              \#(rows.joined(separator: ","))]}
            """#
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(json, in: harness)
            var longest = pumpMeasuringStalls(until: { controller.viewModel?.bodyComponentModels.count == 401 }, timeout: 60,
                                              "every row")
            let started = ProcessInfo.processInfo.systemUptime
            XCTAssertTrue(controller.selectComponent(with: try model("button", in: controller)))
            longest = max(longest, ProcessInfo.processInfo.systemUptime - started)
            longest = max(longest, pumpMeasuringStalls(
                until: { controller.viewModel?.bodyComponentModels.first?.title == "Pressed 1" }, timeout: 60,
                "the press to show"))
            print("a view of long expressions: longest main-loop turn \(Int(longest * 1000)) ms")
            XCTAssertLessThan(longest, Self.mainLoopStallBound, "the main loop stalled for \(Int(longest * 1000)) ms")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 401)
        }
    }

    /// Visibilities that change with every evaluation: by the clock's milliseconds, by the parity of
    /// a count, by the width class (which the scroll bar could change if it came and went with the
    /// content). Nothing an evaluation shows makes the view evaluate again: after it has settled, the
    /// view is not updated again until something changes.
    func testAVisibilityThatFlipsWithEveryEvaluationDoesNotLoop() throws {
        let rows = (0..<100).map { #"{"id": "r\#($0)", "text": {"title": "row \#($0)"}, "visible": "@{getMillis(nowLocal()) % 2 == \#($0 % 2)}"}"# }
        let json = #"""
            {"state": {"count": 0}, "body": [
              {"id": "button", "text": {"title": "Pressed @{count}"},
               "target": {"actions": [{"type": "set", "variable": "count", "value": "@{count + 1}"}]}},
              {"id": "odd", "text": {"title": "odd"}, "visible": "@{count % 2 == 1}"},
              {"id": "wide", "component": {"id": "default:label"}, "text": {"title": "tall\ntall\ntall\ntall\ntall\ntall"},
               "visible": "@{env.widthClass == 'compact'}"},
              \#(rows.joined(separator: ","))]}
            """#
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(json, in: harness)
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title == "Pressed 0" }, "the view")
            pump(for: 0.5)
            let settled = harness.delegate.updates
            pump(for: 1)
            XCTAssertEqual(harness.delegate.updates, settled, "nothing changed, nothing was shown again")
            for press in 1...3 {
                XCTAssertTrue(controller.selectComponent(with: try model("button", in: controller)))
                pump(until: { controller.viewModel?.bodyComponentModels.first?.title == "Pressed \(press)" }, "press \(press)")
                XCTAssertEqual(controller.viewModel?.bodyComponentModels.contains { $0.identifier == "odd" }, press % 2 == 1)
            }
            pump(for: 0.3)
            let afterPresses = harness.delegate.updates
            XCTAssertLessThanOrEqual(afterPresses - settled, 3, "one update a press")
            pump(for: 1)
            XCTAssertEqual(harness.delegate.updates, afterPresses)
        }
    }
}
