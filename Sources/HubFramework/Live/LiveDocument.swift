import Foundation

/// Is told when a `LiveDocument` changes.
@MainActor
public protocol LiveDocumentObserver: AnyObject {
    /// The document, its rejection or its service status changed; read them from `document`.
    /// Called on the main thread, after every message and reset.
    func liveDocumentDidChange(_ document: LiveDocument)
}

/// Why the latest message of a live session was not shown.
public struct LiveRejection: Hashable, Sendable {
    /// Size of the message, when it was received whole.
    public let byteCount: Int?
    /// Why the document could not be read at all (invalid JSON, too large…); nil when it was read
    /// but some of its values could not be used.
    public let error: String?
    /// The values that could not be used, with their JSON paths.
    public let problems: [JSONProblem]

    /// Creates a rejection.
    /// - Parameters:
    ///   - byteCount: the size of the message; nil when it was not received whole.
    ///   - error: why the document could not be read at all; nil when it was read.
    ///   - problems: the values that could not be used.
    public init(byteCount: Int?, error: String?, problems: [JSONProblem]) {
        self.byteCount = byteCount
        self.error = error
        self.problems = problems
    }

    /// Every problem on a line of its own: the error, or `path: message` per problem.
    public var lines: [String] {
        var lines: [String] = []
        if let error { lines.append(error) }
        lines += problems.map(\.description)
        return lines
    }

    /// One line for replies and logs: the error, or the count and the first few problems.
    public var summary: String {
        if let error { return error }
        let shown = problems.prefix(3).map(\.description).joined(separator: "; ")
        let more = problems.count > 3 ? "; and \(problems.count - 3) more" : ""
        return "\(problems.count) \(problems.count == 1 ? "problem" : "problems"): \(shown)\(more)"
    }
}

/// The document of a live-editing session: the last good document received, and what was wrong
/// with the latest one when it could not be shown.
///
/// A document is *good* when it is valid JSON in the view model schema (an object, or an array of
/// body components) and every value in it could be used. Anything else is rejected: the last good
/// document stays, and the rejection (with the JSON paths of the problems) is kept until a good
/// document arrives. Observers — the live content operations of open views — are told about every
/// change and reload their view.
@MainActor
public final class LiveDocument {
    /// The schema documents are checked with (the schema the live views use).
    public let schema: JSONSchema
    /// What the client the live views show documents in can show: a document received from now on is
    /// read for it, as a view's loader reads one (a component that needs what the client lacks gives
    /// way to its fallback). Nil, the default: every component stays as it is. HubApp sets the app's
    /// (`Hub.clientCapabilities`) before each document.
    public var clientCapabilities: ClientCapabilities?
    /// The last good document, as received.
    public private(set) var goodDocument: Data?
    /// Why the latest message was not shown; nil when it was (or nothing was received yet).
    public private(set) var rejection: LiveRejection?
    /// Messages received, good or not.
    public private(set) var receivedCount = 0
    /// Good documents received.
    public private(set) var shownCount = 0
    /// A line about the live service (where it listens, or why it does not), for the waiting page.
    public var serviceStatus: String {
        didSet { if serviceStatus != oldValue { notifyObservers() } }
    }

    private var observers = WeakObserverList<any LiveDocumentObserver>()

    /// Creates an empty document: nothing shown, nothing rejected.
    /// - Parameters:
    ///   - schema: the schema documents are checked with; use the one the live views read with.
    ///   - serviceStatus: the first line about the live service, for the waiting page.
    public init(schema: JSONSchema, serviceStatus: String = "") {
        self.schema = schema
        self.serviceStatus = serviceStatus
    }

    /// Checks `data` off the main thread, keeps it when it is good (the live views reload, from the
    /// content read here: it is not read again) and calls `completion` on the main thread with the
    /// answer for the client. Documents are read one at a time, in the order they arrived, so their
    /// answers and the views follow that order.
    /// - Parameters:
    ///   - data: the document a client sent.
    ///   - completion: the answer for the client, on the main thread.
    public func receive(_ data: Data, completion: @escaping @MainActor (LiveReply) -> Void) {
        receivedCount += 1
        let schema = self.schema
        let client = clientCapabilities
        Self.readingQueue.async {
            let reading = Reading(data, schema: schema, client: client)
            MainThread.perform { [weak self] in
                guard let self else { return }
                completion(self.finish(reading))
            }
        }
    }

    /// Checks `data` on the calling thread, keeps it when it is good (the live views reload) and
    /// returns the answer for the client. A large document holds the thread while it is read: an
    /// app's live service uses ``receive(_:completion:)``.
    @discardableResult
    public func receive(_ data: Data) -> LiveReply {
        receivedCount += 1
        return finish(Reading(data, schema: schema, client: clientCapabilities))
    }

    /// Where documents are read, one at a time.
    private static let readingQueue = DispatchQueue(label: "org.hubframework.live-document", qos: .userInitiated)

    /// A document read into a builder, with what was wrong with it.
    private struct Reading: @unchecked Sendable {
        // `@unchecked`: the builder is made and filled by the reading thread, then handed to the
        // main thread, which alone uses it from then on.
        let data: Data
        let builder: ViewModelBuilder
        let outcome: Result<[JSONProblem], JSONError>

        init(_ data: Data, schema: JSONSchema, client: ClientCapabilities?) {
            self.data = data
            builder = schema.makeViewModelBuilder(clientCapabilities: client)
            let builder = self.builder
            outcome = Result { () throws(JSONError) -> [JSONProblem] in try builder.addJSON(data: data) }
        }
    }

    /// Keeps a good document, or the rejection of another; tells the observers.
    private func finish(_ reading: Reading) -> LiveReply {
        let problems: [JSONProblem]
        switch reading.outcome {
        case .failure(let error): return reject(reading.data, error: error.description, problems: [])
        case .success(let found): problems = found
        }
        guard problems.isEmpty else {
            return reject(reading.data, error: nil, problems: problems)
        }
        goodDocument = reading.data
        goodContent = reading.builder
        rejection = nil
        shownCount += 1
        notifyObservers()
        return .shown(byteCount: reading.data.count)
    }

    /// The content of ``goodDocument``, read once when it arrived.
    private var goodContent: ViewModelBuilder?

    /// Adds the good document's content to `builder` (a live view's), without reading it again when
    /// `builder` is empty. False when there is no good document.
    public func addGoodContent(to builder: ViewModelBuilder) -> Bool {
        guard let goodContent, let goodDocument else { return false }
        if !builder.adoptContent(of: goodContent) {
            // Something came before the document in the view's chain: the document is added to it.
            _ = try? builder.addJSON(data: goodDocument)
        }
        return true
    }

    private func reject(_ data: Data, error: String?, problems: [JSONProblem]) -> LiveReply {
        let rejection = LiveRejection(byteCount: data.count, error: error, problems: problems)
        self.rejection = rejection
        notifyObservers()
        return .invalid(byteCount: data.count, summary: rejection.summary)
    }

    /// Records a message that could not be received (too large, cut off); the last good document
    /// stays. Returns the reply for the sender.
    @discardableResult
    public func refuse(_ message: String) -> LiveReply {
        receivedCount += 1
        rejection = LiveRejection(byteCount: nil, error: message, problems: [])
        notifyObservers()
        return .refused(message)
    }

    /// Forgets every document (a new session).
    public func reset() {
        goodDocument = nil
        goodContent = nil
        rejection = nil
        receivedCount = 0
        shownCount = 0
        notifyObservers()
    }

    // MARK: Observers

    /// Adds an observer, held weakly.
    public func addObserver(_ observer: any LiveDocumentObserver) { observers.add(observer) }

    /// Stops telling `observer` about changes.
    public func removeObserver(_ observer: any LiveDocumentObserver) { observers.remove(observer) }

    /// Observers still alive (for tests).
    public var observerCount: Int { observers.all.count }

    private func notifyObservers() {
        for observer in observers.all { observer.liveDocumentDidChange(self) }
    }
}
