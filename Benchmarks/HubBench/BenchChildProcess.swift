import Foundation

/// Runs one benchmark case in a process of its own (so that its resident set is the whole
/// process's) and collects the `@@key=value` lines it prints.
enum BenchChildProcess {
    /// What the child printed, and why it stopped early when it did (a child that fails part-way
    /// still prints what it had measured).
    struct Result {
        var values: [String: String] = [:]
        var failure: String?
    }

    /// Runs `executable` with `extra` added to this process's environment; stops it after
    /// `timeout` seconds.
    static func run(_ executable: URL, arguments: [String], environment extra: [String: String],
                    timeout: Double) -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("hub-bench-\(getpid())-out.txt")
        let errURL = directory.appendingPathComponent("hub-bench-\(getpid())-err.txt")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        // Files rather than pipes: a child that prints a lot cannot block on a full pipe.
        guard let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL) else {
            return Result(failure: "cannot create temporary files")
        }
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return Result(failure: "cannot start \(executable.lastPathComponent): \(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        if timedOut { return Result(failure: String(format: "did not finish in %.0f s", timeout)) }
        let text = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        var result = Result()
        for line in text.split(separator: "\n") where line.hasPrefix("@@") {
            let pair = line.dropFirst(2).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { result.values[String(pair[0])] = String(pair[1]) }
        }
        if process.terminationStatus != 0 || result.values.isEmpty {
            let errors = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            let last = errors.split(separator: "\n").last(where: { !$0.contains("Failed to set fd limit") })
                .map(String.init) ?? ""
            let reason = process.terminationReason == .uncaughtSignal
                ? "crashed (signal \(process.terminationStatus))" : "exit status \(process.terminationStatus)"
            result.failure = last.isEmpty ? reason : "\(reason): \(last.prefix(160))"
        }
        return result
    }
}
