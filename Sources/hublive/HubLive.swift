import ArgumentParser
import Foundation
import GioKit
import Glibc
import HubFramework

/// `hublive FILE [--port N] [--host H] [--token-file PATH]`: shows a JSON file in the running `hub-viewer`, and again
/// every time it is saved.
@main
struct HubLive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hublive",
        abstract: "Shows a JSON view model in the running hub-viewer, and again every time the file is saved.",
        discussion: """
            Start the viewer first (hub-viewer; its live service listens on 127.0.0.1:7777 unless it was \
            started with --no-live or another --live-port), then run hublive with a JSON file in the default \
            schema. The viewer opens the live: view and reloads it in place on every save. A document with \
            problems is not shown: the viewer keeps the last good one and lists the problems over it.

            One line is printed per push, with its size and what the viewer made of it. Ctrl+C stops.
            See docs/live-editing.md.
            """)

    @Argument(help: "The JSON file to show.", completion: .file(extensions: ["json"]))
    var file: String

    @Option(help: "The port of the viewer's live service.")
    var port: UInt16 = LiveProtocol.defaultPort

    @Option(help: "The host of the viewer's live service (the viewer listens on loopback only).")
    var host: String = LiveProtocol.loopbackHost

    @Option(help: ArgumentHelp(
        "The file with the viewer's session token.",
        discussion: "Default: $XDG_RUNTIME_DIR/hubframework/live-PORT.token (without XDG_RUNTIME_DIR, "
            + "~/.cache/hubframework/live-PORT.token), which the viewer writes when its live service starts.",
        valueName: "path"), completion: .file())
    var tokenFile: String?

    @Flag(help: "Push the file once and exit (status 0 when the viewer shows it), without watching.")
    var once = false

    func validate() throws {
        guard port > 0 else { throw ValidationError("--port must be between 1 and 65535") }
        guard !file.isEmpty else { throw ValidationError("No file path given") }
    }

    func run() throws {
        // Diagnostics (HUB_LOG_LEVEL=debug shows every file event); the lines below about pushes
        // are hublive's output, not logging.
        // It also ignores SIGPIPE: a reader that is gone ends the output, not the process.
        HubLogging.bootstrap()
        let path = Self.absolutePath(file)
        let session = LiveSession(path: path, displayName: file, client: LiveClient(host: host, port: port, tokenFile: tokenFileURL))
        // Watch (and catch Ctrl+C) before the first push, so a save during it is not missed: the
        // monitor's events and the signals wait in the GLib main context until the loop runs.
        let loop = once ? nil : WatchLoop()
        let watching: Result<FileWatcher, FileWatcher.WatchError>? = once ? nil : Result { () throws(FileWatcher.WatchError) in
            try FileWatcher(path: path)
        }

        // The first push decides whether there is anything to talk to.
        let first = session.push()
        switch first {
        case .shown, .notShown:
            break
        case .unreadable(let reason):
            Output.error("cannot read \(file): \(reason)")
            throw ExitCode.failure
        case .notDelivered(let error):
            Output.error(error.isRefused
                ? "\(error). Is hub-viewer running? Start it with `hub-viewer live:`. Its live service listens "
                    + "on \(LiveProtocol.loopbackHost):\(LiveProtocol.defaultPort) unless it was started with --no-live; "
                    + "to use port \(port), start it with `hub-viewer --live-port \(port)`."
                : "\(error)")
            throw ExitCode.failure
        }
        if once {
            if case .shown = first { return }
            throw ExitCode.failure
        }

        guard let loop, let watching else { return }
        let watcher: FileWatcher
        switch watching {
        case .success(let created): watcher = created
        case .failure(let error):
            Output.error("\(error)")
            throw ExitCode.failure
        }
        Output.note("watching \(file); save it to push it again (Ctrl+C to stop)")
        let outcome = session.watch(watcher, in: loop)
        switch outcome {
        case .interrupted:
            Output.note("stopped after \(session.pushCount) \(session.pushCount == 1 ? "push" : "pushes")")
        case .folderGone:
            Output.error("the folder \(watcher.folder) was removed or moved; stopped watching \(file)")
            throw ExitCode.failure
        }
    }

    /// `--token-file`, or where the viewer on `--port` writes its token.
    var tokenFileURL: URL {
        if let tokenFile { return URL(fileURLWithPath: NSString(string: tokenFile).expandingTildeInPath) }
        return LiveTokenFile().url(forPort: port)
    }

    /// `~` expanded, relative paths resolved against the working directory, symlinks resolved
    /// (so the folder of the real file is watched).
    static func absolutePath(_ path: String) -> String {
        let expanded = NSString(string: path).expandingTildeInPath
        let url = URL(fileURLWithPath: expanded).standardizedFileURL
        return url.resolvingSymlinksInPath().path
    }
}

/// Pushes one file, once or on every save.
final class LiveSession {
    enum PushResult {
        case shown(Int)
        case notShown(Int)
        case unreadable(String)
        case notDelivered(LiveClientError)
    }

    enum WatchOutcome { case interrupted, folderGone }

    let path: String
    let displayName: String
    let client: LiveClient
    private(set) var pushCount = 0
    /// Saves arriving within this many seconds of each other make one push.
    let settleDelay = 0.08

    init(path: String, displayName: String, client: LiveClient) {
        self.path = path
        self.displayName = displayName
        self.client = client
    }

    /// Reads the file and sends it, printing one line about the result.
    func push() -> PushResult {
        let data: Data
        switch Self.read(path) {
        case .failure(let reason):
            return .unreadable(reason.message)
        case .success(let contents):
            data = contents
        }
        pushCount += 1
        let size = "\(data.count) bytes"
        do {
            let reply = try client.push(data)
            switch reply {
            case .shown(let count):
                Output.line("\(displayName): \(count) bytes: shown")
                return .shown(count)
            case .invalid(let count, let summary):
                Output.line("\(displayName): \(count) bytes: not shown: \(summary) "
                    + "(the viewer keeps the last good version)")
                return .notShown(count)
            case .refused(let message):
                Output.line("\(displayName): \(size): refused: \(message)")
                return .notShown(data.count)
            }
        } catch {
            if pushCount > 1 {
                Output.line("\(displayName): \(size): not sent: \(error)"
                    + (error.isRefused ? "; is hub-viewer still running?" : ""), toStandardError: true)
            }
            return .notDelivered(error)
        }
    }

    /// Pushes on every save until Ctrl+C (or the folder disappears), running `loop`.
    func watch(_ watcher: FileWatcher, in loop: WatchLoop) -> WatchOutcome {
        var pending: FileWatcher.Events = []
        var folderGone = false
        watcher.onEvents = { [unowned self, unowned loop] events in
            if events.contains(.folderGone) {
                folderGone = true
                loop.quit()
                return
            }
            pending.formUnion(events)
            // Wait for the editor to finish: a save can be several events.
            loop.schedule(after: settleDelay) {
                let settled = pending
                pending = []
                self.pushAfterSave(settled)
            }
        }
        defer { watcher.onEvents = nil }
        loop.run()
        return folderGone && !loop.wasInterrupted ? .folderGone : .interrupted
    }

    private func pushAfterSave(_ events: FileWatcher.Events) {
        let exists = access(path, F_OK) == 0
        if events.contains(.saved) && exists {
            if case .unreadable(let reason) = push() {
                Output.line("\(displayName): cannot read it: \(reason)", toStandardError: true)
            }
        } else if events.contains(.removed) && !exists {
            Output.line("\(displayName) was removed or renamed; waiting for it to be saved again")
        }
    }

    struct ReadFailure: Error { let message: String }

    static func read(_ path: String) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return .failure(ReadFailure(message: "it is a folder, not a file"))
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(message: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return .success(data)
    }
}

/// hublive's output: one line per push on standard output, problems on standard error.
enum Output {
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// A timestamped line.
    static func line(_ text: String, toStandardError: Bool = false) {
        write("\(timestamp())  \(text)\n", toStandardError: toStandardError)
    }

    static func note(_ text: String) {
        write("hublive: \(text)\n", toStandardError: false)
    }

    static func error(_ text: String) {
        write("hublive: error: \(text)\n", toStandardError: true)
    }

    /// Unbuffered, so a line reaches a pipe (an editor plugin, a test) as soon as it is printed,
    /// and never waited for: the watch loop goes on while a reader is slow, and stops writing,
    /// silently, when the reader is gone. Standard error's lines keep their order with the log's,
    /// which go through the same writer.
    private static func write(_ text: String, toStandardError: Bool) {
        (toStandardError ? StandardStreamWriter.standardError : StandardStreamWriter.standardOutput).write(text)
    }
}
