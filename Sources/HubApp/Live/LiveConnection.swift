import Foundation
import HubFramework
import HubGTK

/// One client connection of a ``LiveService``: checks its token, then reads documents and answers
/// each with a line.
@MainActor
final class LiveConnection {
    /// The socket; its reads and writes are asynchronous, on the main loop.
    let connection: StreamConnection
    /// The most bytes one read takes.
    private static let bufferSize = 256 * 1024
    /// What the last read returned.
    private var buffer = Data()
    /// The bytes of the last read not handed to the framer yet: `buffer[bufferStart..<bufferEnd]`.
    private var bufferStart = 0
    private var bufferEnd = 0
    private var framer: LiveMessageFramer
    private weak var service: LiveService?
    private let limits: LiveServiceLimits
    private let token: LiveSessionToken

    /// True once the first message was the session token.
    private var isAuthenticated = false
    /// Lines waiting to be written, nil where an answer is still to come; one asynchronous write
    /// runs at a time.
    private var pendingLines: [String?] = []
    /// The places of answers still to come (`reserveAnswer()`), in order; each is a nil line.
    private var answerSlots: [Int] = []
    private var nextAnswerSlot = 0
    private var isWriting = false
    private var isReading = false
    /// After a refused document: payload bytes still to read and drop before closing.
    private var bytesToDrop: Int?
    private var isClosed = false
    private var closeWhenWritten = false

    /// When the connection last read or wrote something (monotonic seconds).
    private var lastActivity = ProcessInfo.processInfo.systemUptime
    private var idleTimer: MainLoopTimer?
    private var tokenTimer: MainLoopTimer?
    /// The next message of the current read, handed over on a later main-loop turn.
    private var continuation: MainLoopTimer?

    init(connection: StreamConnection, service: LiveService) {
        self.connection = connection
        limits = service.limits
        token = service.token
        // Until the token has arrived, nothing longer than a token is accepted.
        framer = LiveMessageFramer(maximumMessageSize: LiveProtocol.maximumTokenMessageSize)
        self.service = service
    }

    func start() {
        tokenTimer = MainLoopTimer(after: limits.tokenTimeout) { [weak self] in
            guard let self, !self.isAuthenticated, !self.isClosed else { return }
            self.service?.timedOut("no session token within \(self.limits.tokenTimeout) s (LiveServiceLimits.tokenTimeout)")
            self.close()
        }
        scheduleIdleCheck(after: limits.idleTimeout)
        readNext()
    }

    // MARK: Time limits

    private func noteActivity() {
        lastActivity = ProcessInfo.processInfo.systemUptime
    }

    /// One timer per connection, moved forward lazily: activity only records the time.
    private func scheduleIdleCheck(after delay: Double) {
        idleTimer = MainLoopTimer(after: delay) { [weak self] in
            guard let self, !self.isClosed else { return }
            let idle = ProcessInfo.processInfo.systemUptime - self.lastActivity
            if idle >= self.limits.idleTimeout {
                self.service?.timedOut("idle for \(self.limits.idleTimeout) s (LiveServiceLimits.idleTimeout)")
                self.close()
            } else {
                self.scheduleIdleCheck(after: self.limits.idleTimeout - idle)
            }
        }
    }

    // MARK: Reading

    private func readNext() {
        guard !isClosed, !isReading, !closeWhenWritten, bufferStart == bufferEnd else { return }
        isReading = true
        // The pending read holds this connection (the closure is kept until it completes), as
        // it holds the socket and the buffer read into.
        connection.read(upTo: Self.bufferSize) { result in self.didRead(result) }
    }

    private func didRead(_ result: Result<Data, StreamError>) {
        isReading = false
        let bytes: Data
        switch result {
        case .success(let read): bytes = read
        case .failure(let error):
            fail(error, "a connection failed")
            return
        }
        guard !isClosed else { return }
        noteActivity()
        if bytes.isEmpty {
            if bytesToDrop == nil, isAuthenticated, !framer.isIdle {
                let expected = framer.currentMessageLength.map { " of \(LiveProtocol.describeSize($0))" } ?? ""
                service?.log("a client disconnected in the middle of a message (after "
                    + "\(LiveProtocol.describeSize(framer.currentMessageReceivedCount))\(expected)); it was dropped")
            }
            // The client may only have stopped sending: answers still on their way get written.
            closeAfterWriting()
            return
        }
        buffer = bytes
        bufferStart = 0
        bufferEnd = bytes.count
        processBufferedBytes()
    }

    /// Hands the bytes of the last read to the framer, one message per main-loop turn, then reads
    /// again. Stops while too many answers wait for a client that does not read them.
    private func processBufferedBytes() {
        continuation = nil
        guard !isClosed, !closeWhenWritten else { return }
        if bufferStart < bufferEnd, let remaining = bytesToDrop {
            let dropped = min(remaining, bufferEnd - bufferStart)
            bufferStart += dropped
            bytesToDrop = remaining - dropped
            if bytesToDrop == 0 {
                closeAfterWriting()
                return
            }
        }
        guard bufferStart < bufferEnd else {
            readNext()
            return
        }
        guard pendingLines.count < limits.maximumQueuedReplies else { return }  // writeNext resumes
        let produced = buffer.withUnsafeBytes { bytes in
            framer.append(UnsafeRawBufferPointer(rebasing: bytes[bufferStart..<bufferEnd]), maximumMessages: 1)
        }
        bufferStart += produced.consumed
        if let message = produced.messages.first {
            handle(message)
        }
        if let failure = produced.error {
            refuse(failure)
            return
        }
        guard !isClosed, !closeWhenWritten else { return }
        if bufferStart < bufferEnd {
            // More messages in this read: let the main loop draw and take input first.
            continuation = MainLoopTimer(whenIdle: { [weak self] in self?.processBufferedBytes() })
        } else {
            readNext()
        }
    }

    private func handle(_ message: Data) {
        guard let service else { return }
        guard isAuthenticated else {
            if token.matches(message) {
                isAuthenticated = true
                tokenTimer = nil
                guard service.admit(self) else {
                    turnAway(service.fullRefusal)
                    return
                }
                framer.maximumMessageSize = limits.maximumMessageSize
            } else {
                rejectToken(service, message.isEmpty ? "an empty first message" : "a wrong token")
            }
            return
        }
        // The answer may come later (the document is read on another thread): its place among the
        // answers is kept, so that they go out in the order the messages came.
        let slot = reserveAnswer()
        service.deliver(message) { [weak self] reply in self?.fill(slot, with: reply.line) }
    }

    /// Answers `error <reason>` and closes without reading anything more; the delegate never hears of it.
    func turnAway(_ reason: String) {
        write(LiveReply.refused(reason).line)
        closeAfterWriting()
    }

    /// Answers, and closes without reading anything more; the delegate never hears of it.
    private func rejectToken(_ service: LiveService, _ why: String) {
        write(service.tokenRejected(self, why).line)
        closeAfterWriting()
    }

    private func refuse(_ failure: LiveFramingError) {
        guard let service else { return }
        guard isAuthenticated else {
            rejectToken(service, "a first message announcing \(LiveProtocol.describeSize(failure.length))")
            return
        }
        write(service.refuse(failure.description).line)
        // Read and drop the rest of the refused document (so the client, still sending, gets to
        // read the answer), then hang up; unless that rest is too long to wait for.
        let remaining = failure.length - (bufferEnd - bufferStart)
        guard remaining > 0, remaining <= limits.maximumDiscardedBytes else {
            closeAfterWriting()
            return
        }
        bytesToDrop = remaining
        bufferStart = bufferEnd
        readNext()
    }

    // MARK: Writing

    private func write(_ line: String) {
        pendingLines.append(line + "\n")
        writeNext()
    }

    /// A place for an answer that comes later, among the lines to write.
    private func reserveAnswer() -> Int {
        nextAnswerSlot += 1
        pendingLines.append(nil)
        answerSlots.append(nextAnswerSlot)
        return nextAnswerSlot
    }

    /// The answer for the place `slot` came: it goes out when the lines before it have.
    private func fill(_ slot: Int, with line: String) {
        guard let position = answerSlots.firstIndex(of: slot) else { return }
        answerSlots.remove(at: position)
        // The reserved places are the nil lines, in order.
        var seen = 0
        for index in pendingLines.indices where pendingLines[index] == nil {
            if seen == position {
                pendingLines[index] = line + "\n"
                break
            }
            seen += 1
        }
        writeNext()
    }

    private func writeNext() {
        guard !isWriting, !isClosed, let first = pendingLines.first, let line = first else {
            if !isWriting && pendingLines.isEmpty && closeWhenWritten { close() }
            return
        }
        isWriting = true
        pendingLines.removeFirst()
        // The pending write holds this connection, and its own copy of the bytes.
        connection.write(Data(line.utf8)) { result in self.didWrite(result) }
    }

    private func didWrite(_ result: Result<Void, StreamError>) {
        isWriting = false
        if case .failure(let error) = result {
            fail(error, "cannot answer a client")
            return
        }
        noteActivity()
        writeNext()
        // Reading waited for the client to take its answers: go on.
        if !isReading, continuation == nil, pendingLines.count < limits.maximumQueuedReplies {
            processBufferedBytes()
        }
    }

    /// A read or write failed: logs why (unless it was cancelled by `close()`), closes.
    private func fail(_ error: StreamError, _ what: String) {
        if case .failed(let failure) = error, !isClosed {
            service?.log("\(what): \(failure.message)")
        }
        close()
    }

    private func closeAfterWriting() {
        closeWhenWritten = true
        continuation = nil
        writeNext()
    }

    /// Cancels what is in flight and lets go of the connection; the socket closes as soon as the
    /// cancelled operations have returned. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        idleTimer = nil
        tokenTimer = nil
        continuation = nil
        connection.close()
        service?.connectionDidClose(self)
    }
}
