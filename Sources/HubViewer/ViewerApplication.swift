import Foundation
import HubFramework
import HubGTK

/// The `hub-viewer` application: a single-instance GtkApplication that opens view URIs.
/// `hub-viewer URI` opens the URI in the running window if there is one.
///
/// The command line (``ViewerOptions``) is read inside GApplication's own handling, so that a
/// second launch still reaches the running viewer: the launched process reads it first and
/// answers `--help`, `--version` and bad arguments, or runs `--screenshot`, without registering;
/// otherwise GApplication registers and hands the arguments to the primary instance — this process
/// or the running viewer — which opens the URIs.
@MainActor
public final class ViewerApplication {
    /// The reverse-DNS application id, also the name of the `.desktop` file and the icon.
    public static let applicationID = "org.hubframework.Viewer"

    /// The GtkApplication.
    public let application: Application
    /// The features, components and view controller factory of the viewer.
    public let hub: Hub
    /// The navigation stack, also the opener of target URIs.
    public let navigator: Navigator
    /// The window, once the application has been activated.
    public private(set) var mainWindow: ViewerWindow?
    /// Connects the window to the navigator.
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
        // URIs handed over on the session bus rather than on a command line (GApplication's Open
        // method) arrive as `open`.
        application.onOpen = { [weak self] uris in self?.open(uris.map(\.absoluteString)) }
        application.onLocalCommandLine = { [weak self] arguments in self?.handleLocally(arguments) }
        application.onCommandLine = { [weak self] commandLine in self?.handle(commandLine) ?? 1 }
    }

    // MARK: Command line

    /// In the launched process, before it registers: answers what needs no viewer, and notes the
    /// live-editing setting in case this process becomes the viewer.
    private func handleLocally(_ arguments: [String]) -> Int32? {
        switch ViewerOptions.launch(arguments: Array(arguments.dropFirst())) {
        case .exit(let status, let message):
            let stream = status == 0 ? FileHandle.standardOutput : FileHandle.standardError
            stream.write(Data((message + "\n").utf8))
            return status
        case .run(let options):
            // A screenshot is a process of its own: it never goes to a running viewer.
            if options.screenshotPath != nil { return ScreenshotRunner.run(options: options) }
            liveSetting = options.liveEnabled ? .port(options.livePort) : .disabled
            return nil
        }
    }

    /// In the primary instance, for its own launch and every launch forwarded to it: opens the
    /// URIs (or shows the window). What it prints goes to the launched process's terminal.
    private func handle(_ commandLine: ApplicationCommandLine) -> Int32 {
        // The launched process has read these arguments already; they are read again because only
        // the arguments travel to the primary instance.
        let options: ViewerOptions
        switch ViewerOptions.launch(arguments: Array(commandLine.arguments.dropFirst()),
                                    columns: commandLine.isRemote ? 80 : nil)
        {
        case .exit(let status, let message):
            if status == 0 { commandLine.print(message + "\n") } else { commandLine.printError(message + "\n") }
            return status
        case .run(let parsed):
            options = parsed
        }
        if options.screenshotPath != nil {
            commandLine.printError("hub-viewer: --screenshot runs in a process of its own, not in a running viewer\n")
            return ViewerOptions.usageErrorStatus
        }
        if commandLine.isRemote, options.mentionsLiveService {
            commandLine.printError("hub-viewer: the running viewer keeps its live-editing service as it was started; "
                + "--live-port and --no-live apply when no viewer is running\n")
        }
        if options.uris.isEmpty {
            application.activate()
        } else {
            // Relative paths are relative to the launched process's folder, not the viewer's.
            open(options.uris.map { commandLine.url(forArgument: $0)?.absoluteString ?? $0 })
        }
        return 0
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
    func open(_ uris: [String]) {
        activate()
        for uri in uris { navigator.open(uri) }
    }

    /// Closes the window and stops the live service. The application leaves the session bus when
    /// this object is released.
    public func close() {
        stopLiveService()
        mainWindow?.window.destroy()
        mainWindow = nil
        windowController = nil
    }

    /// Runs `hub-viewer`'s command line and then, in the primary instance, the application until
    /// its last window closes. Returns the exit status.
    /// - Parameter arguments: the program name, then its arguments (`CommandLine.arguments`).
    public func run(arguments: [String]) -> Int32 {
        application.run(arguments: arguments)
    }
}
