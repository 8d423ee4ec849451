import Foundation

/// A view's live updates from its server: the `text/event-stream` its document names (`"events"`),
/// read as it arrives, each event's JSON read off the main thread into what it asks of the view (a
/// patch or new values, as a request's answer does: ``ServerAnswer``) and handed to the main thread
/// in batches.
///
/// - It reconnects after a drop, waiting 1 s, then twice as long each time up to 60 s (or what the
///   stream's `retry:` asked), sending the last event's `Last-Event-ID`; after
///   ``ContentLimits/maximumEventStreamReconnects`` failures in a row it stops. A `204` answer stops
///   it too, as the standard says.
/// - It is bounded: an event over ``ContentLimits/maximumEventBytes`` or more than
///   ``ContentLimits/maximumEventsPerSecond`` events in a second close the connection (a reconnect
///   follows after its wait), and the events the main thread has not taken yet are at most four
///   events' worth of bytes: a flood is cut off where it is read, never queued.
/// - It is held to the ``ServerRequestPolicy`` like a request (no redirect is followed).
///
/// ``stop()`` ends it at once: its connection closes and nothing more is delivered.
package final class EventStreamSession: @unchecked Sendable {
    /// What one event asks of the view, read off the main thread.
    package struct Delivery: Sendable {
        package var answer: ServerAnswer
        /// What was wrong with the event, for the log.
        package var problems: [String]
    }

    private let url: URL
    private let limits: ContentLimits
    private let client: (any HTTPClient)?
    /// What the view's client can show, named in each connection's `Hub-Client` header, as every
    /// other request of the view names it: a server that adapts its documents to the client adapts
    /// its events too.
    private let clientCapabilities: ClientCapabilities?
    private let deliver: @MainActor @Sendable ([Delivery]) -> Void
    private let report: @MainActor @Sendable (String) -> Void

    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var transfer: (any HTTPTransfer)?
    /// Counts connections, so that the events of one left behind are ignored.
    private var connection = 0
    private var parser: EventStreamParser
    private var lastEventID = ""
    private var failuresInARow = 0
    private var deliveredOnThisConnection = false
    /// Events read and not yet taken by the main thread, and their bytes.
    private var pending: [Delivery] = []
    private var pendingBytes = 0
    private var drainScheduled = false
    /// The second the events counted in `eventsThisSecond` arrived in.
    private var second: TimeInterval = 0
    private var eventsThisSecond = 0
    private var retry: TimeInterval?
    private var reconnect: DispatchWorkItem?
    private var responseDeadline: DispatchWorkItem?

    /// Listens to `url` unless the policy refuses it (then `report` says why, and nothing starts).
    /// - Parameters:
    ///   - clientCapabilities: what the view's client can show, sent in the
    ///     ``ClientCapabilities/headerName`` header of each connection; nil sends none.
    ///   - deliver: hears the events, in order, in batches, on the main thread.
    ///   - report: hears why the stream was closed or stopped, on the main thread.
    @MainActor
    package init?(url: URL, documentURL: URL?, origin: ContentOrigin, policy: ServerRequestPolicy,
                  limits: ContentLimits, client: (any HTTPClient)? = nil, clientCapabilities: ClientCapabilities? = nil,
                  deliver: @escaping @MainActor @Sendable ([Delivery]) -> Void,
                  report: @escaping @MainActor @Sendable (String) -> Void)
    {
        if let refusal = policy.refusal(for: url, documentURL: documentURL, origin: origin) {
            report("the event stream \(url.absoluteString.cut(toUTF8Count: 200)) is not opened: it \(refusal)")
            return nil
        }
        self.url = url
        self.limits = limits
        self.client = client ?? DefaultHTTPClient.current
        self.clientCapabilities = clientCapabilities
        self.deliver = deliver
        self.report = report
        parser = EventStreamParser(maximumEventBytes: limits.maximumEventBytes)
        connect()
    }

    /// Closes the connection; nothing more is delivered or reported.
    package func stop() {
        let (transfer, reconnect, deadline) = lock.withLock { () -> ((any HTTPTransfer)?, DispatchWorkItem?, DispatchWorkItem?) in
            stopped = true
            pending = []
            defer {
                self.transfer = nil
                self.reconnect = nil
                responseDeadline = nil
            }
            return (self.transfer, self.reconnect, responseDeadline)
        }
        reconnect?.cancel()
        deadline?.cancel()
        transfer?.cancel()
    }

    deinit { stop() }

    /// Whether it still listens (or waits to reconnect).
    package var isListening: Bool { lock.withLock { !stopped } }

    private func connect() {
        guard let client else {
            fail("no HTTP client is installed", reconnecting: false)
            return
        }
        let (number, request) = lock.withLock { () -> (Int, HTTPRequest)? in
            guard !stopped else { return nil }
            connection += 1
            parser = EventStreamParser(maximumEventBytes: limits.maximumEventBytes)
            deliveredOnThisConnection = false
            var headers = ["Accept": "text/event-stream", "Cache-Control": "no-cache"]
            if !lastEventID.isEmpty { headers["Last-Event-ID"] = lastEventID }
            if let clientCapabilities { headers[ClientCapabilities.headerName] = clientCapabilities.headerValue }
            return (connection, HTTPRequest(url: url, headerFields: headers))
        } ?? (0, HTTPRequest(url: url))
        guard number > 0 else { return }
        // The stream has no end, but its answer must begin in time.
        let deadline = DispatchWorkItem { [weak self] in
            self?.end(number, "the server did not answer within \(Int(self?.limits.maximumConnectSeconds ?? 0)) s")
        }
        lock.withLock { responseDeadline = deadline }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.maximumConnectSeconds, execute: deadline)
        let transfer = client.startTransfer(request) { [weak self] event in self?.handle(event, connection: number) }
        let abandoned = lock.withLock { () -> Bool in
            guard !stopped, connection == number else { return true }
            self.transfer = transfer
            return false
        }
        if abandoned { transfer.cancel() }
    }

    private func handle(_ event: HTTPTransferEvent, connection number: Int) {
        guard lock.withLock({ !stopped && connection == number }) else { return }
        switch event {
        case .stage: break
        case .response(let response):
            lock.withLock { responseDeadline?.cancel() }
            if response.statusCode == 204 {
                end(number, "the server answered 204 (no content): it asks the view to stop listening", reconnecting: false)
            } else if response.statusCode != 200 {
                end(number, ContentLoadingError.httpStatus(code: response.statusCode, url: response.url).description)
            } else if let type = response.value(forHTTPHeaderField: "Content-Type"),
                !type.lowercased().hasPrefix("text/event-stream")
            {
                end(number, "the answer is \(type.cut(toUTF8Count: 80)), not text/event-stream", reconnecting: false)
            }
        case .body(let data): read(data, connection: number)
        case .finished: end(number, "the server closed the stream")
        case .failed(let error): end(number, "the connection failed: \(error.localizedDescription)")
        }
    }

    /// Reads the next bytes: complete events are read as JSON, counted and queued for the main thread.
    private func read(_ data: Data, connection number: Int) {
        var failure: String?
        var schedule = false
        lock.withLock {
            let events: [EventStreamParser.Event]
            do {
                events = try parser.feed(data)
            } catch {
                failure = "an event is larger than \(ContentLimits.describe(bytes: limits.maximumEventBytes)) (the limit maximumEventBytes)"
                return
            }
            if let milliseconds = parser.retryMilliseconds { retry = TimeInterval(milliseconds) / 1000 }
            lastEventID = parser.lastEventID
            let now = ProcessInfo.processInfo.systemUptime
            for event in events {
                if now - second >= 1 {
                    second = now
                    eventsThisSecond = 0
                }
                eventsThisSecond += 1
                guard eventsThisSecond <= max(1, limits.maximumEventsPerSecond) else {
                    failure = "the server sent more than \(limits.maximumEventsPerSecond) events in a second (the limit maximumEventsPerSecond)"
                    return
                }
                let bytes = event.data.utf8.count
                guard pendingBytes + bytes <= 4 * max(1, limits.maximumEventBytes) else {
                    failure = "the view has not taken the events before these yet, and they would hold more than "
                        + "\(ContentLimits.describe(bytes: 4 * limits.maximumEventBytes))"
                    return
                }
                pending.append(Self.delivery(of: event, limits: limits))
                pendingBytes += bytes
                deliveredOnThisConnection = true
                failuresInARow = 0
            }
            if !pending.isEmpty, !drainScheduled {
                drainScheduled = true
                schedule = true
            }
        }
        if schedule {
            DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.drain() } }
        }
        if let failure { end(number, failure) }
    }

    /// Hands the events read so far to the view.
    @MainActor
    private func drain() {
        let taken = lock.withLock { () -> [Delivery] in
            defer {
                pending = []
                pendingBytes = 0
                drainScheduled = false
            }
            return stopped ? [] : pending
        }
        if !taken.isEmpty { deliver(taken) }
    }

    /// What one event asks: its data is a JSON object, as a request's answer is.
    package static func delivery(of event: EventStreamParser.Event, limits: ContentLimits) -> Delivery {
        let data = Data(event.data.utf8)
        let value: JSONValue
        do {
            value = try JSONParser(limits: limits).parse(data)
        } catch {
            return Delivery(answer: .nothing, problems: ["an event's data is not JSON: \(error)"])
        }
        guard case .object(let object) = value else {
            return Delivery(answer: .nothing, problems: ["an event's data is \(value.kindDescription), not an object"])
        }
        var problems: [String] = []
        let answer = ServerAnswer.read(object, data: data) { problems.append($0) }
        return Delivery(answer: answer, problems: problems)
    }

    /// Ends connection `number` for `reason`, and connects again after a wait unless it stopped or
    /// failed too often.
    private func end(_ number: Int, _ reason: String, reconnecting: Bool = true) {
        let outcome = lock.withLock { () -> (transfer: (any HTTPTransfer)?, wait: TimeInterval?)? in
            guard !stopped, connection == number else { return nil }
            responseDeadline?.cancel()
            responseDeadline = nil
            let transfer = self.transfer
            self.transfer = nil
            connection += 1  // what the old connection still sends is ignored
            if deliveredOnThisConnection { failuresInARow = 0 }
            failuresInARow += 1
            guard reconnecting, failuresInARow <= max(0, limits.maximumEventStreamReconnects) else {
                stopped = true
                return (transfer, nil)
            }
            let wait = retry ?? min(60, pow(2, Double(failuresInARow - 1)))
            return (transfer, wait)
        }
        guard let outcome else { return }
        outcome.transfer?.cancel()
        let url = url.absoluteString.cut(toUTF8Count: 200)
        guard let wait = outcome.wait else {
            let message = reconnecting
                ? "the event stream \(url) stopped: \(reason); it failed \(limits.maximumEventStreamReconnects + 1) times in a row (the limit maximumEventStreamReconnects)"
                : "the event stream \(url) stopped: \(reason)"
            DispatchQueue.main.async { [report] in MainActor.assumeIsolated { report(message) } }
            return
        }
        let message = "the event stream \(url) was closed: \(reason); it opens again in \(Self.describe(seconds: wait))"
        DispatchQueue.main.async { [report] in MainActor.assumeIsolated { report(message) } }
        let again = DispatchWorkItem { [weak self] in self?.connect() }
        lock.withLock { reconnect = again }
        DispatchQueue.global().asyncAfter(deadline: .now() + wait, execute: again)
    }

    private func fail(_ reason: String, reconnecting: Bool) {
        lock.withLock { stopped = true }
        let message = "the event stream \(url.absoluteString.cut(toUTF8Count: 200)) stopped: \(reason)"
        DispatchQueue.main.async { [report] in MainActor.assumeIsolated { report(message) } }
    }

    private static func describe(seconds: TimeInterval) -> String {
        seconds < 1 ? "\(Int(seconds * 1000)) ms" : "\(Int(seconds)) s"
    }
}
