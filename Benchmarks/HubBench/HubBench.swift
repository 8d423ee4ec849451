import ArgumentParser
import Foundation

/// `make bench` runs this in a release build and prints one Markdown table per area.
@main
struct HubBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub-bench",
        abstract: "Runs HubFramework's benchmarks and prints one Markdown table per area.",
        discussion: """
            Without sections every area runs, each in a process of its own, so that one area's memory \
            (the JSON benchmark builds 100,000 components) does not show up in another's peak resident set. \
            Numbers are only representative in a release build (`make bench`, or \
            `swift run -c release hub-bench layout`); the view and images sections need a display (make bench \
            runs them under Xvfb).

            The view section also reads HUB_VIEW_BENCH_CASE, HUB_VIEW_BENCH_SCROLLS, HUB_VIEW_BENCH_ONLY and \
            HUB_VIEW_BENCH_SCREENSHOTS (see Benchmarks/HubBench/ViewBenchmarks.swift); the scale section reads \
            HUB_SCALE_BENCH_SIZES, HUB_SCALE_BENCH_TIMEOUT, HUB_TREEVIEW_PEER and HUB_SIMDJSON_PEER (see \
            Benchmarks/HubBench/ScaleBenchmarks.swift); the start section reads HUB_START_BENCH_ROUNDS and \
            HUB_TREEVIEW_PEER (see Benchmarks/HubBench/StartBenchmarks.swift); the filter section reads \
            HUB_FILTER_BENCH_SIZES, HUB_FILTER_BENCH_QUERY, HUB_FILTER_BENCH_ROUNDS, HUB_FILTER_BENCH_TIMEOUT and \
            HUB_FILTER_PEER (see Benchmarks/HubBench/FilterBenchmarks.swift); the find section reads HUB_FIND_BENCH_SIZES, \
            HUB_FIND_BENCH_QUERY, HUB_FIND_BENCH_ROUNDS, HUB_FIND_BENCH_TIMEOUT and HUB_FIND_PEER (see \
            Benchmarks/HubBench/FindBenchmarks.swift); the state section reads HUB_STATE_BENCH_SIZES; \
            the patches section reads HUB_PATCH_BENCH_SIZES.
            """)

    /// The areas, in the order they run.
    static let sectionNames = ["diff", "layout", "loading", "templates", "images", "view", "scale", "start", "state", "filter",
                               "find", "patches"]

    @Argument(help: ArgumentHelp("The areas to run, in any case: \(sectionNames.joined(separator: ", ")). All when none is given.",
                                 valueName: "section"))
    var sections: [String] = []

    func validate() throws {
        let unknown = sections.filter { !Self.sectionNames.contains($0.lowercased()) }
        guard unknown.isEmpty else {
            throw ValidationError("Unknown section\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); "
                + "the sections are \(Self.sectionNames.joined(separator: ", ")).")
        }
    }

    /// Set in the environment of the process that runs one section for a run of all of them.
    static let childVariable = "HUB_BENCH_SECTION_CHILD"

    func run() throws {
        let requested = Set(sections.map { $0.lowercased() })
        let isChild = ProcessInfo.processInfo.environment[Self.childVariable] != nil
        if !isChild {
            print("# HubFramework benchmarks")
            print("\nMachine: \(Bench.machineDescription())")
        }

        let runs: [(String, () -> BenchSection)] = [
            ("diff", diffBenchmarks),
            ("layout", layoutBenchmarks),
            ("loading", loadingBenchmarks),
            ("templates", templateBenchmarks),
            ("images", { MainActor.assumeIsolated { imageBenchmarks() } }),
            ("view", viewBenchmarks),
            ("scale", scaleBenchmarks),
            ("start", startBenchmarks),
            ("state", stateBenchmarks),
            ("filter", filterBenchmarks),
            ("find", findBenchmarks),
            ("patches", patchBenchmarks),
        ]
        assert(runs.map(\.0) == Self.sectionNames)

        if requested.isEmpty && !isChild {
            for (name, _) in runs {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                process.arguments = [name]
                var environment = ProcessInfo.processInfo.environment
                environment[Self.childVariable] = "1"
                process.environment = environment
                do {
                    try process.run()
                    process.waitUntilExit()
                    if process.terminationStatus != 0 {
                        print("\n(the \(name) benchmarks exited with \(process.terminationStatus))")
                    }
                } catch {
                    print("\n(could not run the \(name) benchmarks: \(error))")
                }
            }
        } else {
            for (name, run) in runs where requested.isEmpty || requested.contains(name) {
                Bench.print(run())
            }
        }
    }
}
