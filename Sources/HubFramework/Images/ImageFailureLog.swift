import Foundation

/// Reports image loading failures, once per URL, so that a broken image in a list of thousands
/// rows says so once instead of flooding the terminal. Thread-safe.
///
/// The shared log writes one line per URL to standard error:
/// `HubFramework: image http://… failed: HTTP status 404`.
public final class ImageFailureLog: @unchecked Sendable {
    /// Writes to standard error.
    public static let shared = ImageFailureLog()

    private let lock = NSLock()
    private var reported: Set<URL> = []
    private var lines: [String] = []
    private let sink: @Sendable (String) -> Void

    /// - Parameter sink: receives each line (without newline); default: standard error.
    public init(sink: @escaping @Sendable (String) -> Void = ImageFailureLog.standardError) {
        self.sink = sink
    }

    /// Logs the failure unless this URL failed before. Returns whether a line was written.
    @discardableResult
    public func report(_ url: URL, error: any Error) -> Bool {
        let line = "HubFramework: image \(url.absoluteString) failed: \(error)"
        let isNew = lock.withLock { () -> Bool in
            guard reported.insert(url).inserted else { return false }
            lines.append(line)
            return true
        }
        if isNew { sink(line) }
        return isNew
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

    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
