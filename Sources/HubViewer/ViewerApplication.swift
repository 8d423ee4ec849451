import Foundation
import HubFramework
import HubGTK

/// The `hub-viewer` application: a single-instance GtkApplication that opens view URIs.
/// `hub-viewer URI` opens the URI in the running window if there is one.
@MainActor
public final class ViewerApplication {
    /// The reverse-DNS application id, also the name of the `.desktop` file and the icon.
    public static let applicationID = "org.hubframework.Viewer"

    public let application: Application
    public let hub: Hub
    public let navigator: Navigator
    public private(set) var mainWindow: ViewerWindow?
    public private(set) var windowController: ViewerWindowController?
    /// What the live-editing service should do when the application starts (`hub-viewer` sets it
    /// from `--live-port`/`--no-live`); nil leaves it stopped (tests start it themselves).
    public var liveSetting: LiveSetting?
    /// The live-editing service, once started.
    public internal(set) var liveService: LiveService?

    /// - Parameters:
    ///   - unique: false gives a non-unique instance (tests, screenshots) that never forwards to a running viewer.
    ///   - applicationID: nil gives an anonymous application that does not appear on the session
    ///     bus at all (tests run many instances in one process).
    public init(unique: Bool = true, hub: Hub? = nil, applicationID: String? = ViewerApplication.applicationID) {
        application = Application(id: applicationID, isUnique: unique)
        GtkRuntime.installMainQueueBridge()
        self.hub = hub ?? ViewerHub.make()
        navigator = Navigator(hub: self.hub)
        self.hub.manager.uriOpener = navigator
        application.onStartup = { [weak self] in self?.startup() }
        application.onActivate = { [weak self] in
            guard let self else { return }
            let isNew = self.mainWindow == nil
            self.activate()
            if isNew { self.navigator.open(DemoFeatures.rootURI.absoluteString) }
        }
        application.onOpen = { [weak self] uris in self?.open(uris) }
    }

    private func startup() {
        ViewerStyle.load()
        applyLiveSetting()
        application.addAction("back", accelerators: ["<Alt>Left", "Back"]) { [weak self] in self?.navigator.goBack() }
        application.addAction("forward", accelerators: ["<Alt>Right", "Forward"]) { [weak self] in
            self?.navigator.goForward()
        }
        application.addAction("reload", accelerators: ["F5", "<Control>r"]) { [weak self] in self?.navigator.reload() }
        application.addAction("focus-address", accelerators: ["<Control>l", "F6"]) { [weak self] in
            self?.windowController?.focusAddress()
        }
        application.addAction("close", accelerators: ["<Control>w"]) { [weak self] in self?.mainWindow?.window.close() }
        application.addAction("quit", accelerators: ["<Control>q"]) { [weak self] in self?.application.quit() }
    }

    /// Creates the main window on first activation and presents it.
    @discardableResult
    public func activate() -> ViewerWindow {
        if let mainWindow {
            mainWindow.present()
            return mainWindow
        }
        let window = ViewerWindow(application: application)
        mainWindow = window
        windowController = ViewerWindowController(window: window, hub: hub, navigator: navigator)
        window.present()
        return window
    }

    /// Shows the window and opens `uris` in it, in order (the last one ends up on screen).
    func open(_ uris: [URL]) {
        activate()
        for uri in uris { navigator.open(uri.absoluteString) }
    }

    /// Closes the window and stops the live service. The application leaves the session bus when
    /// this object is released.
    public func close() {
        stopLiveService()
        mainWindow?.window.destroy()
        mainWindow = nil
        windowController = nil
    }

    /// Runs the application until its last window closes; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        application.run(arguments: arguments)
    }
}
