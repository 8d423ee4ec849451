import Foundation
import HubFramework
import HubGTK

extension HubApplication: LiveServiceDelegate {
    /// The document `live:` views show; nil without live editing (``isLiveEditingEnabled``) or before
    /// the application started.
    public var liveDocument: LiveDocument? { LiveFeature.document(in: hub) }

    /// Starts the service as the launch asked (`--live-port`, `--no-live`), when it said anything.
    func applyLiveSetting() {
        guard isLiveEditingEnabled else { return }
        switch liveSetting {
        case .port(let port)?:
            startLiveService(onPort: port)
        case .disabled?:
            liveDocument?.serviceStatus = localized("Live editing is off: %s was started with --no-live.", commandName)
        case nil:
            break
        }
    }

    /// Starts (or restarts) the live service on 127.0.0.1:`port` (0 picks a free port), held to
    /// ``liveServiceLimits``, and writes its new session token to ``liveTokenFile`` for `hublive`.
    /// Returns the port listened on, or nil when it cannot listen or cannot write the token (the
    /// reason is logged and shown in `live:`).
    @discardableResult
    public func startLiveService(onPort port: UInt16) -> UInt16? {
        stopLiveService()
        let service: LiveService
        if let current = liveService, current.limits == liveServiceLimits {
            service = current
        } else {
            service = LiveService(limits: liveServiceLimits)
            if let current = liveService { service.log = current.log }
        }
        service.delegate = self
        liveService = service
        let bound: UInt16
        do {
            bound = try service.start(onPort: port)
        } catch {
            service.log("live editing is off: \(error)")
            liveDocument?.serviceStatus = localized("Live editing is off: %s.", String(describing: error))
            return nil
        }
        do {
            try liveTokenFile.write(service.token, port: bound)
        } catch {
            // Without the token file nobody can push, and a service nobody can use is only a risk.
            service.stop()
            service.log("live editing is off: cannot write the session token: \(error)")
            liveDocument?.serviceStatus = localized("Live editing is off: cannot write the session token: %s.",
                                                    String(describing: error))
            return nil
        }
        // A port is a number that names the service, written as it is typed: not grouped as quantities are.
        let port = String(bound)
        liveDocument?.serviceStatus = bound == LiveProtocol.defaultPort
            // Translators: %1$s is the service's address (127.0.0.1), %2$s its port.
            ? localized("The live service listens on %1$s:%2$s.", LiveProtocol.loopbackHost, port)
            // Translators: %1$s is the service's address (127.0.0.1), %2$s its port; keep the command
            // “hublive --port %2$s FILE.json” as it is.
            : localized("The live service listens on %1$s:%2$s: use “hublive --port %2$s FILE.json”.",
                        LiveProtocol.loopbackHost, port)
        return bound
    }

    /// Stops the live service and deletes its token file; `live:` views keep their document.
    public func stopLiveService() {
        guard let service = liveService else { return }
        if let port = service.port { liveTokenFile.remove(port: port, ifItHolds: service.token) }
        let wasListening = service.isListening
        service.stop()
        if wasListening { liveDocument?.serviceStatus = localized("The live service was stopped.") }
    }

    /// Shows `live:` unless the current page already is a live view (which reloads by itself).
    private func presentLiveView() {
        if let current = navigator.currentPage, LiveFeature.isLiveURI(current.viewController.viewURI) { return }
        navigator.open(LiveFeature.rootURI.absoluteString)
    }

    // MARK: LiveServiceDelegate

    /// Shows a document a client sent in `live:` (or why it cannot be shown) and answers the client,
    /// reading it on the calling thread (the service uses ``liveService(_:didReceive:reply:)``).
    public func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply {
        guard let liveDocument else { return .refused("this app has no live: feature") }
        let reply = liveDocument.receive(document)
        if case .invalid(_, let summary) = reply { service.log("a document was not shown: \(summary)") }
        presentLiveView()
        return reply
    }

    /// Reads a document a client sent off the main thread, shows it in `live:` (or why it cannot
    /// be shown) and answers the client.
    public func liveService(_ service: LiveService, didReceive document: Data,
                            reply: @escaping @MainActor (LiveReply) -> Void)
    {
        guard let liveDocument else { return reply(.refused("this app has no live: feature")) }
        liveDocument.receive(document) { [weak self] answer in
            if case .invalid(_, let summary) = answer { service.log("a document was not shown: \(summary)") }
            self?.presentLiveView()
            reply(answer)
        }
    }

    /// Shows in `live:` why a message was refused, and answers the client.
    public func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply {
        let reply = liveDocument?.refuse(reason) ?? .refused(reason)
        presentLiveView()
        return reply
    }
}
