import Foundation

// Find in a view (issue #39, goal 2): someone types "Row 999999" into the Find bar (Ctrl+F) of a view
// of a million rows. How long from each keystroke to the frame that shows its match, and is the main
// loop ever blocked meanwhile? Against a plain GTK 3 program doing the same: Benchmarks/Peers/find-peer.c,
// a GtkTreeView over a GtkListStore of "Row 1" … "Row N" with its interactive search (type-ahead) on
// the titles, which walks the model from its first row on the main thread at every keystroke.
//
// Both sides hold the same rows (title "Row N", subtitle "The subtitle of row N") in the 1024×768
// window of the other sections and type the same query one character at a time, each
// `pauseMilliseconds` after the frame that showed the previous character's row, in a fresh process
// per run. A keystroke's time runs from the character going into the entry to the end of the first
// frame that shows its row (after-paint, then a round trip to the X server): for the peer, the
// cursor on the first row whose title starts with the text typed and that row in the visible
// range; for the hub, the bar's "k of n" right, the row marked and on screen. The last keystroke is
// the one that reaches row 999,999; the stall is the longest gap between two runs of a 2 ms
// main-loop timeout from the first character to the last one's frame.
//
// Knobs: `HUB_FIND_BENCH_SIZES` (comma-separated row counts; 1000000 by default), `HUB_FIND_BENCH_QUERY`
// ("Row 999999"; each prefix must match a row), `HUB_FIND_BENCH_ROUNDS` (runs per size and side, 3),
// `HUB_FIND_BENCH_TIMEOUT` (seconds per run, 180), `HUB_FIND_PEER` (the peer's executable; `make bench`
// builds .build/find-peer).

func findBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ScaleBench.caseVariable] {
        MainActor.assumeIsolated { ScaleBenchChild.run(spec) }
    }
    return FindBench.run()
}

enum FindBench {
    static let knobs = TypingBench.Knobs(variablePrefix: "HUB_FIND_BENCH", defaultSizes: [ScaleBench.millionRows],
                                         defaultQuery: "Row 999999")
    static let peerVariable = "HUB_FIND_PEER"

    /// Milliseconds between the frame that shows one keystroke's row and the next keystroke, on both
    /// sides (the filter section's pace).
    static let pauseMilliseconds = 100

    static var query: String { knobs.query }
    static var rounds: Int { knobs.rounds }
    static var timeout: Double { knobs.timeout }

    /// What one run of either side measured (`@@key=value` lines): `keystrokes` (seconds per
    /// character, comma-separated), `stall` (seconds), `reached` (the row the last character
    /// showed), and for the peer `searches` (the seconds GTK's search took per character, part of
    /// its keystroke time).
    struct Figures {
        var keystrokes: [Double]
        var searches: [Double]
        var stall: Double
        var reached: Int

        /// The last keystroke's time: the one that reaches the row.
        var last: Double { keystrokes.last ?? 0 }
        /// All keystrokes' times together: the typing's whole wait.
        var total: Double { keystrokes.reduce(0, +) }

        static func read(_ outcome: ScaleBench.Outcome, characters: Int) -> Result<Figures, TypingBench.Failure> {
            TypingBench.read(outcome, characters: characters, countKey: "reached") { keystrokes, stall, reached in
                Figures(keystrokes: keystrokes, searches: outcome.list("searches"), stall: stall, reached: reached)
            }
        }
    }

    /// One side's runs at one size.
    typealias Runs = TypingBench.Runs<Figures>

    static func hubRun(rows: Int) -> ScaleBench.Outcome {
        ScaleBench.runChild(case: "find:\(rows)", document: nil, section: "find", timeout: timeout)
    }

    static func peerRun(_ executable: URL?, rows: Int, query: String) -> ScaleBench.Outcome {
        TypingBench.peerRun(executable, name: "find-peer", variable: peerVariable, rows: rows, query: query,
                            pauseMilliseconds: pauseMilliseconds, timeout: timeout)
    }

    static var title: String {
        "Find in a view: typing \"\(query)\" into the Find bar of N rows, hub against GtkTreeView's interactive "
            + "search (Xvfb, \(ScaleBench.windowWidth)×\(ScaleBench.windowHeight) window, \(rounds) runs per side and size)"
    }

    static func run() -> BenchSection {
        let query = query
        let executable = ScaleBench.peerExecutable(variable: peerVariable, name: "find-peer")
        let sizes = knobs.sizes
        let (peer, hub) = TypingBench.measure(sizes: sizes, rounds: rounds,
                                              peer: { peerRun(executable, rows: $0, query: query) },
                                              hub: { hubRun(rows: $0) },
                                              read: { Figures.read($0, characters: query.count) })
        var rows: [BenchRow] = []
        for size in sizes { rows += sizeRows(size, peer: peer[size] ?? Runs(), hub: hub[size] ?? Runs()) }
        return BenchSection(title: title, rows: rows)
    }

    private static func sizeRows(_ size: Int, peer: Runs, hub: Runs) -> [BenchRow] {
        let label = "\(size.formatted()) rows"
        var rows: [BenchRow] = []
        let peerName = "\(label): last keystroke → its row on screen, plain GTK (GtkTreeView type-ahead)"
        if let last = peer.last, let total = peer.total {
            var value = "\(milliseconds(last)) (median)"
            if let search = peer.lastSearch { value += ", of which GTK's search \(milliseconds(search))" }
            value += "; all keystrokes \(milliseconds(total)); longest stall \(milliseconds(peer.longestStall ?? 0))"
            value += "; row \(peer.reached.sorted().map { $0.formatted() }.joined(separator: ", ")) reached"
            if !peer.failures.isEmpty { value += "; \(peer.failures.count) failed: \(peer.failures[0])" }
            rows.append(BenchRow(name: peerName, value: value))
        } else {
            rows.append(BenchRow(name: peerName, value: "failed: \(peer.failures.first ?? "no runs")"))
        }

        let hubName = "\(label): last keystroke → its row on screen, hub Find bar"
        let stallName = "\(label): longest main-loop stall while finding, hub"
        guard let last = hub.last, let total = hub.total, let stall = hub.longestStall else {
            let failure = "failed: \(hub.failures.first ?? "no runs")"
            rows.append(BenchRow(name: hubName, value: failure, goal: "≤ 1.0× plain GTK", met: false))
            rows.append(BenchRow(name: stallName, value: failure, goal: "≤ 16 ms", met: false))
            return rows
        }
        var value = "\(milliseconds(last)) (median); all keystrokes \(milliseconds(total))"
        value += "; row \(hub.reached.sorted().map { $0.formatted() }.joined(separator: ", ")) reached"
        var met: Bool?
        if let peerLast = peer.last, let peerTotal = peer.total {
            let ratio = last / max(peerLast, 1e-9)
            value += String(format: "; %.2f× plain GTK (last keystroke), %.2f× (all keystrokes)", ratio,
                            total / max(peerTotal, 1e-9))
            met = ratio <= 1
        }
        if hub.reached != peer.reached {
            value += "; **plain GTK reached another row**"
            met = false
        }
        if !hub.failures.isEmpty {
            value += "; \(hub.failures.count) failed: \(hub.failures[0])"
            met = false
        }
        rows.append(BenchRow(name: hubName, value: value, goal: "≤ 1.0× plain GTK", met: met))
        rows.append(BenchRow(name: stallName, value: milliseconds(stall), goal: "≤ 16 ms", met: stall <= 0.016))
        return rows
    }

    private static func milliseconds(_ seconds: Double) -> String { TypingBench.milliseconds(seconds) }
}

extension TypingBench.Runs<FindBench.Figures> {
    var last: Double? { StartBench.median(figures.map(\.last)) }
    var total: Double? { StartBench.median(figures.map(\.total)) }
    var lastSearch: Double? { StartBench.median(figures.compactMap(\.searches.last)) }
    var longestStall: Double? { figures.map(\.stall).max() }
    var reached: Set<Int> { Set(figures.map(\.reached)) }
}
