import Foundation
import HubFramework

// The core of filtering at the speed of typing (issue #36, goal 7), without a window: what a
// keystroke costs before anything is drawn. A view of N rows "Item 1" … "Item N", each with
// `visible` set to `@{contains(toLowerCase(title), toLowerCase(query))}`, is read once; then each
// prefix of the query ("9", "99") is applied to it as the view's state (ViewStateEvaluator, what
// the view controller runs off the main thread), and the body of the result is diffed against the
// previous one (what the render applies). The filter section measures the same keystrokes end to
// end in a window, beside the GtkTreeModelFilter peer.
//
// Knobs: `HUB_STATE_BENCH_SIZES` (comma-separated row counts; 100000,1000000 by default).

func stateBenchmarks() -> BenchSection {
    StateBench.run()
}

enum StateBench {
    static let sizesVariable = "HUB_STATE_BENCH_SIZES"

    static var sizes: [Int] {
        let text = ProcessInfo.processInfo.environment[sizesVariable] ?? ""
        let sizes = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
        return sizes.isEmpty ? FilterBench.defaultSizes : sizes
    }

    static func run() -> BenchSection {
        var rows: [BenchRow] = []
        for size in sizes {
            rows += measure(rows: size)
        }
        return BenchSection(title: "Applying a view's state: filtering N rows by a query, without a window "
                                + "(ViewStateEvaluator, then the body's diff; medians of 5)", rows: rows)
    }

    private static func measure(rows count: Int) -> [BenchRow] {
        let label = "\(count.formatted()) rows"
        let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                 iconImageResolver: nil).makeViewModelBuilder()
        var readTime = 0.0
        let read = Bench.median(iterations: 1, warmUp: false) {
            _ = try? builder.addJSON(data: FilterRowsDocument.make(count: count))
        }
        readTime = read
        let source = builder.build()
        let evaluator = ViewStateEvaluator(limits: .default)
        var result: [BenchRow] = [BenchRow(name: "\(label): read the document (bytes → view model, bindings compiled)",
                                           value: Bench.ms(readTime))]
        var previous = evaluator.evaluate(source, with: FilterRowsDocument.snapshot(query: "")).viewModel
        for prefix in ["9", "99", "9"] {
            let snapshot = FilterRowsDocument.snapshot(query: prefix)
            var evaluated = previous
            let evaluation = Bench.median {
                // Every row reads the query: each is evaluated again.
                evaluated = evaluator.evaluate(source, with: snapshot, memo: StateEvaluationMemo(), change: .all).viewModel
            }
            var diff: ViewModelDiff?
            let diffing = Bench.median {
                diff = ViewModelDiff(from: previous, to: evaluated)
            }
            let shown = evaluated.bodyComponentModels.count
            let changes = diff.map { "\($0.body.inserted.count.formatted()) in, \($0.body.deleted.count.formatted()) out" } ?? ""
            result.append(BenchRow(name: "\(label): \"\(prefix)\": evaluate (\(shown.formatted()) shown)",
                                   value: Bench.ms(evaluation)))
            result.append(BenchRow(name: "\(label): \"\(prefix)\": diff from the rows shown before (\(changes))",
                                   value: Bench.ms(diffing)))
            previous = evaluated
        }
        // A change no row reads (the window crossed a width class): the rows give what they gave.
        let memo = StateEvaluationMemo()
        var snapshot = FilterRowsDocument.snapshot(query: "9")
        _ = evaluator.evaluate(source, with: snapshot, memo: memo, change: .all)
        let unread = Bench.median {
            snapshot.environment.widthClass = snapshot.environment.widthClass == .wide ? .compact : .wide
            _ = evaluator.evaluate(source, with: snapshot, memo: memo, change: .environment)
        }
        result.append(BenchRow(name: "\(label): a change no row reads (the environment): evaluate again",
                               value: Bench.ms(unread)))
        return result
    }
}

/// The document of the filter benchmarks: a text field bound to `query` above N rows that show
/// themselves while their title contains the query, in any case.
enum FilterRowsDocument {
    static let visibility = "@{contains(toLowerCase(title), toLowerCase(query))}"

    static func make(count: Int) -> Data {
        var text = #"{"title":"Filter","state":{"query":""},"body":["# + "\n"
        text += #"{"id":"filter","component":{"id":"default:entry"},"text":{"title":"Filter"},"#
            + #""input":{"variable":"query","placeholder":"Type to filter"}}"#
        text.reserveCapacity(count * 100)
        for number in 1...max(1, count) {
            text += ",\n"
            text += #"{"id":"r\#(number)","text":{"title":"Item \#(number)"},"visible":"\#(visibility)"}"#
        }
        text += "\n]}\n"
        return Data(text.utf8)
    }

    static func snapshot(query: String) -> StateSnapshot {
        var snapshot = StateSnapshot()
        snapshot.setViewValue(.string(query), for: "query")
        return snapshot
    }
}
