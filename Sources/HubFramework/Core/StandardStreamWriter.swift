import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes text to standard error or standard output without ever making the caller wait for
/// whoever reads it: the caller only queues the text, and a thread of the writer's own writes it.
///
/// A GUI's log lines and impression lines go to a terminal, a pipe or a file. A pipe whose reader
/// is slow or never reads fills up, and a plain `write` then blocks the thread that writes until
/// the reader catches up (the GTK main loop, frozen); a pipe whose reader is gone (`| head -1`)
/// answers `EPIPE`, which `FileHandle.write` turns into a crash. So:
///
/// - ``write(_:)`` copies the text into a queue of at most ``capacity`` bytes (1 MiB by default)
///   and returns. It blocks only on a lock that the writing thread holds for a few instructions,
///   never while it writes.
/// - The writing thread writes the queue in order with plain blocking `write` calls: it may wait
///   for the reader; nobody else does. (Setting `O_NONBLOCK` on the descriptor instead would
///   change the open file, which the shell and the other processes of a pipeline share.)
/// - Text that does not fit is dropped and its lines counted; once the queue has room again the
///   writer says so in a line of its own, in its place in the stream:
///   `12 lines dropped: the reader of standard error is too slow`.
/// - When the reader is gone (`EPIPE`, or any other error) the writer stops, silently: it drops
///   what is queued and everything written after, and counts none of it.
/// - At exit (`exit`, or returning from `main`) the process waits up to ``exitWaitLimit`` seconds
///   for what is queued, so that a message printed just before exiting arrives; a reader that
///   never reads cannot keep the process alive longer than that.
///
/// The writer needs `SIGPIPE` ignored (``ignoreBrokenPipeSignal()``); otherwise the first write to
/// a pipe without a reader ends the process. `HubLogging.bootstrap()` and the app shell do it.
package final class StandardStreamWriter: TextOutputStream, @unchecked Sendable {
    /// Standard error's writer, shared by everything that writes there from the app's process.
    package static let standardError = StandardStreamWriter(descriptor: STDERR_FILENO, name: "standard error")
    /// Standard output's writer.
    package static let standardOutput = StandardStreamWriter(descriptor: STDOUT_FILENO, name: "standard output")
    /// The default ``capacity``: 1 MiB.
    package static let defaultCapacity = 1 << 20
    /// How long the process waits at exit for the shared writers to write what they have queued: 2 s.
    package static let exitWaitLimit: Double = 2

    /// The most bytes queued (and being written) at once.
    package let capacity: Int
    private let descriptor: Int32
    /// The stream's name for the line about dropped lines: "standard error".
    private let name: String

    private let condition = NSCondition()
    /// Text waiting for the writing thread.
    private var queue: [[UInt8]] = []
    /// Bytes queued or taken by the writing thread and not written yet.
    private var pendingBytes = 0
    /// Lines dropped since the last line that said so.
    private var unreportedDrops = 0
    /// Every line dropped because the queue was full.
    private var totalDrops = 0
    /// True once a write failed: the reader is gone.
    private var hasStopped = false
    private var hasThread = false

    /// A writer to `descriptor`, which it neither owns nor closes.
    /// - Parameters:
    ///   - descriptor: an open file descriptor, such as `STDERR_FILENO`.
    ///   - name: the stream's name in the line about dropped lines, such as "standard error".
    ///   - capacity: the most bytes waiting to be written at once; text that does not fit is dropped.
    package init(descriptor: Int32, name: String, capacity: Int = StandardStreamWriter.defaultCapacity) {
        self.descriptor = descriptor
        self.name = name
        self.capacity = capacity
    }

    /// Ignores `SIGPIPE` for the whole process, so that writing to a pipe whose reader is gone fails
    /// with `EPIPE` (which the writers take as the end of their stream) instead of ending the
    /// process. Harmless to call more than once.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Queues `text` (whole lines, each ending in a newline) and returns at once; drops it, and
    /// counts its lines, when the queue is full.
    package func write(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        guard !hasStopped else { return }
        guard pendingBytes + bytes.count <= capacity else {
            let lines = max(1, bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count)
            unreportedDrops += lines
            totalDrops += lines
            return
        }
        enqueueDropReport()
        queue.append(bytes)
        pendingBytes += bytes.count
        if !hasThread {
            hasThread = true
            _ = Self.exitWait
            let thread = Thread { [self] in writeQueue() }
            thread.name = "org.hubframework.stream-writer"
            thread.start()
        }
        condition.signal()
    }

    /// How many lines were dropped because the queue was full, in all.
    package var droppedLineCount: Int {
        condition.withLock { totalDrops }
    }

    /// Whether a write failed (the reader is gone): the writer writes nothing any more.
    package var hasStoppedWriting: Bool {
        condition.withLock { hasStopped }
    }

    /// Waits until everything queued has been written, the writer stopped, or `timeout` seconds
    /// passed; returns whether nothing is left to write. Never call it where waiting matters
    /// (the main loop): it is for the end of a process and for tests.
    @discardableResult
    package func waitUntilWritten(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !hasStopped, pendingBytes > 0 || unreportedDrops > 0 {
            guard condition.wait(until: deadline) else { break }
        }
        return hasStopped || (pendingBytes == 0 && unreportedDrops == 0)
    }

    /// Queues the line about the lines dropped since the last one, if any were (with the lock held).
    /// It may take the queue past its capacity by its own length: it is the one line that must get
    /// through.
    private func enqueueDropReport() {
        guard unreportedDrops > 0 else { return }
        let noun = unreportedDrops == 1 ? "line" : "lines"
        let line = Array("\(unreportedDrops) \(noun) dropped: the reader of \(name) is too slow\n".utf8)
        unreportedDrops = 0
        queue.append(line)
        pendingBytes += line.count
    }

    /// The writing thread: takes everything queued, writes it, and again, until the reader is gone.
    private func writeQueue() {
        while true {
            condition.lock()
            while queue.isEmpty {
                // Dropped lines are reported as soon as the queue is empty, even if nothing else comes.
                if unreportedDrops > 0 {
                    enqueueDropReport()
                } else {
                    condition.wait()
                }
            }
            let batch = queue
            queue = []
            condition.unlock()
            for bytes in batch {
                guard writeAll(bytes) else {
                    condition.lock()
                    hasStopped = true
                    queue = []
                    pendingBytes = 0
                    unreportedDrops = 0
                    condition.broadcast()
                    condition.unlock()
                    return
                }
            }
        }
    }

    /// Writes `bytes` whole, however many `write` calls it takes; false when the descriptor fails.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    // Someone made the open file non-blocking: wait until it can take more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1000)
                    continue
                default:
                    return false
                }
            }
            offset += written
            condition.lock()
            pendingBytes -= written
            condition.broadcast()
            condition.unlock()
        }
        return true
    }

    /// Registers, once per process (a static constant is initialized once, whatever the threads),
    /// the wait at exit for the shared writers, at most ``exitWaitLimit`` seconds in all.
    private static let exitWait: Void = {
        atexit {
            let deadline = Date().addingTimeInterval(StandardStreamWriter.exitWaitLimit)
            for writer in [StandardStreamWriter.standardOutput, StandardStreamWriter.standardError] {
                writer.waitUntilWritten(timeout: max(0, deadline.timeIntervalSinceNow))
            }
        }
    }()
}
