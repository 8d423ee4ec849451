import Foundation

// Filtering at the speed of typing (issue #36, goal 7): someone types into a text field bound to
// `query` above N rows whose `visible` is `@{contains(toLowerCase(title), toLowerCase(query))}`.
// How long from each keystroke to the frame that shows the filtered rows, and is the main loop ever
// blocked meanwhile? Against a plain GTK 3 program doing the same: Benchmarks/Peers/filter-peer.c,
// a GtkSearchEntry above a GtkTreeView over a GtkTreeModelFilter of a GtkListStore holding
// "Item 1" … "Item N", refiltered (on the main thread, as GTK 3 does it) on every change.
//
// Both sides type the same query (`query`, "99" by default: "9", then "99"), one character at a
// time, each `pauseMilliseconds` after the frame that showed the previous one, in a fresh process
// per run, in the 1024×768 window of the other sections. A keystroke's time runs from the character
// going into the entry to the end of the first frame that shows the rows for the text typed so far
// (after-paint, then a round trip to the X server); the stall is the longest gap between two runs
// of a 2 ms main-loop timeout from the first character to the last one's frame (ScaleBenchChild's
// StallRecorder). Each run checks the rows it shows against a count of its own.
//
// Knobs: `HUB_FILTER_BENCH_SIZES` (comma-separated row counts; 100000,1000000 by default),
// `HUB_FILTER_BENCH_QUERY` ("99"), `HUB_FILTER_BENCH_ROUNDS` (runs per size and side, 3),
// `HUB_FILTER_BENCH_TIMEOUT` (seconds per run, 180), `HUB_FILTER_PEER` (the peer's executable;
// `make bench` builds .build/filter-peer).

func filterBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ScaleBench.caseVariable] {
        MainActor.assumeIsolated { ScaleBenchChild.run(spec) }
    }
    return FilterBench.run()
}

enum FilterBench {
    static let defaultSizes = [100_000, ScaleBench.millionRows]
    static let knobs = TypingBench.Knobs(variablePrefix: "HUB_FILTER_BENCH", defaultSizes: defaultSizes,
                                         defaultQuery: "99")
    static let peerVariable = "HUB_FILTER_PEER"

    /// Milliseconds between the frame that shows one keystroke's rows and the next keystroke, on
    /// both sides: a fast typist's pace, and time for the window to settle between keystrokes.
    static let pauseMilliseconds = 100

    /// The text both sides type, one character per keystroke.
    static var query: String { knobs.query }
    static var rounds: Int { knobs.rounds }
    static var timeout: Double { knobs.timeout }

    /// What one run of either side measured, read from the `@@key=value` lines its process prints.
    /// The hub's side prints the same keys:
    /// * `keystrokes` — seconds from each character going into the entry to the end of the first
    ///   frame showing the rows for the text typed so far, comma-separated, in typing order;
    /// * `stall` — the longest gap between two runs of a 2 ms main-loop timeout from the first
    ///   character to the last one's frame, seconds;
    /// * `shown` — rows on show after the last character;
    /// * `refilters` (the peer only) — the seconds `gtk_tree_model_filter_refilter` took per
    ///   keystroke, part of its keystroke time.
    struct Figures {
        var keystrokes: [Double]
        var refilters: [Double]
        var stall: Double
        var shown: Int

        /// The figures, or why there are none: a figure is missing, or there is not one time per character.
        static func read(_ outcome: ScaleBench.Outcome, characters: Int) -> Result<Figures, TypingBench.Failure> {
            TypingBench.read(outcome, characters: characters, countKey: "shown") { keystrokes, stall, shown in
                Figures(keystrokes: keystrokes, refilters: outcome.list("refilters"), stall: stall, shown: shown)
            }
        }
    }

    /// One side's runs at one size.
    typealias Runs = TypingBench.Runs<Figures>

    /// The hub's side of one run: a fresh process that shows a JSON view of `rows` rows ("Item 1" …
    /// "Item N", each with `visible` set to `@{contains(toLowerCase(title), toLowerCase(query))}`)
    /// under a text field bound to `query`, in the 1024×768 window, types `query` one character at
    /// a time as the peer does (each `pauseMilliseconds` after the previous character's frame), and
    /// prints the keys `Figures` reads (FilterBenchChild).
    static func hubFilterRow(rows: Int, query: String) -> ScaleBench.Outcome {
        let document: URL
        do {
            document = try documentFile(rows: rows)
        } catch {
            return .failed("cannot write the document: \(error)")
        }
        return ScaleBench.runChild(case: "filter:\(rows)", document: document, section: "filter", timeout: timeout)
    }

    /// Where the document of `rows` rows is written (removed once every run is done).
    private static func documentURL(rows: Int) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hub-filter-bench-\(getpid())-\(rows).json")
    }

    /// The document of `rows` rows, written once per process into the temporary folder.
    private static func documentFile(rows: Int) throws -> URL {
        let url = documentURL(rows: rows)
        if !FileManager.default.fileExists(atPath: url.path) {
            try FilterRowsDocument.make(count: rows).write(to: url)
        }
        return url
    }

    /// One run of the peer.
    static func peerRun(_ executable: URL?, rows: Int, query: String) -> ScaleBench.Outcome {
        TypingBench.peerRun(executable, name: "filter-peer", variable: peerVariable, rows: rows, query: query,
                            pauseMilliseconds: pauseMilliseconds, timeout: timeout)
    }

    static var title: String {
        "Filtering at the speed of typing: typing \"\(query)\" over N rows, hub against GtkTreeModelFilter "
            + "(Xvfb, \(ScaleBench.windowWidth)×\(ScaleBench.windowHeight) window, \(rounds) runs per side and size)"
    }

    static func run() -> BenchSection {
        let query = query
        let characters = query.count
        let executable = ScaleBench.peerExecutable(variable: peerVariable, name: "filter-peer")
        let sizes = knobs.sizes
        let (peer, hub) = TypingBench.measure(sizes: sizes, rounds: rounds,
                                              peer: { peerRun(executable, rows: $0, query: query) },
                                              hub: { hubFilterRow(rows: $0, query: query) },
                                              read: { Figures.read($0, characters: characters) })
        for size in sizes { try? FileManager.default.removeItem(at: documentURL(rows: size)) }
        var rows: [BenchRow] = []
        for size in sizes {
            rows += sizeRows(size, query: query, peer: peer[size] ?? Runs(), hub: hub[size] ?? Runs())
        }
        return BenchSection(title: title, rows: rows)
    }

    /// The rows of one size: the peer's figures, then the hub's against them.
    private static func sizeRows(_ size: Int, query: String, peer: Runs, hub: Runs) -> [BenchRow] {
        let label = "\(size.formatted()) rows"
        var rows: [BenchRow] = []
        let peerName = "\(label): keystroke → frame, plain GTK (GtkTreeModelFilter)"
        if peer.figures.isEmpty {
            rows.append(BenchRow(name: peerName, value: "failed: \(peer.failures.first ?? "no runs")"))
        } else {
            var value = keystrokeText(peer, query: query)
            if let refilter = StartBench.median(peer.refilters) {
                value += "; of which refilter \(milliseconds(refilter)) (median)"
            }
            value += "; longest stall \(milliseconds(peer.longestStall ?? 0)); \(peer.shownText)"
            if !peer.failures.isEmpty { value += "; \(peer.failures.count) failed: \(peer.failures[0])" }
            rows.append(BenchRow(name: peerName, value: value))
        }

        let hubName = "\(label): keystroke → frame, hub JSON view"
        let stallName = "\(label): longest main-loop stall while typing, hub"
        guard let hubMedian = StartBench.median(hub.keystrokes), let hubMax = hub.keystrokes.max(),
            let hubStall = hub.longestStall
        else {
            let failure = "failed: \(hub.failures.first ?? "no runs")"
            rows.append(BenchRow(name: hubName, value: failure, goal: "≤ 1.0× plain GTK", met: false))
            rows.append(BenchRow(name: stallName, value: failure, goal: "≤ 16 ms", met: false))
            return rows
        }
        var value = keystrokeText(hub, query: query) + "; \(hub.shownText)"
        var met: Bool?
        if let peerMedian = StartBench.median(peer.keystrokes), let peerMax = peer.keystrokes.max() {
            let ratio = hubMedian / max(peerMedian, 1e-9)
            value += String(format: "; %.2f× plain GTK (median), %.2f× (max)", ratio, hubMax / max(peerMax, 1e-9))
            met = ratio <= 1
        }
        // The same rows, or the times compare different work.
        if let hubShown = hub.shown, let peerShown = peer.shown, hubShown != peerShown {
            value += "; **plain GTK shows \(peerShown.formatted()) rows**"
            met = false
        } else if hub.shown == nil {
            met = false
        }
        if !hub.failures.isEmpty {
            value += "; \(hub.failures.count) failed: \(hub.failures[0])"
            met = false
        }
        rows.append(BenchRow(name: hubName, value: value, goal: "≤ 1.0× plain GTK", met: met))
        rows.append(BenchRow(name: stallName, value: milliseconds(hubStall), goal: "≤ 16 ms", met: hubStall <= 0.016))
        return rows
    }

    /// "median 3.47 s, max 4.25 s over 6 keystrokes ("9" 4.23 s, "99" 2.72 s: medians of 3 runs)".
    private static func keystrokeText(_ runs: Runs, query: String) -> String {
        let all = runs.keystrokes
        guard let median = StartBench.median(all), let longest = all.max() else { return "no keystrokes" }
        let prefixes = query.indices.map { String(query[...$0]) }
        let each = prefixes.enumerated().compactMap { index, prefix in
            StartBench.median(runs.keystroke(index)).map { "\"\(prefix)\" \(milliseconds($0))" }
        }
        return "median \(milliseconds(median)), max \(milliseconds(longest)) over \(all.count) keystrokes "
            + "(\(each.joined(separator: ", ")): "
            + (runs.figures.count == 1 ? "1 run)" : "medians of \(runs.figures.count) runs)")
    }

    private static func milliseconds(_ seconds: Double) -> String { TypingBench.milliseconds(seconds) }
}

extension TypingBench.Runs<FilterBench.Figures> {
    /// Every keystroke time of every run.
    var keystrokes: [Double] { figures.flatMap(\.keystrokes) }
    /// Keystroke `index`'s times over the runs.
    func keystroke(_ index: Int) -> [Double] { figures.compactMap { $0.keystrokes.indices.contains(index) ? $0.keystrokes[index] : nil } }
    var refilters: [Double] { figures.flatMap(\.refilters) }
    var longestStall: Double? { figures.map(\.stall).max() }
    /// The rows shown after the last keystroke, when every run agrees; nil otherwise.
    var shown: Int? { Set(figures.map(\.shown)).count == 1 ? figures.first?.shown : nil }
    var shownText: String {
        let counts = Set(figures.map(\.shown)).sorted()
        return counts.count == 1 ? "\(counts[0].formatted()) rows shown"
            : "**runs disagree on the rows shown: \(counts.map { $0.formatted() }.joined(separator: ", "))**"
    }
}
