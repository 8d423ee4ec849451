import Foundation
import HubFramework

/// The event stream a view's document names (`"events"`), listened to while the view is shown: it
/// starts when the view appears with such a document, follows the document when another one names
/// another stream (or none), and stops when the view is left or torn down. What the events ask
/// of the view goes, in batches, on the main thread, to the listener given with the document that
/// started the stream: a later document that names the same stream leaves it running, and the
/// latest document's listener hears it from when it starts again (the view shown again).
@MainActor
final class ServerEvents {
    /// Who hears a document's stream: what its events ask, in order, and why it was closed,
    /// refused or stopped.
    struct Listener {
        let deliver: @MainActor @Sendable ([EventStreamSession.Delivery]) -> Void
        let report: @MainActor @Sendable (String) -> Void
    }

    private let access: ServerAccess
    /// The stream the document names, resolved, and who hears it; nil for none.
    private var wanted: (url: URL, listener: Listener)?
    /// Whether the view is shown.
    private var isVisible = false
    /// The stream listened to, and its URL.
    private var session: EventStreamSession?
    private var listening: URL?

    /// - Parameter access: where the document came from, what it may reach and within which bounds.
    init(access: ServerAccess) {
        self.access = access
    }

    /// The stream the view listens to now, if any.
    var url: URL? { session?.isListening == true ? listening : nil }

    /// The view's document came (again): its stream is listened to from now on, by `listener`.
    func sourceArrived(_ viewModel: ViewModel, listener: Listener) {
        wanted = viewModel.eventStreamURL.flatMap { access.resolve($0) }.map { ($0, listener) }
        if viewModel.eventStreamURL != nil, wanted == nil {
            listener.report("the event stream \"\(viewModel.eventStreamURL!.cut(toUTF8Count: 200))\" is not a URL")
        }
        update()
    }

    /// The view was shown or left.
    func setVisible(_ visible: Bool) {
        isVisible = visible
        update()
    }

    /// Stops listening for good (the view is torn down).
    func stop() {
        isVisible = false
        wanted = nil
        update()
    }

    private func update() {
        let target = isVisible ? wanted : nil
        guard target?.url != listening || (target != nil && session == nil) else { return }
        session?.stop()
        session = nil
        listening = target?.url
        guard let target else { return }
        session = EventStreamSession(url: target.url, documentURL: access.documentURL, origin: access.origin,
                                     policy: access.policy, limits: access.limits, client: access.client,
                                     clientCapabilities: access.clientCapabilities,
                                     deliver: target.listener.deliver, report: target.listener.report)
    }
}
