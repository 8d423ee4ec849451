import Foundation
import HubFramework
import HubGTK

/// Live editing in an app: the `LiveService` that `hublive` pushes JSON files to, its session token
/// file, what the launch asked of it (`--live-port`, `--no-live`), and the `live:` view the documents
/// it receives are shown in. The service's delegate.
@MainActor
final class AppLiveEditing: LiveServiceDelegate {
    /// What the service should do when the application starts; nil leaves it stopped (tests start
    /// it themselves).
    var setting: LiveSetting?
    /// The service, once started.
    var service: LiveService?
    /// The bounds the service holds its clients to; a change applies the next time it starts.
    var limits = LiveServiceLimits()
    /// Where the service's session token is written for `hublive`.
    var tokenFile = LiveTokenFile()
    /// The hub whose `live:` feature shows the documents.
    private let hub: Hub
    /// The app's windows: `live:` opens in the one the user was in last when a document arrives.
    private let windows: AppWindows

    /// Live editing for the `live:` feature of `hub`, shown in `windows`; nothing runs yet.
    init(hub: Hub, windows: AppWindows) {
        self.hub = hub
        self.windows = windows
    }

    /// The document `live:` views show; nil while the `live:` feature is not registered.
    var document: LiveDocument? { LiveFeature.document(in: hub) }

    /// Starts the service as the launch asked (``setting``), when it said anything.
    /// - Parameter commandName: the program's name, for the message of `--no-live`.
    func applySetting(commandName: String) {
        switch setting {
        case .port(let port)?:
            start(onPort: port)
        case .disabled?:
            document?.serviceStatus = localized("Live editing is off: %s was started with --no-live.", commandName)
        case nil:
            break
        }
    }

    /// Starts (or restarts) the service on 127.0.0.1:`port` (0 picks a free port), held to
    /// ``limits``, and writes its new session token to ``tokenFile`` for `hublive`. Returns the port
    /// listened on, or nil when it cannot listen or cannot write the token (the reason is logged and
    /// shown in `live:`).
    @discardableResult
    func start(onPort port: UInt16) -> UInt16? {
        stop()
        let service: LiveService
        if let current = self.service, current.limits == limits {
            service = current
        } else {
            service = LiveService(limits: limits)
            if let current = self.service { service.log = current.log }
        }
        service.delegate = self
        self.service = service
        let bound: UInt16
        do {
            bound = try service.start(onPort: port)
        } catch {
            service.log("live editing is off: \(error)")
            document?.serviceStatus = localized("Live editing is off: %s.", String(describing: error))
            return nil
        }
        do {
            try tokenFile.write(service.token, port: bound)
        } catch {
            // Without the token file nobody can push, and a service nobody can use is only a risk.
            service.stop()
            service.log("live editing is off: cannot write the session token: \(error)")
            document?.serviceStatus = localized("Live editing is off: cannot write the session token: %s.",
                                                String(describing: error))
            return nil
        }
        // A port is a number that names the service, written as it is typed: not grouped as quantities are.
        let port = String(bound)
        document?.serviceStatus = bound == LiveProtocol.defaultPort
            // Translators: %1$s is the service's address (127.0.0.1), %2$s its port.
            ? localized("The live service listens on %1$s:%2$s.", LiveProtocol.loopbackHost, port)
            // Translators: %1$s is the service's address (127.0.0.1), %2$s its port; keep the command
            // “hublive --port %2$s FILE.json” as it is.
            : localized("The live service listens on %1$s:%2$s: use “hublive --port %2$s FILE.json”.",
                        LiveProtocol.loopbackHost, port)
        return bound
    }

    /// Stops the service and deletes its token file; `live:` views keep their document.
    func stop() {
        guard let service else { return }
        if let port = service.port { tokenFile.remove(port: port, ifItHolds: service.token) }
        let wasListening = service.isListening
        service.stop()
        if wasListening { document?.serviceStatus = localized("The live service was stopped.") }
    }

    /// Shows `live:` unless the current page already is a live view (which reloads by itself).
    private func presentLiveView() {
        let navigator = windows.currentNavigator
        if let current = navigator.currentPage, LiveFeature.isLiveURI(current.viewController.viewURI) { return }
        _ = navigator.open(LiveFeature.rootURI)
    }

    // MARK: LiveServiceDelegate

    /// Shows a document a client sent in `live:` (or why it cannot be shown) and answers the client,
    /// reading it on the calling thread.
    func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply {
        guard let liveDocument = self.document else { return .refused("this app has no live: feature") }
        liveDocument.clientCapabilities = hub.clientCapabilities
        let reply = liveDocument.receive(document)
        if case .invalid(_, let summary) = reply { service.log("a document was not shown: \(summary)") }
        presentLiveView()
        return reply
    }

    /// Reads a document a client sent off the main thread, shows it in `live:` (or why it cannot
    /// be shown) and answers the client.
    func liveService(_ service: LiveService, didReceive document: Data,
                     reply: @escaping @MainActor (LiveReply) -> Void)
    {
        guard let liveDocument = self.document else { return reply(.refused("this app has no live: feature")) }
        // Read for this app, as its views' loaders read documents: what it cannot show gives way.
        liveDocument.clientCapabilities = hub.clientCapabilities
        liveDocument.receive(document) { [weak self] answer in
            if case .invalid(_, let summary) = answer { service.log("a document was not shown: \(summary)") }
            self?.presentLiveView()
            reply(answer)
        }
    }

    /// Shows in `live:` why a message was refused, and answers the client.
    func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply {
        let reply = document?.refuse(reason) ?? .refused(reason)
        presentLiveView()
        return reply
    }
}
