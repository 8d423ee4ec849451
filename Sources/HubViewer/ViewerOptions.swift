import ArgumentParser
import Foundation
import HubFramework
import HubGTK

/// The viewer's command line: `hub-viewer [--screenshot FILE.png] [--size WxH] [--live-port N]
/// [--no-live] [URI…]`, plus `--help` and `--version`.
///
/// `ViewerApplication.run(arguments:)` parses it twice, inside GApplication's command-line
/// handling: in the launched process before it registers (to answer `--help`, `--version` and bad
/// arguments there, and to run `--screenshot`, which never goes to a running viewer), and in the
/// primary instance, which opens the URIs of its own launch and of those forwarded to it.
public struct ViewerOptions: ParsableCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The command's name, help texts and version, for ArgumentParser.
    public static let configuration = CommandConfiguration(
        commandName: "hub-viewer",
        abstract: "Opens view URIs in the Hub viewer.",
        discussion: """
            A URI is a view URI, such as hub-demo:root or cities:overview, or a JSON file in the \
            default schema (file:///path/view.json, or a path). Without one the viewer opens \
            hub-demo:root. When a viewer is already running, it opens the URIs in its window and this \
            process exits.
            """,
        version: "hub-viewer \(version) (GTK \(GtkRuntime.gtkVersion))")

    /// `--screenshot`: where to write the PNG; nil runs the viewer.
    @Option(name: .customLong("screenshot"),
            help: ArgumentHelp("Render the first URI once it has loaded, write a PNG and exit (with a non-zero "
                                   + "status when the view cannot be shown).", valueName: "FILE.png"))
    public var screenshotPath: String?

    @Option(name: .customLong("size"),
            help: ArgumentHelp("Window size for --screenshot, from 100x100 to 8000x8000.", valueName: "WxH"))
    var size = WindowSize(width: 1024, height: 768)

    /// Optional so that the primary instance can tell whether a forwarded launch asked for a port.
    @Option(name: .customLong("live-port"),
            help: ArgumentHelp("Port of the live-editing service on \(LiveProtocol.loopbackHost) (default: "
                                   + "\(LiveProtocol.defaultPort)).", valueName: "N"))
    var requestedLivePort: UInt16?

    @Flag(name: .customLong("no-live"), help: "Do not start the live-editing service.")
    var noLive = false

    /// The URIs (or paths) to open, in order.
    @Argument(help: ArgumentHelp("View URIs or JSON files to open.", valueName: "URI"))
    public var uris: [String] = []

    /// The defaults: no URI, no screenshot, live editing on its default port.
    public init() {}

    /// Parses the arguments after the program name; throws what ArgumentParser found wrong (or a
    /// request for help or the version).
    public init(arguments: [String]) throws {
        self = try Self.parse(arguments)
    }

    /// Refuses what the types let through: port 0.
    public func validate() throws {
        if requestedLivePort == 0 { throw ValidationError("--live-port must be between 1 and 65535.") }
    }

    /// The window width for `--screenshot`.
    public var width: Int {
        get { size.width }
        set { size.width = newValue }
    }

    /// The window height for `--screenshot`.
    public var height: Int {
        get { size.height }
        set { size.height = newValue }
    }

    /// The port of the live-editing service.
    public var livePort: UInt16 {
        get { requestedLivePort ?? LiveProtocol.defaultPort }
        set { requestedLivePort = newValue }
    }

    /// False with `--no-live`.
    public var liveEnabled: Bool {
        get { !noLive }
        set { noLive = !newValue }
    }

    /// True when the launch said anything about the live-editing service.
    var mentionsLiveService: Bool { requestedLivePort != nil || noLive }
}

/// `--size WxH`: a window size from 100×100 to 8000×8000.
struct WindowSize: ExpressibleByArgument, Sendable {
    static let range = 100...8000

    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            Self.range.contains(width), Self.range.contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

extension ViewerOptions {
    /// What a launch's arguments ask for.
    public enum Launch {
        /// Run with these options.
        case run(ViewerOptions)
        /// Print `message` and exit with `status`: 0 for `--help` and `--version` (the message goes
        /// to standard output), 2 for bad arguments (what was wrong and the usage, for standard error).
        case exit(status: Int32, message: String)
    }

    /// The exit status for bad arguments: 2, the usual status of a usage error (ArgumentParser's
    /// own default is 64, EX_USAGE).
    public static let usageErrorStatus: Int32 = 2

    /// Reads the arguments after the program name.
    /// - Parameter columns: the width to wrap the help at; nil uses the terminal's.
    public static func launch(arguments: [String], columns: Int? = nil) -> Launch {
        do {
            return .run(try ViewerOptions(arguments: arguments))
        } catch {
            let message = fullMessage(for: error, columns: columns)
            return .exit(status: exitCode(for: error).isSuccess ? 0 : usageErrorStatus, message: message)
        }
    }
}
