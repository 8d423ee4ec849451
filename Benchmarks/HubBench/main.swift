import Foundation

// `make bench` runs this in a release build and prints one Markdown table per area.
// Pass section names (for example `layout diff`) to run only those.
let requested = Set(CommandLine.arguments.dropFirst().map { $0.lowercased() })
func wants(_ name: String) -> Bool { requested.isEmpty || requested.contains(name) }

// Each area runs in a process of its own when all are run, so that one area's memory (the JSON
// benchmark builds 100,000 components) does not show up in another's peak resident set.
let childVariable = "HUB_BENCH_SECTION_CHILD"
let isChild = ProcessInfo.processInfo.environment[childVariable] != nil
if !isChild {
    print("# HubFramework benchmarks")
    print("\nMachine: \(Bench.machineDescription())")
}

var sections: [(String, () -> BenchSection)] = []
sections.append(("diff", diffBenchmarks))
sections.append(("layout", layoutBenchmarks))
sections.append(("loading", loadingBenchmarks))
sections.append(("images", { MainActor.assumeIsolated { imageBenchmarks() } }))
sections.append(("view", viewBenchmarks))

if requested.isEmpty && !isChild {
    for (name, _) in sections {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [name]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "1"
        process.environment = environment
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { print("\n(the \(name) benchmarks exited with \(process.terminationStatus))") }
        } catch {
            print("\n(could not run the \(name) benchmarks: \(error))")
        }
    }
} else {
    for (name, run) in sections where wants(name) {
        Bench.print(run())
    }
}
if sections.isEmpty {
    print("\nNo benchmarks registered yet.")
}
