import Foundation
import HubFramework
import HubGTK

/// The app's command line, read inside GApplication's own handling so that a second launch still
/// reaches the running app: the launched process reads it first (``handleLocally(_:)``) and answers
/// `--help`, `--version` and bad arguments, or runs `--screenshot`, without registering; otherwise
/// GApplication registers and hands the arguments to the primary instance — this process or the
/// running app — which opens the URIs (``handle(_:)``).
@MainActor
final class AppLaunchHandler {
    /// Whether the command line has `--manifest FILE.json`.
    var acceptsManifestOption = false
    /// The GApplication the launches come through.
    private let application: Application
    /// The settings that say what a command line does not (live editing, impressions).
    private let settings: AppSettings
    /// Turned on by `--log-impressions`.
    private let impressions: AppImpressions
    /// Whether the app offers live editing, and so its options; its live editing is told what
    /// `--live-port` and `--no-live` ask.
    private let builtInFeatures: BuiltInFeatures

    /// The command line of an app: the launches come through `application`; the parts they act on
    /// are given here. What the app does for a launch comes with each launch (`AppLaunching`).
    init(application: Application, settings: AppSettings, impressions: AppImpressions, builtInFeatures: BuiltInFeatures) {
        self.application = application
        self.settings = settings
        self.impressions = impressions
        self.builtInFeatures = builtInFeatures
    }

    /// The command line of the app `identity` names: its name, version and options (the
    /// live-editing ones with live editing, `--manifest` with ``acceptsManifestOption``).
    func commandLine(for identity: AppIdentity) -> HubCommandLine {
        HubCommandLine(commandName: identity.commandName, title: identity.title, version: identity.version,
                              startURI: identity.startURI,
                              acceptsLiveEditingOptions: builtInFeatures.isLiveEditingEnabled,
                              acceptsManifestOption: acceptsManifestOption)
    }

    /// In the launched process, before it registers: answers what needs no running app, and notes the
    /// live-editing setting in case this process becomes the primary instance.
    func handleLocally(_ arguments: [String], for app: any AppLaunching) -> Int32? {
        switch commandLine(for: app.launchIdentity).launch(arguments: Array(arguments.dropFirst())) {
        case .exit(let status, let message):
            let stream = status == 0 ? StandardStreamWriter.standardOutput : StandardStreamWriter.standardError
            stream.write(message + "\n")
            return status
        case .run(let options):
            if let path = options.manifestPath {
                if let status = loadManifestFromCommandLine(path, for: app) { return status }
                // A backend app is an app of its own: it never hands its launch to a running
                // instance of this one, which shows other features.
                application.isUnique = false
            }
            // Only the process that becomes the primary instance shows views, and so prints their
            // impressions: a launch handed to a running instance is told so by `handle(_:)`.
            if options.logsImpressions || settings.logsImpressions { impressions.logsImpressions = true }
            // A screenshot is a process of its own: it never goes to a running instance.
            if options.screenshotPath != nil { return app.takeScreenshot(options) }
            if builtInFeatures.isLiveEditingEnabled {
                // The command line wins; the settings (with a settings schema) say what it does not.
                builtInFeatures.live.setting = options.mentionsLiveService
                    ? (options.liveEnabled ? .port(options.livePort) : .disabled)
                    : settings.liveSetting ?? .port(options.livePort)
            }
            return nil
        }
    }

    /// In the primary instance, for its own launch and every launch forwarded to it: opens the URIs
    /// (or shows the window). What it prints goes to the launched process's terminal.
    func handle(_ launch: ApplicationCommandLine, for app: any AppLaunching) -> Int32 {
        // The launched process has read these arguments already; they are read again because only
        // the arguments travel to the primary instance.
        let options: HubCommandLine.Options
        switch commandLine(for: app.launchIdentity).launch(arguments: Array(launch.arguments.dropFirst()),
                                                          columns: launch.isRemote ? 80 : nil)
        {
        case .exit(let status, let message):
            if status == 0 { launch.print(message + "\n") } else { launch.printError(message + "\n") }
            return status
        case .run(let parsed):
            options = parsed
        }
        if let path = options.manifestPath, app.launchIdentity.manifest == nil {
            // Only a launch this process read itself gets here with a manifest (such a launch never
            // goes to a running instance), and it loaded the manifest then; this covers callers
            // that hand the shell a command line directly.
            do {
                try app.loadManifest(BackendManifest(contentsOf: launch.url(forArgument: path) ?? URL(fileURLWithPath: path)))
            } catch {
                let commandName = app.launchIdentity.commandName
                launch.printError(String(describing: error).split(separator: "\n").map { "\(commandName): \($0)\n" }.joined())
                return 1
            }
        }
        // The names as they are now: a manifest gives its own title.
        let commandName = app.launchIdentity.commandName
        let title = app.launchIdentity.title
        if options.screenshotPath != nil {
            // Translators: %1$s is the command's name, %2$s the app's.
            launch.printError(localized("%1$s: --screenshot runs in a process of its own, not in the running %2$s",
                                        commandName, title) + "\n")
            return HubCommandLine.usageErrorStatus
        }
        if launch.isRemote, options.mentionsLiveService {
            // Translators: %1$s is the command's name, %2$s the app's.
            launch.printError(localized("%1$s: the running %2$s keeps its live-editing service as it was started; --live-port and --no-live apply when %2$s is not running yet",
                                        commandName, title) + "\n")
        }
        if options.logsImpressions, !impressions.logsImpressions {
            if launch.isRemote {
                // Translators: %1$s is the command's name, %2$s the app's.
                launch.printError(localized("%1$s: the running %2$s prints impressions only when it was started with --log-impressions",
                                            commandName, title) + "\n")
            } else {
                impressions.logsImpressions = true
            }
        }
        if options.uris.isEmpty {
            application.activate()
        } else {
            // Relative paths are relative to the launched process's folder, not the primary instance's.
            // A URI opens as it was typed (the error page quotes it so).
            app.open(options.uris.map {
                ApplicationCommandLine.isURI($0) ? $0 : launch.url(forArgument: $0)?.absoluteString ?? $0
            })
        }
        return 0
    }

    /// `--manifest FILE`: loads it, or prints why it cannot be used (each line as `APP: …`, the form of
    /// the shell's other failures) and returns the exit status, 1.
    private func loadManifestFromCommandLine(_ path: String, for app: any AppLaunching) -> Int32? {
        do {
            // Messages name the file as it was typed.
            try app.loadManifest(BackendManifest(contentsOf: URL(fileURLWithPath: path), name: path))
            return nil
        } catch {
            let commandName = app.launchIdentity.commandName
            let lines = String(describing: error).split(separator: "\n").map { "\(commandName): \($0)\n" }
            StandardStreamWriter.standardError.write(lines.joined())
            return 1
        }
    }
}
