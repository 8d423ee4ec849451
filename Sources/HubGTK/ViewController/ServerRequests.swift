import Foundation
import HubFramework

/// The requests a view's document sent its server (`request`, and `submit` with a `url`) that are
/// waiting for their answers: one per component at most (the component is busy until its answer),
/// at most ``ContentLimits/maximumRequestsInFlight`` for the view; all cancelled, their connections
/// closed, when the view is left.
@MainActor
final class ServerRequests {
    private let access: ServerAccess
    private let formValues: (String) -> JSONObject
    private let setBusy: (String, Bool) -> Void
    private let finished: (PreparedRequest, ServerExchange.Outcome) -> Void
    /// The requests in flight, by the identifier of the component that sent each.
    private var inFlight: [String: ServerExchange] = [:]
    /// Counts requests, so that a request's completion finds its own entry (not a later one's).
    private var generation = 0
    private var generations: [String: Int] = [:]

    /// - Parameters:
    ///   - access: where the document came from, what it may reach and within which bounds, read
    ///     at each request.
    ///   - formValues: the values of a form's inputs the view shows, by variable name.
    ///   - setBusy: marks a component busy while its request is in flight.
    ///   - finished: hears each request's outcome, on the main thread.
    init(access: ServerAccess, formValues: @escaping (String) -> JSONObject,
         setBusy: @escaping (String, Bool) -> Void,
         finished: @escaping (PreparedRequest, ServerExchange.Outcome) -> Void)
    {
        self.access = access
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
        guard inFlight.count < max(1, access.limits.maximumRequestsInFlight) else {
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
            request, formValues: request.form.map(formValues), documentURL: access.documentURL, origin: access.origin,
            policy: access.policy, limits: access.limits, client: access.client, clientCapabilities: access.clientCapabilities
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
