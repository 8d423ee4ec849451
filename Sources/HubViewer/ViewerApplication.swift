import CGtk
import Foundation
import HubFramework
import HubGTK

/// The `hub-viewer` application: a single-instance GtkApplication that opens view URIs.
/// `hub-viewer URI` opens the URI in the running window if there is one.
@MainActor
public final class ViewerApplication {
    /// The reverse-DNS application id, also the name of the `.desktop` file and the icon.
    public static let applicationID = "org.hubframework.Viewer"

    public let application: UnsafeMutablePointer<GtkApplication>
    public let hub: Hub
    public let navigator: Navigator
    public private(set) var mainWindow: ViewerWindow?
    public private(set) var windowController: ViewerWindowController?
    /// What the live-editing service should do when the application starts (`hub-viewer` sets it
    /// from `--live-port`/`--no-live`); nil leaves it stopped (tests start it themselves).
    public var liveSetting: LiveSetting?
    /// The live-editing service, once started.
    public internal(set) var liveService: LiveService?
    private var connections: [SignalConnection] = []
    private var actions: [OpaquePointer] = []

    /// - Parameters:
    ///   - unique: false gives a non-unique instance (tests, screenshots) that never forwards to a running viewer.
    ///   - applicationID: nil gives an anonymous application that does not appear on the session
    ///     bus at all (tests run many instances in one process).
    public init(unique: Bool = true, hub: Hub? = nil, applicationID: String? = ViewerApplication.applicationID) {
        var flags = G_APPLICATION_HANDLES_OPEN
        if !unique { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        application = gtk_application_new(applicationID, flags)
        GtkRuntime.installMainQueueBridge()
        self.hub = hub ?? ViewerHub.make()
        navigator = Navigator(hub: self.hub)
        self.hub.manager.uriOpener = navigator
        connections.append(GSignal.connect(application, "startup") { [weak self] in self?.startup() })
        connections.append(GSignal.connect(application, "activate") { [weak self] in
            guard let self else { return }
            let isNew = self.mainWindow == nil
            self.activate()
            if isNew { self.navigator.open(DemoFeatures.rootURI.absoluteString) }
        })
        connections.append(GSignal.connectOpen(application) { [weak self] files, count in
            self?.openFiles(files, count: count)
        })
    }

    private func startup() {
        ViewerStyle.load()
        applyLiveSetting()
        addAction("back", accelerators: ["<Alt>Left", "Back"]) { [weak self] in self?.navigator.goBack() }
        addAction("forward", accelerators: ["<Alt>Right", "Forward"]) { [weak self] in self?.navigator.goForward() }
        addAction("reload", accelerators: ["F5", "<Control>r"]) { [weak self] in self?.navigator.reload() }
        addAction("focus-address", accelerators: ["<Control>l", "F6"]) { [weak self] in
            self?.windowController?.focusAddress()
        }
        addAction("close", accelerators: ["<Control>w"]) { [weak self] in
            if let window = self?.mainWindow?.window { gtk_window_close(hub_window(window)) }
        }
        addAction("quit", accelerators: ["<Control>q"]) { [weak self] in
            if let self { g_application_quit(hub_g_application(self.application)) }
        }
    }

    private func addAction(_ name: String, accelerators: [String], _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        connections.append(GSignal.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in handler() })
        g_action_map_add_action(hub_action_map(application), hub_action(UnsafeMutableRawPointer(action)))
        actions.append(action)
        var cStrings = accelerators.map { strdup($0) } + [nil]
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application, "app.\(name)", $0)
            }
        }
        cStrings.forEach { free($0) }
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

    private func openFiles(_ files: UnsafeMutableRawPointer?, count: Int) {
        activate()
        guard let files else { return }
        let array = files.assumingMemoryBound(to: OpaquePointer?.self)
        for index in 0..<count {
            guard let file = array[index], let uri = g_file_get_uri(file) else { continue }
            navigator.open(String(cString: uri))
            g_free(uri)
        }
    }

    /// Closes the window and releases the application (tests and screenshots create several
    /// applications in one process; each must leave the session bus before the next registers).
    public func close() {
        stopLiveService()
        if let window = mainWindow?.window { gtk_widget_destroy(window) }
        mainWindow = nil
        windowController = nil
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        for action in actions { g_object_unref(UnsafeMutableRawPointer(action)) }
        actions.removeAll()
        g_object_unref(UnsafeMutableRawPointer(application))
    }

    /// Runs the application until its last window closes; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        return cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(hub_g_application(application), Int32(buffer.count), buffer.baseAddress)
        }
    }
}
