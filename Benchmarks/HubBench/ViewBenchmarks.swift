import CGtk
import Foundation
import HubFramework
import HubGTK

// The recycling hub view against plain GTK containers, on a real (virtual) X display.
//
// What is measured:
// * First frame: from the moment the loader delivers the view model (the controller's
//   `willUpdateWith`) until the window's frame clock has finished the frame (`after-paint`, then a
//   round trip to the X server) in which the first component is mapped and allocated. For the
//   plain containers: from creating the first label until the same moment. The whole chain
//   (the content operation building the models included) is shown beside it.
// * Widgets: live body components, and every GTK widget in the window, internal ones included.
// * Memory: growth of the resident set over the same span, and its anonymous (heap) part; for the
//   hub view also the growth while the models were built. The first frame of anything also maps
//   fonts and code, about 3 MiB that every case pays.
// * Random jumps: `scroll(to:)` to a random offset, then one frame. A frame's time is the jump
//   (the controller recycling and configuring components), plus the frame clock's update, layout
//   and paint phases (`before-paint` → `after-paint`), plus the X server round trip.
// * The last row: after scrolling to the very end (millions of pixels down), whether the X
//   server's pixels where the last row is are drawn.
//
// Every case runs in a child process of its own (this executable again, with `HUB_VIEW_BENCH_CASE`
// set), so that each one starts from a fresh heap and a fresh GTK: resident-set growth is then the
// cost of that case alone, and a container that takes too long can be stopped without losing the
// rest of the table. The parent only starts the children, collects what they print and builds the
// table; it never touches GTK itself.
//
// Knobs for running one case by hand (under Xvfb, as `make bench` does): `HUB_VIEW_BENCH_CASE`
// (`hub-rows:N`, `hub-grid:N`, `box:N`, `listbox:N`, `hub-scroll:0`), `HUB_VIEW_BENCH_SCROLLS`
// (jumps per view), `HUB_VIEW_BENCH_ONLY` (comma-separated views of the scroll case: `rows1000`,
// …, `grid`) and `HUB_VIEW_BENCH_SCREENSHOTS` (a folder: the 100,000-row and grid cases write
// the screenshots of docs/images there).

func viewBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ViewBench.caseVariable] {
        MainActor.assumeIsolated { ViewBenchChild.run(spec) }
    }
    return ViewBench.run()
}

// MARK: - The parent: cases, children, table

enum ViewBench {
    static let caseVariable = "HUB_VIEW_BENCH_CASE"
    static let scrollsVariable = "HUB_VIEW_BENCH_SCROLLS"
    static let onlyVariable = "HUB_VIEW_BENCH_ONLY"
    /// When set to a folder, the 100,000-row and grid cases also write screenshots there.
    static let screenshotsVariable = "HUB_VIEW_BENCH_SCREENSHOTS"

    static let windowWidth: Int32 = 1000
    static let windowHeight: Int32 = 800
    static let rowSizes = [1_000, 10_000, 100_000, 1_000_000]
    static let gridCards = 100_000
    static let scrolls = 1_000
    /// Plain containers are only tried up to these sizes; beyond them they would take minutes
    /// (a GtkBox of 100,000 labels had not painted after 400 s; a GtkListBox of 100,000 takes
    /// about 15 s).
    static let boxLimit = 10_000
    static let listBoxLimit = 100_000
    /// A child that has not finished after this many seconds is stopped (the scrolling child,
    /// which builds every view and jumps in all of them, gets twice as long).
    static let childTimeout = 60.0

    /// What one child printed: `key=value` pairs, or why there is nothing.
    enum Outcome {
        case finished([String: String])
        case failed(String)

        var values: [String: String]? {
            if case .finished(let values) = self { return values }
            return nil
        }
    }

    static func run() -> BenchSection {
        let started = DispatchTime.now().uptimeNanoseconds
        // A warm-up run, not counted: the first process to draw text after a build reads fonts,
        // caches and libraries from disk, which would be charged to whichever case came first.
        _ = runChild("hub-rows:1000")
        // First frames. The sizes the goals compare run three times (median), the others once.
        func repeats(_ count: Int) -> Int { count == 10_000 || count == 1_000_000 ? 3 : 1 }
        var hub: [Int: Outcome] = [:]
        var box: [Int: Outcome] = [:]
        var list: [Int: Outcome] = [:]
        for count in rowSizes {
            hub[count] = median((0..<repeats(count)).map { _ in runChild("hub-rows:\(count)") })
            if count <= boxLimit { box[count] = runChild("box:\(count)") }
            if count <= listBoxLimit {
                list[count] = median((0..<(count == 10_000 ? 3 : 1)).map { _ in runChild("listbox:\(count)") })
            }
        }
        let grid = runChild("hub-grid:\(gridCards)")
        let scrolling = runChild("hub-scroll:0", timeout: 2 * childTimeout)
        let total = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

        var rows: [BenchRow] = []
        for count in rowSizes {
            let size = "\(count.formatted()) rows"
            rows.append(contentsOf: firstFrameRows("hub view, \(size)", hub[count]!, goal: count == 1_000_000 ? 1.0 : nil))
            rows.append(contentsOf: firstFrameRows("GtkBox, \(size)", box[count], goal: nil))
            rows.append(contentsOf: firstFrameRows("GtkListBox, \(size)", list[count], goal: nil))
        }
        rows.append(contentsOf: firstFrameRows("hub view, grid of \(gridCards.formatted()) compact cards", grid, goal: nil))

        // The 10,000-row comparison.
        if let hubValues = hub[10_000]?.values, let listValues = list[10_000]?.values,
            let hubFrame = hubValues.double("firstFrame"), let listFrame = listValues.double("firstFrame"),
            let hubMemory = hubValues.double("viewRSS"), let listMemory = listValues.double("viewRSS")
        {
            let speedup = listFrame / max(hubFrame, 1e-9)
            rows.append(BenchRow(
                name: "10,000 rows: first frame of GtkListBox ÷ hub view",
                value: String(format: "%.0f× (%@ vs %@)", speedup, msText(listFrame), msText(hubFrame)),
                goal: "≥ 20×", met: speedup >= 20))
            let saving = listMemory / max(hubMemory, 1)
            var value = String(format: "%.1f× (%@ vs %@)", saving, mib(listMemory), mib(hubMemory))
            if let hubHeap = hubValues.double("viewAnon"), let listHeap = listValues.double("viewAnon") {
                value += String(format: "; heap alone %.0f× (%@ vs %@)", listHeap / max(hubHeap, 1), mib(listHeap),
                                mib(hubHeap))
            }
            rows.append(BenchRow(name: "10,000 rows: resident set growth of GtkListBox ÷ hub view", value: value,
                                 goal: "≥ 10×", met: saving >= 10))
        } else {
            rows.append(BenchRow(name: "10,000 rows: hub view vs GtkListBox", value: "not measured (a case failed)",
                                 goal: "≥ 20× faster, ≥ 10× less memory", met: false))
        }

        // Random jumps.
        var worstLive = 0
        var liveWithinBound = true
        let views = rowSizes.map { ("rows\($0)", "hub view, \($0.formatted()) rows") }
            + [("grid", "hub view, grid of \(gridCards.formatted()) cards")]
        for (key, name) in views {
            guard let values = scrolling.values, let p95 = values.double("\(key).p95") else {
                var why = "not measured"
                if case .failed(let reason) = scrolling { why += ": \(reason)" }
                rows.append(BenchRow(name: "\(name): random jumps", value: why, goal: "p95 < 16.7 ms", met: false))
                liveWithinBound = false
                continue
            }
            let p50 = values.double("\(key).p50")
            let maximum = values.double("\(key).max")
            let parts = ["handlerP95", "workP95", "serverP95"].map { msText(values.double("\(key).\($0)")) }
            rows.append(BenchRow(
                name: "\(name): \(values["\(key).scrolls"] ?? "?") random jumps, frame p50 / p95 / max",
                value: "\(msText(p50)) / \(msText(p95)) / \(msText(maximum)) "
                    + "(p95 of the parts: jump \(parts[0]), frame \(parts[1]), X server \(parts[2]))",
                goal: "p95 < 16.7 ms", met: p95 < 0.0167))
            let live = values.int("\(key).maxLive") ?? .max
            let bound = values.int("\(key).maxBound") ?? 0
            worstLive = max(worstLive, live)
            liveWithinBound = liveWithinBound && live <= bound
            rows.append(BenchRow(
                name: "\(name): most live components during the jumps",
                value: "\(live) (visible ≤ \(values["\(key).maxVisible"] ?? "?"), visible + overscan ≤ \(bound)); "
                    + "\(values["\(key).created"] ?? "?") ever created, \(values["\(key).widgets"] ?? "?") GTK widgets",
                goal: "≤ visible + overscan", met: live <= bound))
        }
        rows.append(BenchRow(name: "live component widgets, any size (worst of the above)", value: "\(worstLive)",
                             goal: "tens", met: liveWithinBound && worstLive < 100))
        rows.append(BenchRow(name: "wall time of this table", value: String(format: "%.0f s", total)))
        return BenchSection(
            title: "Recycling hub view vs GtkBox and GtkListBox (Xvfb, \(windowWidth)×\(windowHeight) window)",
            rows: rows)
    }

    /// First frame, widgets and memory, and whether the last row draws, for one case.
    private static func firstFrameRows(_ name: String, _ outcome: Outcome?, goal: Double?) -> [BenchRow] {
        let goalText = goal.map { "< \(String(format: "%.0f", $0)) s" } ?? ""
        let failedGoal: Bool? = goal == nil ? nil : false
        guard let outcome else {
            return [BenchRow(name: name, value: "skipped (would take minutes)", goal: goalText, met: failedGoal)]
        }
        guard let values = outcome.values, let frame = values.double("firstFrame") else {
            var why = "?"
            if case .failed(let reason) = outcome { why = reason }
            return [BenchRow(name: "\(name): first frame", value: why, goal: goalText, met: failedGoal)]
        }
        var value = msText(frame)
        if let chain = values.double("chain") {
            value += " (whole chain, building the models included: \(msText(chain)))"
        }
        var rows = [BenchRow(name: "\(name): first frame", value: value, goal: goalText, met: goal.map { frame < $0 })]
        var details: [String] = []
        if let lastY = values.double("lastY"), let drawn = values["lastDrawn"] {
            let text = "last row at y = \(Int(lastY).formatted()) px after scrolling to the end: "
            if name.hasPrefix("hub view") {
                // A hub view that cannot show its end is broken, whatever its timings: a row of its
                // own that fails the table.
                rows.append(BenchRow(name: "\(name): the last row after scrolling to the end",
                                     value: text + (drawn == "yes" ? "drawn" : "NOT DRAWN"), goal: "drawn",
                                     met: drawn == "yes"))
            } else {
                // GTK's own containers are the peers: what they draw is measured, not required.
                details.append(text + (drawn == "yes" ? "drawn" : "not drawn"))
            }
        }
        if let live = values["live"] { details.append("\(live) live components") }
        details.append("\(values.int("widgets")?.formatted() ?? "?") GTK widgets")
        if let view = values.double("viewRSS") {
            var memory = "resident set +\(mib(view))"
            if let anonymous = values.double("viewAnon") { memory += ", of which heap +\(mib(anonymous))" }
            if let model = values.double("modelRSS") { memory += "; the models: +\(mib(model))" }
            details.append(memory)
        }
        rows.append(BenchRow(name: "\(name): widgets, memory", value: details.joined(separator: "; ")))
        return rows
    }

    /// The run with the median first frame.
    private static func median(_ outcomes: [Outcome]) -> Outcome {
        let finished = outcomes.filter { $0.values?.double("firstFrame") != nil }
        guard !finished.isEmpty else { return outcomes[0] }
        let sorted = finished.sorted { $0.values!.double("firstFrame")! < $1.values!.double("firstFrame")! }
        return sorted[sorted.count / 2]
    }

    static func mib(_ bytes: Double) -> String { String(format: "%.1f MiB", bytes / 1_048_576) }

    static func msText(_ seconds: Double?) -> String {
        guard let seconds else { return "?" }
        return String(format: "%.2f ms", seconds * 1000)
    }

    /// Runs this executable for one case and collects its `@@key=value` lines.
    static func runChild(_ spec: String, timeout: Double = childTimeout) -> Outcome {
        let result = BenchChildProcess.run(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                                           arguments: ["view"], environment: [caseVariable: spec], timeout: timeout)
        if let failure = result.failure { return .failed(failure) }
        return .finished(result.values)
    }
}

extension Dictionary where Key == String, Value == String {
    fileprivate func double(_ key: String) -> Double? { self[key].flatMap(Double.init) }
    fileprivate func int(_ key: String) -> Int? { self[key].flatMap { Int($0) } }
}
