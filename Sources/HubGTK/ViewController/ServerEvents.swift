import Foundation
import HubFramework

/// The event stream a view's document names (`"events"`), listened to while the view is shown: it
/// starts when the view appears with such a document, follows the document when another one names
/// another stream (or none), and stops when the view is left or torn down. What the events ask
/// of the view goes to `deliver`, in batches, on the main thread.
@MainActor
final class ServerEvents {
    private let access: ServerAccess
    private let deliver: @MainActor @Sendable ([EventStreamSession.Delivery]) -> Void
    private let report: @MainActor @Sendable (String) -> Void
    /// The stream the document names, resolved; nil for none.
    private var wanted: URL?
    /// Whether the view is shown.
    private var isVisible = false
    /// The stream listened to, and its URL.
    private var session: EventStreamSession?
    private var listening: URL?

    /// - Parameters:
    ///   - access: where the document came from, what it may reach and within which bounds.
    ///   - deliver: hears what the events ask, in order.
    ///   - report: hears why a stream was closed, refused or stopped.
    init(access: ServerAccess,
         deliver: @escaping @MainActor @Sendable ([EventStreamSession.Delivery]) -> Void,
         report: @escaping @MainActor @Sendable (String) -> Void)
    {
        self.access = access
        self.deliver = deliver
        self.report = report
    }

    /// The stream the view listens to now, if any.
    var url: URL? { session?.isListening == true ? listening : nil }

    /// The view's document came (again): its stream is listened to from now on.
    func sourceArrived(_ viewModel: ViewModel) {
        wanted = viewModel.eventStreamURL.flatMap { access.resolve($0) }
        if viewModel.eventStreamURL != nil, wanted == nil {
            report("the event stream \"\(viewModel.eventStreamURL!.cut(toUTF8Count: 200))\" is not a URL")
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
        guard target != listening || (target != nil && session == nil) else { return }
        session?.stop()
        session = nil
        listening = target
        guard let target else { return }
        session = EventStreamSession(url: target, documentURL: access.documentURL, origin: access.origin,
                                     policy: access.policy, limits: access.limits, client: access.client,
                                     clientCapabilities: access.clientCapabilities, deliver: deliver, report: report)
    }
}
