@testable import HubFramework
import XCTest

/// Issue 34: what a template's use builds is counted before it is built (`TemplateBudget`). A text
/// built from a large value many times, a template whose levels each use the previous one twice,
/// templates in a view inside a target, and long chains of templates end with a located problem,
/// in bounded time and memory, instead of aborting the viewer or holding it for half a minute.
final class TemplateBudgetTests: XCTestCase {
    private func schema() -> JSONSchema {
        JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                   iconImageResolver: nil)
    }

    /// Reads `json` as a viewer would (one pass, falling back to the tree), and returns the view, the
    /// problems as text and the seconds it took.
    private func read(_ json: String, limits: ContentLimits = .default) throws -> (ViewModel, [String], TimeInterval) {
        let builder = schema().makeViewModelBuilder()
        let start = Date()
        let problems = try builder.addJSON(data: Data(json.utf8), limits: limits)
        let view = builder.build()
        return (view, problems.map(\.description), Date().timeIntervalSince(start))
    }

    private static let budgetProblem = ComponentTemplates.budgetMessage

    /// Every component of `models`, their children's included.
    private static func count(_ models: some Collection<ComponentModel>) -> Int {
        models.reduce(models.count) { $0 + count($1.children) }
    }

    /// Peak resident memory of this process since `resetPeak()`, in bytes (Linux: VmHWM).
    private static var peakBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }

    private static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        try? handle.write(contentsOf: Data("5".utf8))
        try? handle.close()
    }

    // MARK: Text built from values

    /// Case 4 of the issue: a 1 MB document whose template builds a text from a 1 MB value 3,000
    /// times. It used to build the 2.9 GiB text and cut it to 4 KiB afterwards (the viewer aborted
    /// with "failed to allocate 4110417856 bytes"); the text is now measured from its pieces, found
    /// larger than the budget, and not built.
    func testATextBuiltFromALargeValueIsMeasuredBeforeItIsBuilt() throws {
        let value = String(repeating: "x", count: 1 << 20)
        let placeholders = String(repeating: "{v}", count: 3_000)
        let json = #"{"templates": {"t": {"text": {"$title": "\#(placeholders)"}}, "short": {"text": {"$title": "{w}"}}}, "#
            + #""body": [{"id": "before", "text": {"title": "Before"}}, {"template": "t", "id": "a", "v": "\#(value)"}, "#
            + #"{"template": "short", "id": "b", "w": "fits, but comes after"}, {"id": "after"}]}"#
        Self.resetPeak()
        let before = Self.peakBytes
        let (view, problems, seconds) = try read(json)
        let grown = Self.peakBytes - before
        XCTAssertEqual(problems, [#"body[1]: the text for text.title in template "t" would be 2.9 GiB long; "# + Self.budgetProblem])
        XCTAssertEqual(view.bodyComponentModels.map(\.identifier), ["before", "after"])
        XCTAssertLessThan(seconds, 2 * Sanitizer.slowdown, "nothing is built")
        XCTAssertLessThan(grown, 300 << 20, "the text is not built: the peak resident set grew by \(grown >> 20) MB")
        // Into a free-form object, where no text limit applies, the same.
        let (blobView, blobProblems, _) = try read(#"{"templates": {"blob": {"custom": {"$blob": "\#(placeholders)"}}}, "#
            + #""body": [{"template": "blob", "id": "a", "v": "\#(value)"}]}"#)
        XCTAssertEqual(blobProblems, [#"body[0]: the text for custom.blob in template "blob" would be 2.9 GiB long; "# + Self.budgetProblem])
        XCTAssertEqual(blobView.bodyComponentModels.count, 0)
    }

    func testTextsBuiltFromValuesCountAgainstTheBudget() throws {
        // Each row builds 40 KiB into its custom data from a value of 1 KiB: the rows fit in the
        // budget (4 Mi units, plus 8 a byte) up to about a hundred, and the one that does not is
        // reported where it is. A text within the budget is built whole, then cut where it is shown.
        let value = String(repeating: "y", count: 1 << 10)
        let rows = (0..<200).map { #"{"template": "t", "id": "r\#($0)", "v": "\#(value)"}"# }.joined(separator: ",")
        let json = #"{"templates": {"t": {"custom": {"$blob": "\#(String(repeating: "{v}", count: 40))"}, "#
            + #""text": {"$title": "{v}{v}{v}{v}{v}"}}}, "body": [\#(rows)]}"#
        let (view, problems, _) = try read(json)
        let budget = ComponentTemplates.budget(limits: .default, documentBytes: json.utf8.count)
        let perRow = 45 << 10 + 5 * TemplateBudget.valueCost  // the texts, and the template's 5 values
        let fitting = budget / perRow
        XCTAssertEqual(view.bodyComponentModels.count, fitting)
        // The texts of that row would not fit any more: said so, at the row, naming the longest.
        XCTAssertEqual(problems.filter { $0.hasSuffix(Self.budgetProblem) },
                       [#"body[\#(fitting)]: the text for custom.blob in template "t" would be 40 KiB long; "# + Self.budgetProblem])
        XCTAssertEqual(view.bodyComponentModels.first?.customData?["blob"]?.stringValue?.utf8.count, 40 << 10)
        XCTAssertLessThanOrEqual(view.bodyComponentModels.first?.title?.utf8.count ?? .max, ContentLimits.default.maximumTextLength)
    }

    // MARK: Templates that multiply

    /// t0 … t20, each level using the previous one twice: a use of t20 makes two million components.
    private static let exponential: String = {
        var templates = [#""t0": {"text": {"title": "leaf"}}"#]
        for level in 1...20 {
            templates.append(#""t\#(level)": {"children": [{"template": "t\#(level - 1)"}, {"template": "t\#(level - 1)"}]}"#)
        }
        return templates.joined(separator: ", ")
    }()

    /// Case 6 of the issue: 1.2 MB of uses of an exponential template showed the view after 34 s at
    /// 2.38 GB. What a use costs in full is known from the templates without expanding them: the
    /// first use is refused before anything is built.
    func testAnExponentialTemplateIsRefusedAtItsFirstUse() throws {
        let uses = (0..<40_000).map { #"{"template": "t20", "id": "r\#($0)"}"# }.joined(separator: ",")
        let json = #"{"templates": {\#(Self.exponential)}, "body": [\#(uses), {"id": "plain"}]}"#
        XCTAssertGreaterThan(json.utf8.count, 1_200_000)
        let (view, problems, seconds) = try read(json)
        XCTAssertEqual(problems, ["body[0]: " + Self.budgetProblem])
        XCTAssertEqual(view.bodyComponentModels.map(\.identifier), ["plain"])
        XCTAssertLessThan(seconds, 3 * Sanitizer.slowdown, "refused before anything is built")
    }

    func testTheWorstUseOfAnExponentialTemplateStaysWithinTheBudget() throws {
        // The largest uses that fit, one of each size, then many small ones: what is made stays
        // within what the budget allows for the document's size, in bounded time.
        let uses = (0...14).reversed().map { #"{"template": "t\#($0)", "id": "g\#($0)"}"# }
            + (0..<40_000).map { #"{"template": "t1", "id": "r\#($0)"}"# }
        let json = #"{"templates": {\#(Self.exponential)}, "body": [\#(uses.joined(separator: ","))]}"#
        let budget = ComponentTemplates.budget(limits: .default, documentBytes: json.utf8.count)
        let (view, problems, seconds) = try read(json)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasSuffix(Self.budgetProblem) == true, "\(problems)")
        let made = Self.count(view.bodyComponentModels) - view.bodyComponentModels.count
        XCTAssertLessThanOrEqual(made * TemplateBudget.componentCost, budget)
        XCTAssertGreaterThan(made, 10_000, "the uses that fit are expanded")
        XCTAssertLessThan(seconds, 5 * Sanitizer.slowdown, "about half a second in a release build")
    }

    func testAViewInATargetSharesItsDocumentsBudget() throws {
        // Templates declared in a target's view used to start a budget of their own (40 million
        // values) at every use of the component holding it.
        let json = #"{"templates": {"holder": {"target": {"view": {"templates": {\#(Self.exponential)}, "#
            + #""body": [{"template": "t17"}]}}}}, "#
            + #""body": [{"template": "holder", "id": "a"}, {"template": "holder", "id": "b"}]}"#
        let (view, problems, seconds) = try read(json)
        XCTAssertEqual(problems, ["body[0].target.view.body[0]: " + Self.budgetProblem])
        XCTAssertEqual(view.bodyComponentModels.map(\.identifier), ["a"])
        let nested = view.bodyComponentModels.first?.target?.initialViewModel
        XCTAssertEqual(nested?.bodyComponentModels.count, 0)
        XCTAssertLessThan(seconds, 3 * Sanitizer.slowdown)
    }

    func testComponentsATemplateMakesAreCharged() throws {
        // Children that a template makes, literal or from values given twice, cost what applying
        // them costs: a value used as children in two places of a template that is used inside
        // itself through the document doubles at every level.
        let json = #"{"templates": {"twice": {"children": [{"$children": "items"}, {"$children": "items"}]}}, "#
            + #""body": [\#(String(repeating: #"{"template": "twice", "items": ["#, count: 40))"#
            + #"{"id": "leaf"}\#(String(repeating: "]}", count: 40))]}"#
        let (view, problems, seconds) = try read(json)
        XCTAssertEqual(problems.filter { $0.hasSuffix(Self.budgetProblem) }.count, 1, "\(problems.prefix(3))")
        let budget = ComponentTemplates.budget(limits: .default, documentBytes: json.utf8.count)
        XCTAssertLessThanOrEqual(Self.count(view.bodyComponentModels) * TemplateBudget.componentCost, budget)
        XCTAssertLessThan(seconds, 5 * Sanitizer.slowdown)
    }

    // MARK: Chains of templates

    func testALongChainOfBasesIsReportedNotFollowed() throws {
        // 100,000 templates, each starting from the previous one, overflowed the stack while they
        // were merged (the process ended with SIGSEGV).
        var templates = [#""t0": {"text": {"title": "leaf"}}"#]
        for level in 1..<100_000 { templates.append(#""t\#(level)": {"template": "t\#(level - 1)"}"#) }
        let json = #"{"templates": {\#(templates.joined(separator: ","))}, "#
            + #""body": [{"template": "t99999", "id": "deep"}, {"template": "t32", "id": "fine"}]}"#
        let (view, problems, _) = try read(json)
        XCTAssertEqual(problems, [
            "templates.t33.template: a template may start from at most 32 others, one from the other; this one and "
                + "those that start from it cannot be used",
            #"body[0].template: template "t99999" cannot be used: it starts from more than 32 templates, one from the other"#,
        ])
        XCTAssertEqual(view.bodyComponentModels.map(\.identifier), ["fine"])
        XCTAssertEqual(view.bodyComponentModels.map(\.title), ["leaf"])
    }

    func testALongChainOfChildrenIsCountedWithoutRecursion() throws {
        // 100,000 templates, each with a child using the previous one: their cost is summed without
        // recursion, and the use is expanded down to the nesting limit.
        var templates = [#""t0": {"text": {"title": "leaf"}}"#]
        for level in 1..<100_000 { templates.append(#""t\#(level)": {"children": [{"template": "t\#(level - 1)"}]}"#) }
        let json = #"{"templates": {\#(templates.joined(separator: ","))}, "body": [{"template": "t99999", "id": "deep"}]}"#
        let (view, problems, _) = try read(json)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasSuffix("components are nested deeper than 256 levels; this one was ignored") == true,
                      "\(problems)")
        XCTAssertEqual(Self.count(view.bodyComponentModels), JSONSchema.maximumComponentDepth)
    }
}
