import ArgumentParser
import Foundation
import HubFramework

// ArgumentParser reads a command's name, help texts and version from a static property, while each
// app built on the shell has its own: `HubCommandLine` puts them in a task-local value around each
// parse, and the commands below read it there.

/// The configuration of the command being parsed now.
struct LaunchCommandDescription: Sendable {
    @TaskLocal static var current = LaunchCommandDescription(configuration: CommandConfiguration())

    let configuration: CommandConfiguration
    /// Whether `--manifest` exists for this app (it is parsed either way, to say it does not).
    var acceptsManifest = false
}

/// `--manifest FILE`, for apps that can run a backend-defined app (``HubApplication/isManifestOptionEnabled``).
struct ManifestArguments: ParsableArguments {
    // The help is built when ArgumentParser makes an instance, inside the parse's task-local
    // description, so apps without the option do not list it.
    @Option(name: .customLong("manifest"),
            help: ArgumentHelp(localized("Run the app a backend manifest describes: its title, start view and features (docs/backend-apps.md)."),
                               valueName: "FILE.json",
                               visibility: LaunchCommandDescription.current.acceptsManifest ? .default : .private))
    var manifestPath: String?

    func validate() throws {
        if manifestPath != nil, !LaunchCommandDescription.current.acceptsManifest {
            throw ValidationError("Unknown option '--manifest'")
        }
    }
}

/// `--screenshot` and `--size`, which every app has.
struct ScreenshotArguments: ParsableArguments {
    @Option(name: .customLong("screenshot"),
            help: ArgumentHelp(localized("Render the first URI once it has loaded, write a PNG and exit (with a non-zero status when the view cannot be shown)."),
                               valueName: "FILE.png"))
    var screenshotPath: String?

    @Option(name: .customLong("size"),
            help: ArgumentHelp(localized("Window size for --screenshot, from 100x100 to 8000x8000."), valueName: "WxH"))
    var size = WindowSize(width: 1024, height: 768)
}

/// `--log-impressions`, which every app has.
struct ImpressionArguments: ParsableArguments {
    @Flag(name: .customLong("log-impressions"),
          help: ArgumentHelp(localized("Print a line to standard error each time a component with logging data has been seen (docs/viewer.md).")))
    var logsImpressions = false
}

/// `--live-port` and `--no-live`, for apps with live editing.
struct LiveEditingArguments: ParsableArguments {
    /// Optional so that the primary instance can tell whether a forwarded launch asked for a port.
    @Option(name: .customLong("live-port"),
            // Translators: %1$s is the service's address (127.0.0.1), %2$s the port it listens on by default.
            help: ArgumentHelp(localized("Port of the live-editing service on %1$s (default: %2$s).",
                                         LiveProtocol.loopbackHost, String(LiveProtocol.defaultPort)),
                               valueName: "N"))
    var requestedLivePort: UInt16?

    @Flag(name: .customLong("no-live"), help: ArgumentHelp(localized("Do not start the live-editing service.")))
    var noLive = false

    /// Refuses what the types let through: port 0.
    func validate() throws {
        if requestedLivePort == 0 { throw ValidationError(localized("--live-port must be between 1 and 65535.")) }
    }
}

/// What every launch command ends with: the manifest and the view URIs to open.
struct OpeningArguments: ParsableArguments {
    @OptionGroup var manifest: ManifestArguments

    @Argument(help: ArgumentHelp(localized("View URIs or files to open."), valueName: "URI"))
    var uris: [String] = []
}

/// An app's command line without live editing.
struct LaunchCommand: ParsableCommand {
    static var configuration: CommandConfiguration { LaunchCommandDescription.current.configuration }

    @OptionGroup var screenshot: ScreenshotArguments
    @OptionGroup var impressions: ImpressionArguments
    @OptionGroup var opening: OpeningArguments

    var options: HubCommandLine.Options {
        HubCommandLine.Options(screenshot: screenshot, impressions: impressions, opening: opening)
    }
}

/// An app's command line with live editing: the live options come between `--size` and the URIs.
struct LiveLaunchCommand: ParsableCommand {
    static var configuration: CommandConfiguration { LaunchCommandDescription.current.configuration }

    @OptionGroup var screenshot: ScreenshotArguments
    @OptionGroup var impressions: ImpressionArguments
    @OptionGroup var live: LiveEditingArguments
    @OptionGroup var opening: OpeningArguments

    var options: HubCommandLine.Options {
        var options = HubCommandLine.Options(screenshot: screenshot, impressions: impressions, opening: opening)
        options.requestedLivePort = live.requestedLivePort
        options.liveEnabled = !live.noLive
        return options
    }
}

extension HubCommandLine.Options {
    /// The options every launch command has: the screenshot, the impressions, the manifest and the
    /// URIs to open.
    init(screenshot: ScreenshotArguments, impressions: ImpressionArguments, opening: OpeningArguments) {
        self.init()
        uris = opening.uris
        screenshotPath = screenshot.screenshotPath
        width = screenshot.size.width
        height = screenshot.size.height
        logsImpressions = impressions.logsImpressions
        manifestPath = opening.manifest.manifestPath
    }
}
