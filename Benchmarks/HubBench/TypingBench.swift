import Foundation

/// What the sections that type a query one character at a time share (filter, FilterBenchmarks.swift;
/// find, FindBenchmarks.swift): their knobs, the peer's run, the reading of the keystroke figures
/// both sides print, and the rounds of runs of both sides.
enum TypingBench {
    /// A typing section's knobs, read from the environment: `PREFIX_SIZES` (comma-separated row
    /// counts), `PREFIX_QUERY` (the text typed), `PREFIX_ROUNDS` (runs per size and side, 3) and
    /// `PREFIX_TIMEOUT` (seconds per run, 180).
    struct Knobs {
        var sizesVariable: String
        var queryVariable: String
        var roundsVariable: String
        var timeoutVariable: String
        var defaultSizes: [Int]
        var defaultQuery: String

        init(variablePrefix prefix: String, defaultSizes: [Int], defaultQuery: String) {
            sizesVariable = prefix + "_SIZES"
            queryVariable = prefix + "_QUERY"
            roundsVariable = prefix + "_ROUNDS"
            timeoutVariable = prefix + "_TIMEOUT"
            self.defaultSizes = defaultSizes
            self.defaultQuery = defaultQuery
        }

        private var environment: [String: String] { ProcessInfo.processInfo.environment }

        var sizes: [Int] {
            guard let text = environment[sizesVariable], !text.isEmpty else { return defaultSizes }
            let sizes = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                .filter { $0 > 0 }
            return sizes.isEmpty ? defaultSizes : sizes
        }

        /// The text both sides type, one character per keystroke.
        var query: String {
            let text = environment[queryVariable] ?? ""
            return text.isEmpty ? defaultQuery : text
        }

        var rounds: Int { environment[roundsVariable].flatMap { Int($0) }.map { max(1, $0) } ?? 3 }

        var timeout: Double { environment[timeoutVariable].flatMap { Double($0) }.map { max(1, $0) } ?? 180 }
    }

    /// Why a run has no figures.
    struct Failure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One run of a typing peer (`name`, found as `variable` says, ScaleBench.peerExecutable): it
    /// takes the arguments `ROWS QUERY PAUSE_MS`.
    static func peerRun(_ executable: URL?, name: String, variable: String, rows: Int, query: String,
                        pauseMilliseconds: Int, timeout: Double) -> ScaleBench.Outcome
    {
        guard let executable else {
            return .failed("no peer executable (make bench builds .build/\(name); or set \(variable))")
        }
        return ScaleBench.run(executable, arguments: [String(rows), query, String(pauseMilliseconds)],
                              environment: [:], timeout: timeout)
    }

    /// A run's figures, made by `make` from its `keystrokes` (seconds per character, comma-separated),
    /// `stall` (seconds) and the whole number under `countKey`; or why there are none: a figure is
    /// missing, or there is not one keystroke time per character.
    static func read<Figures>(_ outcome: ScaleBench.Outcome, characters: Int, countKey: String,
                              _ make: (_ keystrokes: [Double], _ stall: Double, _ count: Int) -> Figures)
        -> Result<Figures, Failure>
    {
        let keystrokes = outcome.list("keystrokes")
        guard let stall = outcome.double("stall"), let count = outcome.values[countKey].flatMap({ Int($0) }),
            !keystrokes.isEmpty
        else { return .failure(Failure(outcome.failure ?? "no figures")) }
        guard keystrokes.count == characters else {
            return .failure(Failure("\(keystrokes.count) keystroke times for \(characters) characters"))
        }
        return .success(make(keystrokes, stall, count))
    }

    /// Runs both sides `rounds` times at each size, after a warm-up of each at the smallest size that
    /// is not counted (the first process to draw text after a build reads fonts and libraries from
    /// disk), and reads each run's figures with `read`. Rounds outside, sizes and sides inside, so that
    /// a slow moment of the machine falls on all alike.
    static func measure<Figures>(sizes: [Int], rounds: Int, peer: (_ rows: Int) -> ScaleBench.Outcome,
                                 hub: (_ rows: Int) -> ScaleBench.Outcome,
                                 read: (ScaleBench.Outcome) -> Result<Figures, Failure>)
        -> (peer: [Int: Runs<Figures>], hub: [Int: Runs<Figures>])
    {
        if let smallest = sizes.min() {
            _ = peer(smallest)
            _ = hub(smallest)
        }
        var peerRuns: [Int: Runs<Figures>] = [:]
        var hubRuns: [Int: Runs<Figures>] = [:]
        for _ in 0..<rounds {
            for size in sizes {
                peerRuns[size, default: Runs()].add(read(peer(size)))
                hubRuns[size, default: Runs()].add(read(hub(size)))
            }
        }
        return (peerRuns, hubRuns)
    }

    /// One side's runs at one size: the figures of those that gave them, the reasons of those that
    /// did not.
    struct Runs<Figures> {
        var figures: [Figures] = []
        var failures: [String] = []

        mutating func add(_ result: Result<Figures, Failure>) {
            switch result {
            case .success(let figures): self.figures.append(figures)
            case .failure(let failure): failures.append(failure.reason)
            }
        }
    }

    /// "4.6 ms", or "2.31 s" from a second on.
    static func milliseconds(_ seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1000)
    }
}

extension ScaleBench.Outcome {
    /// The comma-separated numbers under `key`; empty when there are none.
    func list(_ key: String) -> [Double] {
        (values[key] ?? "").split(separator: ",").compactMap { Double($0) }
    }
}
