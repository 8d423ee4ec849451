import Foundation

// `make bench` runs this in a release build and prints one Markdown table per area.
// Pass section names (for example `layout diff`) to run only those.
let requested = Set(CommandLine.arguments.dropFirst().map { $0.lowercased() })
func wants(_ name: String) -> Bool { requested.isEmpty || requested.contains(name) }

print("# HubFramework benchmarks")
print("\nMachine: \(Bench.machineDescription())")

var sections: [(String, () -> BenchSection)] = []
sections.append(("diff", diffBenchmarks))
// Areas add themselves here: ("layout", layoutBenchmarks), ("diff", diffBenchmarks), …
sections.append(("layout", layoutBenchmarks))
sections.append(("loading", loadingBenchmarks))
sections.append(("images", { MainActor.assumeIsolated { imageBenchmarks() } }))
sections.append(("view", viewBenchmarks))

for (name, run) in sections where wants(name) {
    Bench.print(run())
}
if sections.isEmpty {
    print("\nNo benchmarks registered yet.")
}
