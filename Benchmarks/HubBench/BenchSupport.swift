import Foundation

/// One line of a benchmark table.
struct BenchRow {
    var name: String
    var value: String
    var goal: String = ""
    /// nil when the row has no goal.
    var met: Bool? = nil
    /// Printed after "no" when the goal is missed: by how much, and why (what the docs found).
    var whyMissed: String? = nil
}

/// A titled table of benchmark results.
struct BenchSection {
    var title: String
    var rows: [BenchRow]
}

enum Bench {
    /// Runs `body` `iterations` times (after one warm-up run) and returns the median wall time in seconds.
    static func median(iterations: Int = 5, warmUp: Bool = true, _ body: () -> Void) -> Double {
        if warmUp { body() }
        var samples: [Double] = []
        for _ in 0..<max(1, iterations) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

    /// Resident set size of this process in bytes (Linux, from /proc/self/statm).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let parts = text.split(separator: " ")
        guard parts.count > 1, let pages = Int(parts[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Resets the kernel's peak-resident-set mark of this process (Linux `clear_refs`); false when refused.
    static func resetPeakResidentBytes() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Peak resident set size since the last reset (VmHWM), in bytes.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }

    /// Prints a section as a Markdown table.
    static func print(_ section: BenchSection) {
        Swift.print("\n### \(section.title)\n")
        Swift.print("| benchmark | result | goal | met |")
        Swift.print("|---|---|---|---|")
        for row in section.rows {
            var met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
            if row.met == false, let why = row.whyMissed { met += ": " + why }
            Swift.print("| \(row.name) | \(row.value) | \(row.goal) | \(met) |")
        }
    }

    /// A one-line description of the machine, printed above the tables.
    static func machineDescription() -> String {
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        #if DEBUG
            let build = "debug build (numbers are not representative; use `make bench`)"
        #else
            let build = "release build"
        #endif
        return "\(cpu), \(cores) cores, \(String(format: "%.0f", memory)) GiB, \(build)"
    }
}
