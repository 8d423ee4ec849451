import Foundation

// Content at scale: a JSON document of 10,000 / 100,000 / 1,000,000 rows opened in the viewer as a
// new user would open it, against the same rows built in Swift and against three plain programs
// that show them in a GtkTreeView (GTK 3's own widget for long lists, Benchmarks/Peers/): the file
// read with json-glib (treeview-peer.c), the file read with simdjson (simdjson-peer.cpp), and no
// file at all, the rows made in C (treeview-peer.c --rows-in-c N).
//
// Every measurement is of a whole process, each case in a fresh child: this executable again with
// `HUB_SCALE_BENCH_CASE` set (see ScaleBenchChild), or a peer. Times run from the moment the
// parent spawns the child (it passes that CLOCK_MONOTONIC moment in `HUB_BENCH_SPAWN_NS`) to the
// end of the first frame painted with rows (the frame clock's after-paint and a round trip to the
// X server), so process start, GTK's start, reading and parsing the file all count, the same for
// all. Memory is the peak resident set (VmHWM) and the resident set after one idle second.
//
// Also measured, in the JSON child: the longest gap between two runs of a 2 ms main-loop timeout
// while the view opens and while F5 reloads it (how long the window is frozen), and the resident
// set after F5 against before; in a child of its own at the largest size, the resident set after
// opening the document five times and going back four times, against after one open; and bytes
// per row: (settled resident set − that of the same viewer showing an empty view) ÷ rows.
//
// Knobs: `HUB_SCALE_BENCH_SIZES` (comma-separated row counts, e.g. 10000,100000 for a quick run),
// `HUB_SCALE_BENCH_TIMEOUT` (seconds per child, 60 by default; the history child gets twice as
// long), `HUB_TREEVIEW_PEER` (the json-glib peer's executable, which also makes the rows in C;
// `make bench` builds .build/treeview-peer), `HUB_SIMDJSON_PEER` (the simdjson peer's; `make bench`
// builds .build/simdjson-peer).

func scaleBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ScaleBench.caseVariable] {
        MainActor.assumeIsolated { ScaleBenchChild.run(spec) }
    }
    return ScaleBench.run()
}

enum ScaleBench {
    static let caseVariable = "HUB_SCALE_BENCH_CASE"
    static let fileVariable = "HUB_SCALE_BENCH_FILE"
    static let urlVariable = "HUB_SCALE_BENCH_URL"
    static let sizesVariable = "HUB_SCALE_BENCH_SIZES"
    static let timeoutVariable = "HUB_SCALE_BENCH_TIMEOUT"
    static let peerVariable = "HUB_TREEVIEW_PEER"
    static let simdjsonPeerVariable = "HUB_SIMDJSON_PEER"
    static let spawnVariable = "HUB_BENCH_SPAWN_NS"

    static let windowWidth = 1024
    static let windowHeight = 768
    static let millionRows = 1_000_000
    static let defaultSizes = [10_000, 100_000, millionRows]

    /// Seconds a child may take before it is stopped and its cells say so.
    static var childTimeout: Double {
        ProcessInfo.processInfo.environment[timeoutVariable].flatMap { Double($0) }.map { max(1, $0) } ?? 60
    }

    static var sizes: [Int] {
        guard let text = ProcessInfo.processInfo.environment[sizesVariable], !text.isEmpty else { return defaultSizes }
        let sizes = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .filter { $0 > 0 }
        return sizes.isEmpty ? defaultSizes : sizes
    }

    /// What one child printed (`key=value` pairs; a child that fails part-way prints what it had
    /// measured until then), and why it stopped early, if it did.
    struct Outcome {
        var values: [String: String] = [:]
        var failure: String?

        static func failed(_ reason: String) -> Outcome { Outcome(failure: reason) }

        func double(_ key: String) -> Double? { values[key].flatMap(Double.init) }
    }

    /// A plain GTK program that shows the same rows in a GtkTreeView, named in the table by `label`.
    struct Peer {
        var label: String
        /// Nil when it is not there: its cells then say `missing`.
        var executable: URL?
        var missing: String
        /// Its arguments for the document of `count` rows at the URL.
        var arguments: (URL, Int) -> [String]

        func run(document: URL, count: Int) -> Outcome {
            guard let executable else { return .failed(missing) }
            return ScaleBench.run(executable, arguments: arguments(document, count), environment: [:],
                                  timeout: childTimeout)
        }
    }

    /// The peers, in the order they run and appear in the table; the first is the one the goals are
    /// measured against.
    static func peers() -> [Peer] {
        let treeView = peerExecutable(variable: peerVariable, name: "treeview-peer")
        let simdjson = peerExecutable(variable: simdjsonPeerVariable, name: "simdjson-peer")
        func missing(_ name: String, _ variable: String) -> String {
            "no peer executable (make bench builds .build/\(name); or set \(variable))"
        }
        return [
            Peer(label: "GtkTreeView", executable: treeView, missing: missing("treeview-peer", peerVariable),
                 arguments: { document, _ in [document.path] }),
            Peer(label: "GtkTreeView (simdjson)", executable: simdjson,
                 missing: missing("simdjson-peer", simdjsonPeerVariable), arguments: { document, _ in [document.path] }),
            Peer(label: "GtkTreeView (rows in C)", executable: treeView,
                 missing: missing("treeview-peer", peerVariable), arguments: { _, count in ["--rows-in-c", String(count)] }),
        ]
    }

    /// One size's children.
    struct Measurements {
        var json: Outcome
        /// The same document opened over HTTP from a server on the loopback interface.
        var http: Outcome
        var code: Outcome
        /// One per peer, in the order of `peers()`.
        var peers: [Outcome]
    }

    static func run() -> BenchSection {
        let started = Clock.now()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-scale-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let peers = peers()
        var documents: [Int: URL] = [:]
        var measured: [Int: Measurements] = [:]
        var empty = Outcome.failed("not run")
        var history: (size: Int, outcome: Outcome)?
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for count in sizes {
                let url = folder.appendingPathComponent("rows-\(count).json")
                try ScaleRowsDocument.write(count: count, to: url)
                documents[count] = url
            }
        } catch {
            return BenchSection(title: title, rows: [BenchRow(name: "scale benchmark",
                                                              value: "failed: cannot write the documents: \(error)")])
        }

        // A warm-up of each program, not counted: the first process to draw text after a build reads
        // fonts, caches and libraries from disk, which would be charged to whichever case came first.
        let smallest = sizes.min()!
        _ = runChild(case: "code:\(min(smallest, 1_000))", document: nil)
        for peer in peers { _ = peer.run(document: documents[smallest]!, count: smallest) }

        empty = runChild(case: "empty:0", document: nil)
        let server = LoopbackFileServer(folder: folder)
        defer { server?.stop() }
        for count in sizes {
            let document = documents[count]!
            let peerOutcomes = peers.map { $0.run(document: document, count: count) }
            let http = server.map { runChild(case: "http:\(count)", document: nil, url: $0.url(of: document)) }
                ?? .failed("no loopback HTTP server (python3 -m http.server)")
            measured[count] = Measurements(json: runChild(case: "json:\(count)", document: document), http: http,
                                           code: runChild(case: "code:\(count)", document: nil),
                                           peers: peerOutcomes)
        }
        let historySize = sizes.contains(millionRows) ? millionRows : sizes.max()!
        history = (historySize, runChild(case: "history:\(historySize)", document: documents[historySize],
                                         timeout: 2 * childTimeout))

        var rows: [BenchRow] = []
        for count in sizes {
            rows += sizeRows(count, measured[count]!, peers: peers, empty: empty)
        }
        if let history { rows.append(historyRow(size: history.size, history.outcome)) }
        if let baseline = empty.double("settledRSS") {
            rows.append(BenchRow(name: "the viewer showing an empty view (the base of bytes per row)",
                                 value: "\(mib(baseline)) settled"))
        } else {
            rows.append(BenchRow(name: "the viewer showing an empty view", value: "failed: \(empty.failure ?? "?")"))
        }
        rows.append(BenchRow(name: "wall time of this table",
                             value: String(format: "%.0f s", Clock.seconds(from: started, to: Clock.now()))))
        return BenchSection(title: title, rows: rows)
    }

    static let title = "Content at scale: a JSON view vs rows built in code vs GtkTreeView "
        + "(Xvfb, \(windowWidth)×\(windowHeight) window, whole process from spawn)"

    // MARK: The table

    private static func sizeRows(_ count: Int, _ m: Measurements, peers: [Peer], empty: Outcome) -> [BenchRow] {
        let size = "\(count.formatted()) rows"
        var rows: [BenchRow] = []

        // First frames.
        func frame(_ outcome: Outcome, extra: (Outcome) -> String?) -> String {
            guard let seconds = outcome.double("firstFrame") else { return "failed: \(outcome.failure ?? "no time")" }
            return seconds.secondsText + (extra(outcome).map { " (\($0))" } ?? "")
        }
        let openText: (Outcome) -> String? = { outcome in
            outcome.double("openToFrame").map { "open → frame \($0.secondsText)" }
        }
        rows.append(BenchRow(name: "\(size): first frame, hub JSON", value: frame(m.json, extra: openText)))
        // Rows on screen before the document is read to its end: the first part of a long document.
        let openGoal = 0.3
        if let openToFrame = m.json.double("openToFrame") {
            rows.append(BenchRow(name: "\(size): open → first frame with rows, hub JSON", value: openToFrame.secondsText,
                                 goal: "≤ \(openGoal.secondsText)", met: openToFrame <= openGoal))
        }
        // Every row there (End shows the last one), against the fastest peer's first frame.
        if let whole = m.json.double("wholeFrame") {
            var value = whole.secondsText
            if let openToWhole = m.json.double("openToWhole") { value += " (open → whole \(openToWhole.secondsText))" }
            rows.append(BenchRow(name: "\(size): every row there, hub JSON", value: value))
            if let simdjson = zip(peers.map(\.label), m.peers).first(where: { $0.0.contains("simdjson") })?.1,
                let theirs = simdjson.double("firstFrame")
            {
                let ratio = whole / max(theirs, 1e-9)
                rows.append(BenchRow(name: "\(size): every row there, hub JSON ÷ first frame, GtkTreeView (simdjson)",
                                     value: String(format: "%.2f×", ratio), goal: "≤ 1.0×", met: ratio <= 1,
                                     whyMissed: String(format: "by %.0f ms. ", (whole - theirs) * 1000)
                                         + "At this size the rows take a few milliseconds; what is left is the "
                                         + "launch and the first frame, the start's costs (docs/benchmarks.md, "
                                         + "\"Where the launch goes\"), and the peer's own first frame moves "
                                         + "by tens of milliseconds from run to run"))
            }
        }
        if let openToFrame = m.http.double("openToFrame") {
            rows.append(BenchRow(name: "\(size): open → first frame with rows, hub JSON over loopback HTTP",
                                 value: openToFrame.secondsText, goal: "≤ \(openGoal.secondsText)",
                                 met: openToFrame <= openGoal))
        } else {
            rows.append(BenchRow(name: "\(size): open → first frame with rows, hub JSON over loopback HTTP",
                                 value: "failed: \(m.http.failure ?? "no figures")", goal: "≤ \(openGoal.secondsText)",
                                 met: false))
        }
        if let openToWhole = m.http.double("openToWhole") {
            rows.append(BenchRow(name: "\(size): open → every row there, hub JSON over loopback HTTP",
                                 value: openToWhole.secondsText))
        }
        if let restStall = m.json.double("restStall") {
            rows.append(BenchRow(name: "\(size): longest main-loop stall while the rest arrives, hub JSON",
                                 value: restStall.millisecondsText, goal: "≤ 16 ms", met: restStall <= 0.016))
        }
        rows.append(BenchRow(name: "\(size): first frame, code-built", value: frame(m.code, extra: openText)))
        // The peer that makes its rows in C parses nothing: no "file parsed" for it.
        let peerPhases: (Outcome) -> String? = { outcome in
            guard let started = outcome.double("started"), let filled = outcome.double("filled") else { return nil }
            let parsed = outcome.double("parsed").map { "file parsed at \($0.secondsText), " } ?? ""
            return "GTK up at \(started.secondsText), \(parsed)store filled at \(filled.secondsText)"
        }
        let peered = Array(zip(peers.map(\.label), m.peers))
        for (label, outcome) in peered {
            rows.append(BenchRow(name: "\(size): first frame, \(label)", value: frame(outcome, extra: peerPhases)))
        }
        // The goal is against the first peer (json-glib, the same work as the hub's); the others say
        // where the time goes.
        for (index, (label, outcome)) in peered.enumerated() {
            rows.append(ratioRow("\(size): first frame, hub JSON ÷ \(label)", m.json, outcome, key: "firstFrame",
                                 hasGoal: index == 0))
        }

        // Memory.
        func memory(_ outcome: Outcome) -> String {
            guard let peak = outcome.double("peakRSS"), let settled = outcome.double("settledRSS") else {
                return "failed: \(outcome.failure ?? "no figures")"
            }
            return "\(mib(peak)) / \(mib(settled))"
        }
        rows.append(BenchRow(name: "\(size): RSS peak / settled, hub JSON", value: memory(m.json)))
        rows.append(BenchRow(name: "\(size): RSS peak / settled, code-built", value: memory(m.code)))
        for (label, outcome) in peered {
            rows.append(BenchRow(name: "\(size): RSS peak / settled, \(label)", value: memory(outcome)))
        }
        for (index, (label, peer)) in peered.enumerated() {
            // Goal 2 of "Rows without objects" at a million rows: peak and settled at most the tree
            // view's (json-glib), and the peak at most the simdjson peer's, which parses in place.
            let memoryGoal = count == millionRows && index == 0
            let peakGoal = count == millionRows && label.contains("simdjson")
            let goal = memoryGoal ? "≤ 1.0×" : peakGoal ? "peak ≤ 1.0×" : ""
            let name = "\(size): RSS peak / settled, hub JSON ÷ \(label)"
            if let jsonPeak = m.json.double("peakRSS"), let jsonSettled = m.json.double("settledRSS"),
                let peerPeak = peer.double("peakRSS"), let peerSettled = peer.double("settledRSS")
            {
                let peak = jsonPeak / max(peerPeak, 1)
                let settled = jsonSettled / max(peerSettled, 1)
                rows.append(BenchRow(name: name, value: String(format: "%.2f× / %.2f×", peak, settled), goal: goal,
                                     met: memoryGoal ? peak <= 1 && settled <= 1 : peakGoal ? peak <= 1 : nil))
            } else {
                rows.append(BenchRow(name: name, value: "failed: \(m.json.failure ?? peer.failure ?? "no figures")",
                                     goal: goal, met: memoryGoal || peakGoal ? false : nil))
            }
        }

        // The window while loading.
        let stallName = "\(size): longest main-loop stall, open / F5"
        if let open = m.json.double("openStall"), let reload = m.json.double("reloadStall") {
            var value = "\(open.millisecondsText) / \(reload.millisecondsText)"
            if let reloadTime = m.json.double("reloadToFrame") { value += " (F5 → frame \(reloadTime.secondsText))" }
            rows.append(BenchRow(name: stallName, value: value, goal: "≤ 50 ms", met: max(open, reload) <= 0.05))
        } else {
            let partial = m.json.double("openStall").map { "open \($0.millisecondsText); F5 " } ?? ""
            rows.append(BenchRow(name: stallName, value: "failed: \(partial)\(m.json.failure ?? "no figures")",
                                 goal: "≤ 50 ms", met: false))
        }
        let reloadName = "\(size): RSS after F5 ÷ before (settled)"
        if let before = m.json.double("settledRSS"), let after = m.json.double("reloadSettledRSS") {
            let change = after / max(before, 1) - 1
            rows.append(BenchRow(name: reloadName,
                                 value: String(format: "%+.1f %% (%@ → %@)", change * 100, mib(before), mib(after)),
                                 goal: "within 10 %", met: abs(change) <= 0.10,
                                 whyMissed: change < 0
                                     ? "a drop, not a growth: the first open's settled figure still holds freed "
                                         + "pages malloc keeps, which F5's load hands back (docs/benchmarks.md)"
                                     : "the reload keeps memory the first open did not need"))
        } else {
            rows.append(BenchRow(name: reloadName, value: "failed: \(m.json.failure ?? "no figures")",
                                 goal: "within 10 %", met: false))
        }

        // Bytes per row (goal 2 at a million rows: at most 250 above the empty viewer, both ways).
        func perRow(_ outcome: Outcome) -> Double? {
            guard let settled = outcome.double("settledRSS"), let base = empty.double("settledRSS") else { return nil }
            return (settled - base) / Double(count)
        }
        func perRowText(_ outcome: Outcome) -> String {
            guard outcome.double("settledRSS") != nil else { return "failed" }
            guard let bytes = perRow(outcome) else { return "no empty-view figure" }
            return "\(Int(bytes.rounded()).formatted()) B"
        }
        let perRowGoal = 250.0
        let hasPerRowGoal = count == millionRows
        let perRowMet = [perRow(m.json), perRow(m.code)].allSatisfy { $0.map { $0 <= perRowGoal } ?? false }
        rows.append(BenchRow(name: "\(size): resident bytes per row, hub JSON / code-built",
                             value: "\(perRowText(m.json)) / \(perRowText(m.code))",
                             goal: hasPerRowGoal ? "≤ \(Int(perRowGoal)) B each" : "", met: hasPerRowGoal ? perRowMet : nil))
        return rows
    }

    private static func ratioRow(_ name: String, _ hub: Outcome, _ peer: Outcome, key: String,
                                 hasGoal: Bool) -> BenchRow
    {
        guard let mine = hub.double(key), let theirs = peer.double(key) else {
            return BenchRow(name: name, value: "failed: \(hub.failure ?? peer.failure ?? "no figures")",
                            goal: hasGoal ? "≤ 1.0×" : "", met: hasGoal ? false : nil)
        }
        let ratio = mine / max(theirs, 1e-9)
        return BenchRow(name: name, value: String(format: "%.2f×", ratio), goal: hasGoal ? "≤ 1.0×" : "",
                        met: hasGoal ? ratio <= 1 : nil)
    }

    private static func historyRow(size: Int, _ outcome: Outcome) -> BenchRow {
        let name = "history at \(size.formatted()) rows: RSS after 5 opens and 4 × Back ÷ after 1 open"
        guard let first = outcome.double("historyFirstRSS"), let last = outcome.double("historyLastRSS") else {
            let firstText = outcome.double("historyFirstRSS").map { " (after 1 open: \(mib($0)))" } ?? ""
            return BenchRow(name: name, value: "failed: \(outcome.failure ?? "no figures")\(firstText)",
                            goal: "≤ 1.2×", met: false)
        }
        let ratio = last / max(first, 1)
        var value = String(format: "%.2f× (%@ → %@", ratio, mib(first), mib(last))
        if let peak = outcome.double("historyPeakRSS") { value += ", peak \(mib(peak))" }
        value += ")"
        return BenchRow(name: name, value: value, goal: "≤ 1.2×", met: ratio <= 1.2)
    }

    static func mib(_ bytes: Double) -> String { String(format: "%.0f MiB", bytes / 1_048_576) }

    // MARK: Children

    /// A peer's executable: the path in `variable`, else `name` in a folder above this executable
    /// (`make bench` builds the peers into .build/).
    static func peerExecutable(variable: String, name: String) -> URL? {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            return fileManager.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs one of ScaleBenchChild's cases in a child: this executable again, running `section`
    /// (whose benchmark function hands the case to ScaleBenchChild).
    static func runChild(case spec: String, document: URL?, url: String? = nil, section: String = "scale",
                         timeout: Double = childTimeout) -> Outcome
    {
        // The child gets its time limit too, so that it can give up by itself (printing what it has
        // measured so far) before it is stopped, whenever its main loop is not blocked.
        var environment = [caseVariable: spec, HubBench.childVariable: "1", timeoutVariable: String(timeout)]
        if let document { environment[fileVariable] = document.path }
        if let url { environment[urlVariable] = url }
        return run(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), arguments: [section],
                   environment: environment, timeout: timeout)
    }

    /// Runs `executable`, stamping the spawn in its environment, and collects its `@@key=value`
    /// lines; stops it after `timeout` seconds.
    static func run(_ executable: URL, arguments: [String], environment extra: [String: String],
                    timeout: Double) -> Outcome
    {
        var environment = extra
        environment[spawnVariable] = String(monotonicNanoseconds())
        let result = BenchChildProcess.run(executable, arguments: arguments, environment: environment, timeout: timeout)
        return Outcome(values: result.values, failure: result.failure)
    }
}

extension Double {
    fileprivate var secondsText: String { String(format: "%.2f s", self) }
    fileprivate var millisecondsText: String { String(format: "%.1f ms", self * 1000) }
}
