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
            liveDocument?.serviceStatus = "Live editing is off: \(commandName) was started with --no-live."
        case nil:
            break
        }
    }

    /// Starts (or restarts) the live service on 127.0.0.1:`port` (0 picks a free port). Returns the
    /// port listened on, or nil when it cannot listen (the reason is logged and shown in `live:`).
    @discardableResult
    public func startLiveService(onPort port: UInt16) -> UInt16? {
        let service = liveService ?? LiveService()
        service.delegate = self
        liveService = service
        do {
            let bound = try service.start(onPort: port)
            liveDocument?.serviceStatus = bound == LiveProtocol.defaultPort
                ? "The live service listens on \(LiveProtocol.loopbackHost):\(bound)."
                : "The live service listens on \(LiveProtocol.loopbackHost):\(bound): use “hublive --port \(bound) FILE.json”."
            return bound
        } catch {
            service.log("live editing is off: \(error)")
            liveDocument?.serviceStatus = "Live editing is off: \(error)."
            return nil
        }
    }

    /// Stops the live service; `live:` views keep their document.
    public func stopLiveService() {
        liveService?.stop()
        if liveService != nil { liveDocument?.serviceStatus = "The live service was stopped." }
    }

    /// Shows `live:` unless the current page already is a live view (which reloads by itself).
    private func presentLiveView() {
        if let current = navigator.currentPage, LiveFeature.isLiveURI(current.viewController.viewURI) { return }
        navigator.open(LiveFeature.rootURI.absoluteString)
    }

    // MARK: LiveServiceDelegate

    /// Shows a document a client sent in `live:` (or why it cannot be shown) and answers the client.
    public func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply {
        guard let liveDocument else { return .refused("this app has no live: feature") }
        let reply = liveDocument.receive(document)
        if case .invalid(_, let summary) = reply { service.log("a document was not shown: \(summary)") }
        presentLiveView()
        return reply
    }

    /// Shows in `live:` why a message was refused, and answers the client.
    public func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply {
        let reply = liveDocument?.refuse(reason) ?? .refused(reason)
        presentLiveView()
        return reply
    }
}
