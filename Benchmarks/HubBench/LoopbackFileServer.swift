import Foundation

/// Serves a folder over HTTP on the loopback interface for the scale benchmark's HTTP case: Python's
/// `http.server` (python3 is one of the packages `make deps` installs), on a port the system picks,
/// stopped with the benchmark.
final class LoopbackFileServer {
    private let process = Process()
    private let folder: URL
    let port: Int

    /// Nil when the server cannot be started or does not say which port it listens on within 5 s.
    init?(folder: URL) {
        self.folder = folder
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -u: the "Serving HTTP on … port N" line is written at once, not when a buffer fills.
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        var text = ""
        let deadline = Date().addingTimeInterval(5)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
            if let range = text.range(of: "port ") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            }
        }
        guard let found else {
            process.terminate()
            return nil
        }
        port = found
    }

    /// The view URI that opens `file` (in the served folder) over HTTP in the viewer: `hub-json:`
    /// and its URL, as someone would type it in the address bar.
    func url(of file: URL) -> String {
        "hub-json:http://127.0.0.1:\(port)/\(file.lastPathComponent)"
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
