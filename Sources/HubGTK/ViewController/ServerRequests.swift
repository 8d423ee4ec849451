import Foundation
import HubFramework

/// The requests a view's document sent its server (`request`, and `submit` with a `url`) that are
/// waiting for their answers: one per component at most (the component is busy until its answer),
/// at most ``ContentLimits/maximumRequestsInFlight`` for the view; all cancelled, their connections
/// closed, when the view is left.
///
/// It is made with the `ServerAccess` alone. Each request comes with what it needs of the view: the
/// values of its form, the state that shows its component busy, and who hears its outcome.
@MainActor
final class ServerRequests {
    /// A request in flight: the exchange, the state its component is busy in, and which request of
    /// the component it is (so that a completion finds its own entry, not a later one's).
    private struct InFlight {
        let exchange: ServerExchange
        let state: ViewState
        let generation: Int
    }

    private let access: ServerAccess
    /// The requests in flight, by the identifier of the component that sent each.
    private var inFlight: [String: InFlight] = [:]
    /// Counts requests.
    private var generation = 0

    /// - Parameter access: where the document came from, what it may reach and within which bounds,
    ///   read at each request.
    init(access: ServerAccess) {
        self.access = access
    }

    /// How many requests are in flight.
    var count: Int { inFlight.count }

    /// Sends `request` unless its component already waits for an answer (returns false). When the
    /// view has too many requests in flight, it is not sent and fails at once.
    ///
    /// - Parameters:
    ///   - formValues: reads the values of the request's form the view shows, by variable name
    ///     (nil when it sends no form), once the request is to be sent.
    ///   - state: shows the component busy until the answer.
    ///   - finished: hears the outcome on the main thread, after the event that sent the request;
    ///     not when the request is cancelled.
    func send(_ request: PreparedRequest, formValues: () -> JSONObject?, busyIn state: ViewState,
              finished: @escaping @MainActor (ServerExchange.Outcome) -> Void) -> Bool
    {
        let sender = request.handlers.model.identifier
        guard inFlight[sender] == nil else { return false }
        guard inFlight.count < max(1, access.limits.maximumRequestsInFlight) else {
            let message = "the view has \(inFlight.count) requests waiting for their answers (the limit "
                + "maximumRequestsInFlight); this one was not sent"
            let outcome = ServerExchange.Outcome.failure(message)
            // As an answer would: after the event that sent it.
            DispatchQueue.main.async { MainActor.assumeIsolated { finished(outcome) } }
            return true
        }
        generation += 1
        let mine = generation
        state.setBusy(true, component: sender)
        let exchange = ServerExchange(
            request, formValues: formValues(), documentURL: access.documentURL, origin: access.origin,
            policy: access.policy, limits: access.limits, client: access.client, clientCapabilities: access.clientCapabilities
        ) { [weak self] outcome in
            guard let self, let entry = inFlight[sender], entry.generation == mine else { return }
            inFlight[sender] = nil
            entry.state.setBusy(false, component: sender)
            finished(outcome)
        }
        inFlight[sender] = InFlight(exchange: exchange, state: state, generation: mine)
        return true
    }

    /// Cancels every request in flight: nothing they would have answered happens, and their
    /// components are no longer busy.
    func cancelAll() {
        let cancelled = inFlight
        inFlight = [:]
        for (sender, entry) in cancelled {
            entry.exchange.cancel()
            entry.state.setBusy(false, component: sender)
        }
    }
}
