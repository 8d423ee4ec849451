import Foundation
import XCTest
@testable import HubFramework

/// The limits of documents that respond (``ContentLimits``), each passed by a hostile document: a
/// located problem where the document is read, or a failure reported where it happens, in bounded
/// time and memory, and the state whole.
final class StateLimitsTests: XCTestCase, @unchecked Sendable {
    private func read(_ json: String, limits: ContentLimits = .default) throws -> (ViewModel, [String]) {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8), limits: limits)
        return (builder.build(), problems.map(\.description))
    }

    private func repeated(_ element: String, _ count: Int) -> String {
        Array(repeating: element, count: count).joined(separator: ",")
    }

    /// A state ready for `view`'s actions, and an interpreter that records what it reports.
    @MainActor
    private func interpreter(for view: ViewModel, limits: ContentLimits = .default)
        -> (ViewState, ActionInterpreter, () -> [String])
    {
        let state = ViewState()
        state.adopt(view.stateDeclarations, components: view.componentStateDeclarations)
        final class Reports { var lines: [String] = [] }
        let reports = Reports()
        let interpreter = ActionInterpreter(state: state, limits: limits, perform: { _ in true },
                                            report: { reports.lines.append($0) })
        return (state, interpreter, { reports.lines })
    }

    // MARK: Read time

    func testAListOfTooManyActionsIsALocatedProblem() throws {
        let set = #"{"type": "set", "variable": "n", "value": "@{n + 1}"}"#
        let (view, problems) = try read(#"""
            {"state": {"n": 0}, "body": [{"id": "b", "target": {"actions": [\#(repeated(set, 1_001))]}},
              {"id": "c", "target": {"actions": [{"type": "if", "condition": true, "then": [\#(repeated(set, 1_005))]}]}}]}
            """#)
        XCTAssertEqual(problems, [
            "body[0].target.actions[1000]: this list has 1001 actions, more than 1000 (the limit maximumActionsPerList); "
                + "this one and those after it were ignored",
            "body[1].target.actions[0].then[1000]: this list has 1005 actions, more than 1000 (the limit "
                + "maximumActionsPerList); this one and those after it were ignored",
        ])
        XCTAssertEqual(view.bodyComponentModels[0].bindings?.actions?.count, 1_000)
        guard case .program(.condition(_, let then, _))? = view.bodyComponentModels[1].bindings?.actions?.first else {
            return XCTFail("the if was compiled")
        }
        XCTAssertEqual(then.count, 1_000)
    }

    func testActionsNestedTooDeepAreALocatedProblem() throws {
        // 17 levels of if, then 17 of submit: the 17th of each is ignored where it is.
        var ifs = #"{"type": "toggle", "variable": "on"}"#
        for _ in 0..<17 { ifs = #"{"type": "if", "condition": "@{on}", "then": [\#(ifs)]}"# }
        var submits = #"{"type": "toggle", "variable": "on"}"#
        for _ in 0..<17 { submits = #"{"type": "submit", "form": "f", "then": [\#(submits)]}"# }
        let (_, problems) = try read(#"""
            {"state": {"on": false}, "body": [{"id": "a", "target": {"actions": [\#(ifs)]}},
                                              {"id": "b", "target": {"actions": [\#(submits)]}}]}
            """#)
        let deepest = (0..<16).map { _ in ".then[0]" }.joined()
        XCTAssertEqual(problems, [
            "body[0].target.actions[0]\(deepest): actions are nested deeper than 16 lists here (the limit "
                + "maximumActionNesting); this if was ignored",
            "body[1].target.actions[0]\(deepest): actions are nested deeper than 16 lists here (the limit "
                + "maximumActionNesting); this submit was ignored",
        ])
    }

    func testVariablesOverTheLimitAreALocatedProblemInEveryScope() throws {
        let variables = (0..<1_002).map { #""v\#(String(format: "%04d", $0))": \#($0)"# }.joined(separator: ",")
        let (view, problems) = try read(#"""
            {"state": {\#(variables)}, "body": [{"id": "a", "state": {\#(variables)}, "text": {"title": "@{toString(v0999)}"}}]}
            """#)
        XCTAssertEqual(problems, [
            "state.v1000: more than 1000 variables are declared here (the limit maximumStateVariables); \"v1000\" and "
                + "the rest were ignored",
            "body[0].state.v1000: more than 1000 variables are declared here (the limit maximumStateVariables); "
                + "\"v1000\" and the rest were ignored",
        ])
        XCTAssertEqual(view.stateDeclarations.variables.count, 1_000)
    }

    /// Each part of a view may declare variables; together they stay within the limit (the
    /// declarations are searched one by one: a million of them from a thousand pages would take
    /// minutes to read).
    func testThePartsOfAViewShareTheLimitOfVariables() throws {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        var problems: [String] = []
        for page in 0..<3 {
            let variables = (0..<400).map { #""p\#(page)v\#($0)": 0"# }.joined(separator: ",")
            problems += try builder.addJSON(data: Data(#"{"state": {\#(variables)}, "body": []}"#.utf8)).map(\.description)
        }
        XCTAssertEqual(builder.build().stateDeclarations.variables.count, 1_000)
        // The names are read in key order: the 201st of the third part is the 1,001st.
        let first = (0..<400).map { "p2v\($0)" }.sorted()[200]
        XCTAssertEqual(problems, ["state.\(first): more than 1000 variables are declared for this view (the limit "
            + "maximumStateVariables); \"\(first)\" and the rest were ignored"])
    }

    // MARK: Events

    func testAnEventStopsAfterMaximumActionSteps() throws {
        try MainActor.assumeIsolated {
            let add = #"{"type": "set", "variable": "n", "value": "@{n + 1}"}"#
            let branch = #"{"type": "if", "condition": true, "then": [\#(repeated(add, 600))]}"#
            let (view, problems) = try read(#"{"state": {"n": 0}, "body": [{"id": "b", "target": {"actions": [\#(branch), \#(branch)]}}]}"#)
            XCTAssertEqual(problems, [])
            let (state, interpreter, reports) = interpreter(for: view)
            var changes = 0
            state.onChange = { _ in changes += 1 }
            XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)
            // 1 + 600 + 1 + 397: the thousandth action was the last.
            XCTAssertEqual(state.value(of: "n"), .integer(998))
            XCTAssertEqual(reports(), ["more than 1000 actions ran for one event (the limit maximumActionSteps); the rest were not run"])
            XCTAssertEqual(changes, 1, "what ran before the limit is kept, rendered once")
            // The next event starts afresh.
            XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)
            XCTAssertEqual(state.value(of: "n"), .integer(1_996))
        }
    }

    /// `set s = s + s`, pressed again and again, stops at the size an expression may build; an
    /// array it is appended to stops at the size a variable may hold.
    func testDoublingStopsAtTheValueLimits() throws {
        try MainActor.assumeIsolated {
            let double = #"{"type": "set", "variable": "s", "value": "@{s + s}"}"#
            let keep = #"{"type": "append", "variable": "kept", "value": "@{s}"}"#
            let (view, problems) = try read(#"""
                {"state": {"s": "x", "kept": []}, "body": [{"id": "b", "target": {"actions": [\#(repeated(double, 10)), \#(keep)]}}]}
                """#)
            XCTAssertEqual(problems, [])
            let (state, interpreter, reports) = interpreter(for: view)
            for _ in 0..<4 { _ = interpreter.runTargetActions(of: view.bodyComponentModels[0]) }
            guard case .string(let text)? = state.value(of: "s") else { return XCTFail("s is a string") }
            XCTAssertEqual(text.utf8.count, 65_536, "the largest string an expression may build")
            XCTAssertTrue(reports().contains("The result would be 131072 bytes long, more than the 65536 an expression may build."),
                          reports().joined(separator: "\n"))
            for _ in 0..<20 { _ = interpreter.runTargetActions(of: view.bodyComponentModels[0]) }
            guard case .array(let kept)? = state.value(of: "kept") else { return XCTFail("kept is an array") }
            XCTAssertEqual(kept.count, 16, "a copy of 1 KiB, then 15 of 64 KiB fit in a megabyte, 16 do not")
            XCTAssertTrue(reports().contains("\"kept\" would hold more than 1 MiB (the limit maximumStateValueBytes); it was not changed"),
                          reports().joined(separator: "\n"))
        }
    }

    /// Measuring a large value before setting it is work: an event that sets a large array a
    /// thousand times stops when the work of one event is done, instead of measuring a gigabyte.
    func testAnEventThatSetsALargeValueOverAndOverStopsAtItsBudget() throws {
        try MainActor.assumeIsolated {
            let swap = #"{"type": "set", "variable": "items", "value": "@{others}"}, {"type": "set", "variable": "others", "value": "@{items}"}"#
            let (view, problems) = try read(#"""
                {"state": {"items": [\#(repeated("0", 200_000))], "others": [\#(repeated("1", 200_000))]},
                 "body": [{"id": "b", "target": {"actions": [\#(repeated(swap, 150))]}}]}
                """#)
            XCTAssertEqual(problems, [])
            let (state, interpreter, reports) = interpreter(for: view)
            let started = Date()
            XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2 * Sanitizer.slowdown, "seconds at most, in a debug build")
            // Each measure takes 200,000 values and 400 KB: four fit in a million steps.
            XCTAssertEqual(state.value(of: "items")?.jsonValue.arrayValue?.first, 1)
            XCTAssertEqual(state.value(of: "others")?.jsonValue.arrayValue?.first, 1)
            XCTAssertEqual(reports(), ["the actions of one event took more than 1000000 steps of their expressions and value "
                + "checks (the limit maximumActionEvaluationSteps); the rest were not run"])
        }
    }

    /// Appending to a large array measures the element, not the whole array again.
    func testAppendingToALargeArrayMeasuresItOncePerEvent() throws {
        try MainActor.assumeIsolated {
            let append = #"{"type": "append", "variable": "items", "value": "@{n}"}, {"type": "set", "variable": "n", "value": "@{n + 1}"}"#
            let (view, problems) = try read(#"""
                {"state": {"n": 1, "items": [\#(repeated("0", 200_000))]},
                 "body": [{"id": "b", "target": {"actions": [\#(repeated(append, 200))]}}]}
                """#)
            XCTAssertEqual(problems, [])
            let (state, interpreter, reports) = interpreter(for: view)
            let started = Date()
            XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)
            XCTAssertEqual(interpreter.runTargetActions(of: view.bodyComponentModels[0]), true)
            let items = try XCTUnwrap(state.value(of: "items")?.jsonValue.arrayValue)
            XCTAssertEqual(items.count, 200_400)
            XCTAssertEqual(items.last, 400)
            XCTAssertEqual(reports(), [])
            XCTAssertLessThan(Date().timeIntervalSince(started), 2 * Sanitizer.slowdown, "two measures of the array, in a debug build")
        }
    }

    // MARK: Evaluating a view

    /// 500 rows whose `custom` data holds 20 `"@{s + s}"` each held 640 MB, built from a 130 KB
    /// document; the view's evaluation now keeps at most its limit of text.
    func testTheExpressionsOfAViewShareALimitOfText() throws {
        let s = String(repeating: "x", count: 32_000)
        let rows = (0..<500).map { #"{"id": "r\#($0)", "text": {"title": "@{t}"}, "custom": {"a": [\#(repeated(#""@{s + s}""#, 20))]}}"# }
        let (source, problems) = try read(#"{"state": {"t": "row", "s": "\#(s)"}, "body": [\#(rows.joined(separator: ","))]}"#)
        XCTAssertEqual(problems, [])
        var snapshot = StateSnapshot()
        snapshot.view = ["t": .string("row"), "s": .string(s)]
        let evaluation = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot)
        let failures = evaluation.failures.map(\.description)
        var total = 0
        for model in evaluation.viewModel.bodyComponentModels {
            for case .string(let text) in model.customData?["a"]?.arrayValue ?? [] { total += text.utf8.count }
        }
        XCTAssertLessThanOrEqual(total, 64 << 20)
        XCTAssertGreaterThan(total, (64 << 20) - 128_000)
        XCTAssertEqual(failures.count, 1, failures.joined(separator: "\n"))
        XCTAssertTrue(failures.first?.hasPrefix("body[") == true, failures.joined(separator: "\n"))
        XCTAssertTrue(failures.first?.hasSuffix("].custom: the view's expressions together gave more than 64 MiB "
            + "of text (the limit maximumViewEvaluationBytes); this one and those after it were not evaluated and show empty")
            == true, failures.joined(separator: "\n"))
        XCTAssertEqual(evaluation.viewModel.bodyComponentModels.last?.customData?["a"]?.arrayValue?.first, .string(""))
    }

    /// Every component's expressions may take their own budget of steps; together they take no more
    /// than the view's.
    func testTheExpressionsOfAViewShareALimitOfSteps() throws {
        let visible = "@{" + Array(repeating: "a", count: 500).joined(separator: "+") + " > 0}"
        let rows = (0..<100).map { #"{"id": "r\#($0)", "text": {"title": "row"}, "visible": "\#(visible)"}"# }
        let (source, problems) = try read(#"{"state": {"a": 1}, "body": [\#(rows.joined(separator: ","))]}"#)
        XCTAssertEqual(problems, [])
        var limits = ContentLimits.default
        limits.maximumViewEvaluationSteps = 30_000
        var snapshot = StateSnapshot()
        snapshot.view = ["a": .integer(1)]
        let evaluator = ViewStateEvaluator(limits: limits)
        let memo = StateEvaluationMemo()
        let evaluation = evaluator.evaluate(source, with: snapshot, memo: memo)
        // Each visible takes some 500 steps: about 60 fit in 30,000, and the next one says so.
        let shown = evaluation.viewModel.bodyComponentModels.count
        XCTAssertTrue((55...60).contains(shown), "\(shown)")
        XCTAssertFalse(evaluation.isIncomplete)
        XCTAssertEqual(evaluation.failures.map(\.description), ["body[\(shown)].visible: the view's expressions together took more than "
            + "30000 steps (the limit maximumViewEvaluationSteps); this one and those after it were not evaluated and show empty"])
        // What was not evaluated is not kept: with the limit raised, a change that reaches nothing
        // still shows every row.
        limits.maximumViewEvaluationSteps = 100_000
        let again = ViewStateEvaluator(limits: limits).evaluate(source, with: snapshot, memo: memo, change: .none)
        XCTAssertEqual(again.viewModel.bodyComponentModels.count, 100)
        XCTAssertEqual(again.failures.map(\.description), [])
        // The main thread's share: the evaluation stops, reports nothing, and says it is incomplete.
        let share = ViewStateEvaluator(limits: limits).evaluate(source, with: snapshot, memo: StateEvaluationMemo(),
                                                                stepLimit: 10_000)
        XCTAssertTrue(share.isIncomplete)
        XCTAssertEqual(share.failures.map(\.description), [])
    }

    /// A document gives an input's pattern and may give its text (the variable's initial value): a
    /// pattern of a thousand `.*` matched against 20,000 characters took seconds, uncounted, at
    /// every evaluation. Matching is charged to the view's budget for the states it visits.
    func testAPatternValidatorIsChargedForItsWork() throws {
        let (source, problems) = try read(#"""
            {"state": {"s": "\#(String(repeating: "a", count: 20_000))"}, "body": [
              {"id": "field", "input": {"variable": "s", "validators": [{"pattern": "(.*){1000}", "message": "too long"}]}},
              {"id": "after", "text": {"title": "@{toString(len(s))}"}}]}
            """#)
        XCTAssertEqual(problems, [])
        var limits = ContentLimits.default
        limits.maximumViewEvaluationSteps = 100_000
        var snapshot = StateSnapshot()
        snapshot.view = ["s": .string(String(repeating: "a", count: 20_000))]
        let started = Date()
        let evaluation = ViewStateEvaluator(limits: limits).evaluate(source, with: snapshot)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5 * Sanitizer.slowdown, "a share of a second, not seconds")
        XCTAssertEqual(evaluation.viewModel.bodyComponentModels.first?.input?.isValid, false)
        XCTAssertEqual(evaluation.failures.map(\.description), ["body[0].input.validators: the view's expressions together "
            + "took more than 100000 steps (the limit maximumViewEvaluationSteps); this one and those after it were not "
            + "evaluated and show empty"])
        // An ordinary pattern on an ordinary text costs a few steps.
        snapshot.view = ["s": .string("aaaa")]
        let ordinary = ViewStateEvaluator(limits: limits).evaluate(source, with: snapshot)
        XCTAssertEqual(ordinary.viewModel.bodyComponentModels.first?.input?.isValid, true)
        XCTAssertEqual(ordinary.viewModel.bodyComponentModels.last?.title, "4")
        XCTAssertEqual(ordinary.failures.map(\.description), [])
    }
}
