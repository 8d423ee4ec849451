import Foundation
import HubFramework
import HubGTK

// Patches (issue #37): what changing ten rows of a 100,000-row view costs, against reading the
// whole document again, and the time from an event received to the frame that shows it.
//
// - Without a window: a patch replacing 10 rows is read and applied (ViewModelPatch), and the result
//   diffed against the view; beside it, the same view read again whole (bytes → view model) with the
//   same 10 rows changed, and diffed. Medians of 5.
// - In a window (a child process, `patch:N`): the viewer shows the document; an event whose data is
//   a patch of 10 rows on screen is read (EventStreamSession's reading of an event) and handed to the
//   view, and the time to the frame that shows all ten is taken, five times. Goal: 16 ms.
//
// Knobs: `HUB_PATCH_BENCH_SIZES` (comma-separated row counts; 100000 by default).

func patchBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ScaleBench.caseVariable] {
        MainActor.assumeIsolated { ScaleBenchChild.run(spec) }
    }
    return PatchBench.run()
}

enum PatchBench {
    static let sizesVariable = "HUB_PATCH_BENCH_SIZES"
    static let rounds = 5
    static let changedRows = 10
    static let goalMilliseconds = 16.0

    static var sizes: [Int] {
        let text = ProcessInfo.processInfo.environment[sizesVariable] ?? ""
        let sizes = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
        return sizes.isEmpty ? [100_000] : sizes
    }

    static func run() -> BenchSection {
        var rows: [BenchRow] = []
        for size in sizes {
            rows += withoutWindow(rows: size)
            rows += inWindow(rows: size)
        }
        return BenchSection(title: "Patches: \(changedRows) rows of a long view changed by a patch, against the whole "
                                + "document read again; an event to its frame (release build, medians of \(rounds))",
                            rows: rows)
    }

    /// The JSON of a patch that replaces rows 1…10 (on screen) with titles of `round`.
    static func patch(round: Int) -> String {
        let changes = (1...changedRows).map { number -> String in
            let id = ScaleRowsDocument.id(number)
            return #"{"replace":"\#(id)","with":[{"id":"\#(id)","component":{"id":"default:row"},"#
                + #""text":{"title":"Patched \#(round), row \#(number)","subtitle":"Changed by the server"}}]}"#
        }
        return #"{"patch":{"changes":[\#(changes.joined(separator: ","))]}}"#
    }

    private static let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                           iconImageResolver: nil)

    private static func withoutWindow(rows count: Int) -> [BenchRow] {
        let label = "\(count.formatted()) rows"
        let document = ScaleRowsDocument.data(count: count)
        let builder = schema.makeViewModelBuilder()
        _ = try? builder.addJSON(data: document)
        let view = builder.build()
        let patchData = Data(patch(round: 1).utf8)
        var patched = view
        let apply = Bench.median(iterations: rounds) {
            patched = (try? ViewModelPatch(data: patchData, schema: schema).applied(to: view)) ?? view
        }
        let patchDiff = Bench.median(iterations: rounds) { _ = ViewModelDiff(from: view, to: patched) }
        // The same change as a whole document: the ten rows written with their new texts.
        let changed = ScaleRowsDocument.data(count: count) { number in
            number <= changedRows ? #"{"id":"\#(ScaleRowsDocument.id(number))","component":{"id":"default:row"},"#
                + #""text":{"title":"Patched 1, row \#(number)","subtitle":"Changed by the server"}}"# : nil
        }
        var reloaded = view
        let reload = Bench.median(iterations: rounds) {
            let again = schema.makeViewModelBuilder()
            _ = try? again.addJSON(data: changed)
            reloaded = again.build()
        }
        let reloadDiff = Bench.median(iterations: rounds) { _ = ViewModelDiff(from: view, to: reloaded) }
        let agree = patched.bodyComponentModels.map(\.title) == reloaded.bodyComponentModels.map(\.title)
        let patchTotal = apply + patchDiff
        let reloadTotal = reload + reloadDiff
        return [
            BenchRow(name: "\(label): a patch of \(changedRows) rows (\(patchData.count.formatted()) bytes): read and apply",
                     value: Bench.ms(apply)),
            BenchRow(name: "\(label): its diff from the view", value: Bench.ms(patchDiff)),
            BenchRow(name: "\(label): the whole document again (\((changed.count / 1024).formatted()) KiB): read", value: Bench.ms(reload)),
            BenchRow(name: "\(label): its diff from the view", value: Bench.ms(reloadDiff)),
            BenchRow(name: "\(label): patch ÷ whole document (read + diff)\(agree ? "" : " **the two views differ**")",
                     value: String(format: "%.4f×", patchTotal / max(reloadTotal, 1e-9))),
        ]
    }

    private static func inWindow(rows count: Int) -> [BenchRow] {
        let label = "\(count.formatted()) rows"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hub-patch-bench-\(getpid())-\(count).json")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try ScaleRowsDocument.write(count: count, to: url)
        } catch {
            return [BenchRow(name: "\(label): an event to its frame", value: "failed: cannot write the document: \(error)")]
        }
        let outcome = ScaleBench.runChild(case: "patch:\(count)", document: url, section: "patches", timeout: 240)
        guard outcome.failure == nil, let text = outcome.values["frames"] else {
            return [BenchRow(name: "\(label): an event to its frame", value: "failed: \(outcome.failure ?? "no figures")")]
        }
        let times = text.split(separator: ",").compactMap { Double($0) }.sorted()
        guard !times.isEmpty else { return [BenchRow(name: "\(label): an event to its frame", value: "failed: no figures")] }
        let median = times[times.count / 2]
        let stall = outcome.double("stall") ?? 0
        return [
            BenchRow(name: "\(label): an event (a patch of \(changedRows) rows on screen) to the frame that shows it, "
                     + "median of \(times.count) (slowest \(Bench.ms(times.last!)))",
                     value: Bench.ms(median), goal: "≤ \(Int(goalMilliseconds)) ms", met: median * 1000 <= goalMilliseconds),
            BenchRow(name: "\(label): the longest main-loop stall meanwhile", value: Bench.ms(stall)),
        ]
    }
}

/// The window side of the patch section (`patch:N`), in a child process: the viewer shows the
/// document of N rows, then takes events.
@MainActor
struct PatchBenchChild {
    let viewer: BenchViewer
    let rows: Int

    func measure(_ uri: String, timeout: Double) {
        viewer.open(uri, "open", timeout: timeout)
        guard let controller = viewer.app.navigator.currentPage?.viewController else { ScaleBenchChild.fail("no view") }
        viewer.waitUntilRendered("the whole view", timeout: timeout) {
            controller.viewModel?.bodyComponentModels.count == rows
        }
        viewer.idle(seconds: 0.5)
        var times: [Double] = []
        viewer.stalls.start()
        for round in 1...PatchBench.rounds {
            let event = EventStreamParser.Event(type: "message", data: PatchBench.patch(round: round), lastEventID: "")
            let start = Clock.now()
            // What the stream does with an event's bytes (off the main thread in the app), then the view.
            controller.receiveServerEvents([EventStreamSession.delivery(of: event, limits: .default)])
            let title = "Patched \(round), row \(PatchBench.changedRows)"
            viewer.waitUntilRendered("round \(round)", timeout: timeout) {
                controller.viewModel?.bodyComponentModels[PatchBench.changedRows - 1].title == title
                    && controller.cellView(atBodyIndex: PatchBench.changedRows - 1)?.isMapped == true
            }
            times.append(Clock.seconds(from: start, to: viewer.probe.lastFrameEnd))
            viewer.idle(seconds: 0.2)
        }
        BenchChildReport.report("stall", viewer.stalls.stop())
        BenchChildReport.report("frames", times.map { String($0) }.joined(separator: ","))
    }
}
