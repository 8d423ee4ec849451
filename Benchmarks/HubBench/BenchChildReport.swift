import Foundation

/// The child's side of a benchmark case run in its own process (`BenchChildProcess` is the parent's):
/// collects what the case measured and prints it as `@@key=value` lines when the case ends.
@MainActor
enum BenchChildReport {
    private static var results: [(String, String)] = []

    static func report(_ key: String, _ value: String) { results.append((key, value)) }
    static func report(_ key: String, _ value: Double) { results.append((key, String(value))) }
    static func report(_ key: String, _ value: Int) { results.append((key, String(value))) }

    /// Prints what was measured and exits with status 0.
    static func finish() -> Never {
        printResults()
        exit(0)
    }

    /// Prints what was measured so far and why the case stops, and exits with status 1.
    static func fail(_ message: String) -> Never {
        printResults()
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(1)
    }

    private static func printResults() {
        let text = results.map { "@@\($0.0)=\($0.1)\n" }.joined()
        fflush(nil)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
