import CGtk
import HubFramework
import HubGTK

/// The `hub-viewer` application: a single-instance GtkApplication that opens view URIs.
@MainActor
public final class ViewerApplication {
    /// The reverse-DNS application id, also the name of the `.desktop` file and the icon.
    public static let applicationID = "org.hubframework.Viewer"

    public let application: UnsafeMutablePointer<GtkApplication>
    public private(set) var mainWindow: ViewerWindow?
    private var connections: [SignalConnection] = []

    /// - Parameter unique: false gives a non-unique instance (tests), which does not need a session bus.
    public init(unique: Bool = true) {
        var flags = G_APPLICATION_HANDLES_OPEN
        if !unique { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        application = gtk_application_new(Self.applicationID, flags)
        GtkRuntime.installMainQueueBridge()
        connections.append(GSignal.connect(application, "activate") { [weak self] in
            self?.activate()
        })
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
        window.present()
        return window
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
