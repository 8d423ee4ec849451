import Foundation
import Logging

/// Reports image loading failures, once per URL, so that a broken image in a list of thousands
/// rows says so once instead of flooding the terminal. Thread-safe.
///
/// The shared log sends one warning per URL to the logger `org.hubframework.images`
/// (`HubLogging`): `image http://… failed: HTTP status 404`. A log made with `init(sink:)`
/// hands each line to its closure instead: `HubFramework: image http://… failed: HTTP status 404`.
public final class ImageFailureLog: @unchecked Sendable {
    /// Logs to `org.hubframework.images`.
    public static let shared = ImageFailureLog()

    private let lock = NSLock()
    private var reported: Set<URL> = []
    private var lines: [String] = []
    private let output: Output

    private enum Output {
        case logger(Logger)
        case sink(@Sendable (String) -> Void)
    }

    /// Logs each failure as a warning to `logger` (by default `org.hubframework.images`).
    public init(logger: Logger = HubLogging.logger("images")) {
        output = .logger(logger)
    }

    /// - Parameter sink: receives each line (without newline), for example to collect them in a test.
    public init(sink: @escaping @Sendable (String) -> Void) {
        output = .sink(sink)
    }

    /// Logs the failure unless this URL failed before. Returns whether a line was written.
    @discardableResult
    public func report(_ url: URL, error: any Error) -> Bool {
        let message = "image \(url.absoluteString) failed: \(error)"
        let line = "HubFramework: " + message
        let isNew = lock.withLock { () -> Bool in
            guard reported.insert(url).inserted else { return false }
            lines.append(line)
            return true
        }
        guard isNew else { return false }
        switch output {
        // The logger's label and source already say where the line comes from.
        case .logger(let logger): logger.warning("\(message)")
        case .sink(let sink): sink(line)
        }
        return true
    }

    /// Every line written so far (for tests).
    public var reportedLines: [String] { lock.withLock { lines } }

    /// True when a failure of `url` was logged.
    public func hasReported(_ url: URL) -> Bool { lock.withLock { reported.contains(url) } }

    /// Forgets which URLs were reported (they will be logged again on their next failure).
    public func reset() {
        lock.withLock {
            reported.removeAll()
            lines.removeAll()
        }
    }
}
