import Foundation
import Glibc
import XCTest

/// Text a child process writes.
package final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    package func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { data.append(contentsOf: bytes) } }
    package var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    package var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// A built executable of this package, run as a child process with `posix_spawn`.
///
/// Its output is read without blocking whenever `isRunning` is asked (the tests ask while they
/// pump the GTK main loop), and its exit is collected with `waitpid`, so nothing depends on a
/// background run loop.
package final class ChildProcess: @unchecked Sendable {
    package let pid: pid_t
    private let collectedOutput = OutputCollector()
    private let collectedError = OutputCollector()
    /// Everything the process wrote to standard output so far.
    package var standardOutput: OutputCollector {
        collect()
        return collectedOutput
    }
    /// Everything the process wrote to standard error so far.
    package var standardError: OutputCollector {
        collect()
        return collectedError
    }
    private var outputFD: Int32
    private var errorFD: Int32
    private var status: Int32?

    /// The directory the test bundle was built in, where `swift build --build-tests` also puts
    /// the package's executables.
    package static var buildDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The path of a built executable, or nil when it was not built.
    package static func executable(_ name: String) -> URL? {
        var candidates = [buildDirectory.appendingPathComponent(name)]
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    package struct SpawnError: Error, CustomStringConvertible {
        package let code: Int32
        package var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// - Parameters:
    ///   - environment: variables to set (a nil value removes one) on top of this process's.
    ///   - standardOutput: a descriptor to give the process as its standard output (a pipe the
    ///     test reads, closes or never reads itself); nil collects it in ``standardOutput``. The
    ///     test keeps its copy and closes it.
    ///   - standardError: the same for standard error.
    package init(_ executable: URL, arguments: [String], environment: [String: String?] = [:],
                 standardOutput givenOutput: Int32? = nil, standardError givenError: Int32? = nil) throws
    {
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw SpawnError(code: errno) }
        // No other child may inherit these pipes, or its lifetime would delay this child's EOF.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, givenOutput ?? out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, givenError ?? err[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // The child starts with SIGPIPE's default action, as from a shell, even when this process
        // ignores it (an ignored signal stays ignored across exec).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        guard result == 0 else {
            close(out[0])
            close(err[0])
            throw SpawnError(code: result)
        }
        self.pid = pid
        outputFD = out[0]
        errorFD = err[0]
        if givenOutput != nil {
            close(outputFD)
            outputFD = -1
        }
        if givenError != nil {
            close(errorFD)
            errorFD = -1
        }
        for fd in [outputFD, errorFD] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        kill()
        if outputFD >= 0 { close(outputFD) }
        if errorFD >= 0 { close(errorFD) }
    }

    /// Reads what is available without blocking; closes a pipe at its end.
    private func collect() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        for (fd, collector) in [(outputFD, collectedOutput), (errorFD, collectedError)] where fd >= 0 {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collector.append(buffer[0..<count])
                    continue
                }
                if count == 0 {
                    close(fd)
                    if fd == outputFD { outputFD = -1 } else { errorFD = -1 }
                }
                break
            }
        }
    }

    private func reap() {
        guard status == nil else { return }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
    }

    /// True until the process exited and all its output was read.
    package var isRunning: Bool {
        collect()
        reap()
        return status == nil || outputFD >= 0 || errorFD >= 0
    }

    /// The exit status (128 + the signal for a process killed by a signal); -1 while running.
    package var exitStatus: Int32 {
        guard let status else { return -1 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits (without a main loop) until the process exited and all its output was read;
    /// kills it after `timeout` seconds.
    package func waitUntilDone(timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline {
                XCTFail("\(pid) still running after \(timeout)s: \(standardOutput.text)\(standardError.text)")
                kill()
                return
            }
            usleep(2000)
        }
    }

    /// Ctrl+C.
    package func interrupt() { _ = Glibc.kill(pid, SIGINT) }

    /// Ends the process if it still runs, and reaps it.
    package func kill() {
        reap()
        guard status == nil else { return }
        _ = Glibc.kill(pid, SIGKILL)
        var raw: Int32 = 0
        if waitpid(pid, &raw, 0) == pid { status = raw }
    }
}
