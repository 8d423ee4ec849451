import Foundation
import Glibc
import HubGTKTestSupport
import XCTest

/// Text a child process writes.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { data.append(contentsOf: bytes) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// A built executable of this package, run as a child process with `posix_spawn`.
///
/// Its output is read without blocking whenever `isRunning` is asked (the tests ask while they
/// pump the GTK main loop), and its exit is collected with `waitpid`, so nothing depends on a
/// background run loop.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private let collectedOutput = OutputCollector()
    private let collectedError = OutputCollector()
    /// Everything the process wrote to standard output so far.
    var standardOutput: OutputCollector {
        collect()
        return collectedOutput
    }
    /// Everything the process wrote to standard error so far.
    var standardError: OutputCollector {
        collect()
        return collectedError
    }
    private var outputFD: Int32
    private var errorFD: Int32
    private var status: Int32?

    /// The directory the test bundle was built in, where `swift build --build-tests` also puts
    /// the package's executables.
    static var buildDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The path of a built executable, or nil when it was not built.
    static func executable(_ name: String) -> URL? {
        var candidates = [buildDirectory.appendingPathComponent(name)]
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// - Parameter environment: variables to set (a nil value removes one) on top of this process's.
    init(_ executable: URL, arguments: [String], environment: [String: String?] = [:]) throws {
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw SpawnError(code: errno) }
        // No other child may inherit these pipes, or its lifetime would delay this child's EOF.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
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
        for fd in [outputFD, errorFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
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
    var isRunning: Bool {
        collect()
        reap()
        return status == nil || outputFD >= 0 || errorFD >= 0
    }

    /// The exit status (128 + the signal for a process killed by a signal); -1 while running.
    var exitStatus: Int32 {
        guard let status else { return -1 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits (without a main loop) until the process exited and all its output was read;
    /// kills it after `timeout` seconds.
    func waitUntilDone(timeout: Double = 30) {
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
    func interrupt() { _ = Glibc.kill(pid, SIGINT) }

    /// Ends the process if it still runs, and reaps it.
    func kill() {
        reap()
        guard status == nil else { return }
        _ = Glibc.kill(pid, SIGKILL)
        var raw: Int32 = 0
        if waitpid(pid, &raw, 0) == pid { status = raw }
    }
}

/// A plain TCP client on a background thread, for what `hublive` never does (cut a message
/// short, announce a huge one).
enum RawLiveClient {
    /// Connects to 127.0.0.1:`port`; -1 on failure.
    static func connect(port: UInt16, host: String = "127.0.0.1") -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            close(socket)
            return -1
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Sends everything; false when the peer went away.
    @discardableResult
    static func send(_ socket: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(socket, raw.baseAddress!.advanced(by: offset), raw.count - offset,
                                      Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Reads until the peer closes (or 30 s pass).
    static func readAll(_ socket: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A result filled in on a background thread and read on the main thread.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// JSON documents for the tests.
enum LiveFixtures {
    /// A view with a title and `count` rows (`row-N`), every title prefixed with `prefix`.
    static func rows(_ count: Int, title: String = "Live rows", prefix: String = "Row", subtitle: String = "")
        -> Data
    {
        var rows: [String] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let sub = subtitle.isEmpty ? "" : #","subtitle":"\#(subtitle) \#(index)""#
            rows.append(#"{"id":"row-\#(index)","component":{"id":"default:row"},"text":{"title":"\#(prefix) \#(index)"\#(sub)}}"#)
        }
        return Data("{\n\"title\": \"\(title)\",\n\"body\": [\n\(rows.joined(separator: ",\n"))\n]\n}\n".utf8)
    }
}
