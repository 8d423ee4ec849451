import Foundation
import HubFramework

/// The requests a view's document sent its server (`request`, and `submit` with a `url`) that are
/// waiting for their answers: one per component at most (the component is busy until its answer),
/// at most ``ContentLimits/maximumRequestsInFlight`` for the view; all cancelled, their connections
/// closed, when the view is left.
@MainActor
final class ServerRequests {
    /// Where the document came from: its requests resolve against it and go to its origin.
    var documentURL: URL?
    /// The view's content origin.
    var origin = ContentOrigin.local
    /// Where requests may go.
    var policy = ServerRequestPolicy.default

    private let limits: ContentLimits
    /// What the view's client can show, named in every request (`Hub-Client`).
    private let clientCapabilities: ClientCapabilities?
    private let client: () -> (any HTTPClient)?
    private let formValues: (String) -> JSONObject
    private let setBusy: (String, Bool) -> Void
    private let finished: (PreparedRequest, ServerExchange.Outcome) -> Void
    /// The requests in flight, by the identifier of the component that sent each.
    private var inFlight: [String: ServerExchange] = [:]
    /// Counts requests, so that a request's completion finds its own entry (not a later one's).
    private var generation = 0
    private var generations: [String: Int] = [:]

    /// - Parameters:
    ///   - limits: the view's bounds (answer size, time, requests in flight).
    ///   - clientCapabilities: what the view's client can show, named in every request; nil names nothing.
    ///   - client: the HTTP client to send with, asked at each request (nil: the default).
    ///   - formValues: the values of a form's inputs the view shows, by variable name.
    ///   - setBusy: marks a component busy while its request is in flight.
    ///   - finished: hears each request's outcome, on the main thread.
    init(limits: ContentLimits, clientCapabilities: ClientCapabilities? = nil, client: @escaping () -> (any HTTPClient)?,
         formValues: @escaping (String) -> JSONObject, setBusy: @escaping (String, Bool) -> Void,
         finished: @escaping (PreparedRequest, ServerExchange.Outcome) -> Void)
    {
        self.limits = limits
        self.clientCapabilities = clientCapabilities
        self.client = client
        self.formValues = formValues
        self.setBusy = setBusy
        self.finished = finished
    }

    /// How many requests are in flight.
    var count: Int { inFlight.count }

    /// Sends `request` unless its component already waits for an answer (returns false). When the
    /// view has too many requests in flight, it is not sent and fails at once.
    func send(_ request: PreparedRequest) -> Bool {
        let sender = request.handlers.model.identifier
        guard inFlight[sender] == nil else { return false }
        guard inFlight.count < max(1, limits.maximumRequestsInFlight) else {
            let message = "the view has \(inFlight.count) requests waiting for their answers (the limit "
                + "maximumRequestsInFlight); this one was not sent"
            let outcome = ServerExchange.Outcome.failure(message)
            // As an answer would: after the event that sent it.
            DispatchQueue.main.async { MainActor.assumeIsolated { self.finished(request, outcome) } }
            return true
        }
        generation += 1
        let mine = generation
        generations[sender] = mine
        setBusy(sender, true)
        let exchange = ServerExchange(
            request, formValues: request.form.map(formValues), documentURL: documentURL, origin: origin,
            policy: policy, limits: limits, client: client(), clientCapabilities: clientCapabilities
        ) { [weak self] outcome in
            guard let self, generations[sender] == mine else { return }
            inFlight[sender] = nil
            generations[sender] = nil
            setBusy(sender, false)
            finished(request, outcome)
        }
        inFlight[sender] = exchange
        return true
    }

    /// Cancels every request in flight: nothing they would have answered happens, and their
    /// components are no longer busy.
    func cancelAll() {
        let cancelled = inFlight
        inFlight = [:]
        generations = [:]
        for (sender, exchange) in cancelled {
            exchange.cancel()
            setBusy(sender, false)
        }
    }
}
