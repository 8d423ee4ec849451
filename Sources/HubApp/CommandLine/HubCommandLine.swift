import ArgumentParser
import Foundation
import HubFramework
import HubGTK

/// The command line of an app built on the shell:
/// `APP [--screenshot FILE.png] [--size WxH] [--log-impressions] [URI…]`, with `--live-port N` and `--no-live` when the
/// app has live editing, `--manifest FILE.json` when it runs backend manifests, and `--help` and
/// `--version` always.
///
/// ``HubApplication`` reads it twice for every launch, inside GApplication's own handling of the
/// command line: in the launched process before it registers (to answer `--help`, `--version` and bad
/// arguments there, and to run `--screenshot`, which never goes to a running instance), and in the
/// primary instance, which opens the URIs of its own launch and of those forwarded to it. The type
/// also stands alone, to see what a launch would do:
///
/// ```swift
/// let commandLine = HubCommandLine(commandName: "cities", title: "Cities", version: "1.0",
///                                  startURI: URL(string: "cities:overview")!)
/// if case .run(let options) = commandLine.launch(arguments: ["--size", "640x480", "cities:rome"]) {
///     print(options.uris)   // ["cities:rome"]
/// }
/// ```
public struct HubCommandLine: Sendable {
    /// The exit status for bad arguments: 2, the usual status of a usage error (ArgumentParser's own
    /// default is 64, EX_USAGE).
    public static let usageErrorStatus: Int32 = 2

    /// The program's name, shown in the usage line and by `--version`.
    public var commandName: String
    /// The app's name for people, in the help text.
    public var title: String
    /// What `--version` prints after the command name.
    public var version: String
    /// What opens when a launch gives no URI (named in the help text).
    public var startURI: URL
    /// Whether the live-editing options (`--live-port`, `--no-live`) exist.
    public var acceptsLiveEditingOptions: Bool
    /// Whether `--manifest FILE` exists (see ``HubApplication/isManifestOptionEnabled``).
    public var acceptsManifestOption: Bool

    /// Describes an app's command line.
    public init(commandName: String, title: String, version: String, startURI: URL,
                acceptsLiveEditingOptions: Bool = false, acceptsManifestOption: Bool = false)
    {
        self.acceptsManifestOption = acceptsManifestOption
        self.commandName = commandName
        self.title = title
        self.version = version
        self.startURI = startURI
        self.acceptsLiveEditingOptions = acceptsLiveEditingOptions
    }

    /// What one launch asked for.
    public struct Options: Equatable, Sendable {
        /// The URIs (or paths) to open, in order.
        public var uris: [String] = []
        /// `--screenshot`: where to write the PNG; nil runs the app.
        public var screenshotPath: String?
        /// The window width for `--screenshot`.
        public var width = 1024
        /// The window height for `--screenshot`.
        public var height = 768
        /// `--live-port`, when the launch gave one (so that the primary instance can tell a
        /// forwarded launch that asked for a port).
        var requestedLivePort: UInt16?
        /// False with `--no-live`.
        public var liveEnabled = true
        /// `--manifest`: the backend manifest to run the app from; nil runs the app's own features.
        public var manifestPath: String?
        /// `--log-impressions`: print a line to standard error for each impression
        /// (``HubApplication/logsImpressions``).
        public var logsImpressions = false

        /// The defaults: no URI, no screenshot, a 1024×768 window, live editing on its default port.
        public init() {}

        /// The port of the live-editing service (`--live-port`, or `LiveProtocol/defaultPort`).
        public var livePort: UInt16 {
            get { requestedLivePort ?? LiveProtocol.defaultPort }
            set { requestedLivePort = newValue }
        }

        /// True when the launch said anything about the live-editing service.
        var mentionsLiveService: Bool { requestedLivePort != nil || !liveEnabled }
    }

    /// What a launch's arguments ask for.
    public enum Launch: Sendable {
        /// Run with these options.
        case run(Options)
        /// Print `message` and exit with `status`: 0 for `--help` and `--version` (the message goes
        /// to standard output), ``HubCommandLine/usageErrorStatus`` for bad arguments (what was
        /// wrong and the usage, for standard error).
        case exit(status: Int32, message: String)
    }

    /// Parses the arguments after the program name; throws what was wrong (or ArgumentParser's
    /// request for help or the version, which ``launch(arguments:columns:)`` turns into text).
    public func parse(_ arguments: [String]) throws -> Options {
        try LaunchCommandDescription.$current.withValue(description) {
            acceptsLiveEditingOptions ? try LiveLaunchCommand.parse(arguments).options
                : try LaunchCommand.parse(arguments).options
        }
    }

    /// Reads the arguments after the program name.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - columns: the width to wrap the help at; nil uses the terminal's.
    public func launch(arguments: [String], columns: Int? = nil) -> Launch {
        do {
            return .run(try parse(arguments))
        } catch {
            return LaunchCommandDescription.$current.withValue(description) {
                let command: any ParsableCommand.Type = acceptsLiveEditingOptions
                    ? LiveLaunchCommand.self : LaunchCommand.self
                let message = command.fullMessage(for: error, columns: columns)
                return .exit(status: command.exitCode(for: error).isSuccess ? 0 : Self.usageErrorStatus,
                             message: message)
            }
        }
    }

    /// What `--version` prints: the command, its version and GTK's.
    public var versionText: String { "\(commandName) \(version) (GTK \(GtkRuntime.gtkVersion))" }

    private var description: LaunchCommandDescription {
        LaunchCommandDescription(configuration: CommandConfiguration(
            commandName: commandName,
            // Translators: the first line of --help; %s is the app's name.
            abstract: localized("Opens view URIs in %s.", title),
            // Translators: --help; %1$s is the app's name, %2$s its start view's URI.
            discussion: localized("A URI is a view URI, such as %2$s, or a path, read from the folder the command runs in. Without one, %1$s opens %2$s. When %1$s is already running, it opens the URIs in its window and this process exits.",
                                  title, startURI.absoluteString),
            version: versionText),
            acceptsManifest: acceptsManifestOption)
    }
}
